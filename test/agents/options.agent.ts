/**
 * Test agent for the session pickers (see DAILY.md): legacy modes (`session/set_mode`,
 * `current_mode_update`), config options (a mode select mirrored from the modes, a model
 * select with grouped options, a flat thought-level select, and a boolean only for clients that
 * advertise `session.configOptions.boolean`), `config_option_update` pushes, and the old
 * `models` field some agents still send.
 *
 * Prompt words: `mode <id>` / `model <value>` make the agent change them itself (and push the
 * update); anything else gets a one-line summary of the current settings.
 */
import { RequestError, agent } from '@agentclientprotocol/sdk';
import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'options-agent';

const OPTION_MODES = [
  { id: 'ask', name: 'Ask', description: 'Answers only' },
  { id: 'code', name: 'Code', description: 'Edits files' },
  { id: 'architect', name: 'Architect' },
];
const MODEL_GROUPS = [
  { group: 'anthropic', name: 'Anthropic', options: [{ value: 'sonnet', name: 'Sonnet' }, { value: 'opus', name: 'Opus', description: 'Slow, thorough' }] },
  { group: 'openai', name: 'OpenAI', options: [{ value: 'gpt-5', name: 'GPT-5' }, { value: 'gpt-5-mini', name: 'GPT-5 mini' }] },
];
const THOUGHT = [{ value: 'low', name: 'Low' }, { value: 'medium', name: 'Medium' }, { value: 'high', name: 'High' }];

interface State {
  mode: string;
  model: string;
  thought: string;
  fast: boolean;
}

const sessions = new Map<string, State>();
let booleans = false;

function options(s: State): SessionConfigOption[] {
  const list: SessionConfigOption[] = [
    { id: 'mode', name: 'Mode', category: 'mode', type: 'select', currentValue: s.mode, options: OPTION_MODES.map((m) => ({ value: m.id, name: m.name })) },
    { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: s.model, options: MODEL_GROUPS },
    { id: 'thought_level', name: 'Thinking', category: 'thought_level', type: 'select', currentValue: s.thought, options: THOUGHT },
  ];
  if (booleans) list.push({ id: 'fast', name: 'Fast mode', description: 'Answer quickly', type: 'boolean', currentValue: s.fast });
  return list;
}

const modes = (s: State): SessionModeState => ({ currentModeId: s.mode, availableModes: OPTION_MODES });
const modelValues = MODEL_GROUPS.flatMap((g) => g.options.map((o) => o.value));

function state(id: string): State {
  const s = sessions.get(id);
  if (!s) throw RequestError.resourceNotFound(id);
  return s;
}

const app = agent({ name: NAME })
  .onRequest('initialize', ({ params }) => {
    booleans = params.clientCapabilities?.session?.configOptions?.boolean != null;
    return { protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [], agentInfo: { name: NAME, title: 'Options Agent', version: '1.0.0' } };
  })
  .onRequest('session/new', () => {
    const sessionId = `opt_${sessions.size + 1}`;
    const s: State = { mode: 'ask', model: 'sonnet', thought: 'medium', fast: false };
    sessions.set(sessionId, s);
    // `models` left the schema in 2026; old agents still send it, so clients must tolerate it.
    const legacy = { models: { currentModelId: s.model, availableModels: modelValues.map((v) => ({ modelId: v, name: v })) } };
    return { sessionId, modes: modes(s), configOptions: options(s), ...legacy };
  })
  .onRequest('session/set_mode', ({ params }) => {
    const s = state(params.sessionId);
    if (!OPTION_MODES.some((m) => m.id === params.modeId)) throw RequestError.invalidParams({ modeId: params.modeId });
    s.mode = params.modeId;
    return {};
  })
  .onRequest('session/set_config_option', ({ params }) => {
    const s = state(params.sessionId);
    const bad = () => RequestError.invalidParams({ configId: params.configId, value: params.value });
    if ('type' in params && params.type === 'boolean') {
      if (params.configId !== 'fast' || !booleans) throw bad();
      s.fast = params.value;
    } else if (typeof params.value === 'string') {
      const v = params.value;
      if (params.configId === 'mode' && OPTION_MODES.some((m) => m.id === v)) s.mode = v;
      else if (params.configId === 'model' && modelValues.includes(v)) s.model = v;
      else if (params.configId === 'thought_level' && THOUGHT.some((t) => t.value === v)) s.thought = v;
      else throw bad();
    } else throw bad();
    // Always the complete list: one option can change others (here mode mirrors the modes).
    return { configOptions: options(s) };
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    const s = state(params.sessionId);
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    const [word, arg] = text.split(/\s+/);
    const say = (t: string) => client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: t } } });
    if (word === 'mode' && arg && OPTION_MODES.some((m) => m.id === arg)) {
      s.mode = arg;
      await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'current_mode_update', currentModeId: arg } });
      await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'config_option_update', configOptions: options(s) } });
      await say(`switched to ${arg}`);
    } else if (word === 'model' && arg && modelValues.includes(arg)) {
      s.model = arg;
      await client.notify('session/update', { sessionId: params.sessionId, update: { sessionUpdate: 'config_option_update', configOptions: options(s) } });
      await say(`model is now ${arg}`);
    } else {
      await say(`mode=${s.mode} model=${s.model} thought=${s.thought}${booleans ? ` fast=${s.fast}` : ''}`);
    }
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
