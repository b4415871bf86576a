/**
 * The subagents test agent's scenarios, written once for both wire versions: each talks to the
 * client through a `SubagentWire` (test/agents/subagents.agent.ts has a v1 and a v2 one). See
 * SCENARIOS.md "subagents" for what each one sends.
 */
import { ASKER, EARLY, TEAM } from './subagents.js';

export interface SubagentWire {
  /** The parent session the prompt came in on. */
  readonly parent: string;
  readonly cwd: string;
  send(sessionId: string, update: Record<string, unknown>): Promise<void>;
  /** Asks permission on `sessionId` (a child's own) for one of its tool calls: true when allowed. */
  askPermission(sessionId: string, toolCall: { toolCallId: string; title: string; kind: string }): Promise<boolean>;
  /** An elicitation form on `sessionId`; what the client answered. */
  elicit(sessionId: string, message: string, requestedSchema: Record<string, unknown>): Promise<{ action: string; content?: unknown }>;
  /** Writes a file through the client (v1 `fs/write_text_file`); undefined where the wire has none. */
  writeFile?(sessionId: string, path: string, content: string): Promise<void>;
  /** A child's session id: the scenario's name for it made unique to this parent session (as real agents' ids are). */
  child(base: string): string;
  /** Resolves true once the client sent `session/cancel` naming `sessionId`, false after `ms`. */
  stopRequested(sessionId: string, ms: number): Promise<boolean>;
}

export type SubagentScenario = (wire: SubagentWire) => Promise<'end_turn' | 'cancelled'>;

const say = (wire: SubagentWire, sessionId: string, text: string) => wire.send(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const announce = (wire: SubagentWire, on: string, child: Record<string, unknown>) => wire.send(on, { sessionUpdate: 'subagent_update', ...child });
const text = (words: string) => ({ type: 'text', text: words });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const team: SubagentScenario = async (wire) => {
  const { parent } = wire;
  const reader = { ...TEAM.reader, id: wire.child(TEAM.reader.id) };
  const links = { ...TEAM.links, id: wire.child(TEAM.links.id) };
  const fixer = { ...TEAM.fixer, id: wire.child(TEAM.fixer.id) };
  const editPath = `${wire.cwd.replace(/[\\/]+$/, '')}/${TEAM.editPath}`;
  await say(wire, parent, 'Sending two helpers.');
  await announce(wire, parent, { sessionId: reader.id, title: reader.title, description: reader.description, state: { state: 'running' }, _meta: { claudeCode: { subagentType: reader.agentType, model: reader.model } } });
  // The reader's task, as its own transcript has it (the incoming view only).
  await wire.send(reader.id, { sessionUpdate: 'session_message', messageId: 'task_reader', senderSessionId: parent, recipientSessionId: reader.id, content: [text(TEAM.readerTask)] });
  await announce(wire, parent, { sessionId: fixer.id, title: fixer.title, state: { state: 'running' }, capabilities: { cancel: {} } });
  // The fixer's task: the parent's outgoing view streamed in chunks, then the fixer's incoming view of the same message.
  await wire.send(parent, { sessionUpdate: 'session_message', messageId: 'task_fixer', senderSessionId: parent, recipientSessionId: fixer.id, recipientMessageId: 'task_fixer' });
  for (const part of TEAM.fixerTask) await wire.send(parent, { sessionUpdate: 'session_message_chunk', messageId: 'task_fixer', content: text(part) });
  await wire.send(fixer.id, { sessionUpdate: 'session_message', messageId: 'task_fixer', senderSessionId: parent, recipientSessionId: fixer.id, senderMessageId: 'task_fixer', content: [text(TEAM.fixerTask.join(''))] });
  await wire.send(reader.id, { sessionUpdate: 'tool_call', toolCallId: 'read_1', title: TEAM.readTitle, kind: 'read', status: 'in_progress', locations: [{ path: '/work/docs/guide.md' }] });
  await wire.send(reader.id, { sessionUpdate: 'tool_call_update', toolCallId: 'read_1', status: 'completed' });
  await say(wire, reader.id, TEAM.found);
  await announce(wire, reader.id, { sessionId: links.id, title: links.title, state: { state: 'running' } });
  await wire.send(links.id, { sessionUpdate: 'tool_call', toolCallId: 'link_1', title: 'Fetch https://example.com', kind: 'fetch', status: 'completed' });
  await announce(wire, reader.id, { sessionId: links.id, state: { state: 'idle', stopReason: 'end_turn' } });
  const edit = { toolCallId: 'edit_1', title: TEAM.editTitle, kind: 'edit' };
  await wire.send(fixer.id, { sessionUpdate: 'tool_call', ...edit, status: 'pending', locations: [{ path: editPath }], content: [{ type: 'diff', path: editPath, oldText: 'teh\n', newText: 'the\n' }] });
  const allowed = await wire.askPermission(fixer.id, edit);
  if (allowed && wire.writeFile) await wire.writeFile(fixer.id, editPath, 'the\n');
  await wire.send(fixer.id, { sessionUpdate: 'tool_call_update', toolCallId: 'edit_1', status: allowed ? 'completed' : 'failed' });
  await announce(wire, parent, { sessionId: reader.id, state: { state: 'idle', stopReason: 'end_turn' } });
  // The reader's report repeats its last message (as Claude Code's does); the fixer's is its only answer.
  await wire.send(parent, { sessionUpdate: 'session_message', messageId: 'reader:reply', senderSessionId: reader.id, recipientSessionId: parent, content: [text(TEAM.found)] });
  await announce(wire, parent, { sessionId: fixer.id, state: { state: 'idle', stopReason: 'end_turn' } });
  await wire.send(parent, { sessionUpdate: 'session_message', messageId: 'fixer:reply', senderSessionId: fixer.id, recipientSessionId: parent, content: [text(allowed ? TEAM.fixerReport : 'The edit was refused.')] });
  await say(wire, parent, `${TEAM.final} edit ${allowed ? 'allowed' : 'refused'}`);
  return 'end_turn';
};

const stop: SubagentScenario = async (wire) => {
  const id = wire.child('child_search');
  await announce(wire, wire.parent, { sessionId: id, title: 'Long search', state: { state: 'running' }, capabilities: { cancel: {} } });
  await wire.send(id, { sessionUpdate: 'tool_call', toolCallId: 'search_1', title: 'Search everything', kind: 'search', status: 'in_progress' });
  const stopped = await wire.stopRequested(id, 10_000);
  await wire.send(id, { sessionUpdate: 'tool_call_update', toolCallId: 'search_1', status: stopped ? 'cancelled' : 'completed' });
  await announce(wire, wire.parent, { sessionId: id, state: { state: 'idle', stopReason: stopped ? 'cancelled' : 'end_turn' } });
  await say(wire, wire.parent, `stopped: ${stopped ? 'yes' : 'no'}`);
  return 'end_turn';
};

const background: SubagentScenario = async (wire) => {
  const id = wire.child('child_watch');
  await announce(wire, wire.parent, { sessionId: id, title: 'Watch tests', state: { state: 'running' } });
  await say(wire, wire.parent, 'Started a background helper.');
  void sleep(300).then(async () => {
    await wire.send(id, { sessionUpdate: 'tool_call', toolCallId: 'watch_1', title: 'Run the tests', kind: 'execute', status: 'completed' });
    await announce(wire, wire.parent, { sessionId: id, state: { state: 'idle', stopReason: 'end_turn' } });
  });
  return 'end_turn';
};

/** A helper that is still working when the turn ends and never ends (the `faults` scenario's `child_forever`, alone). */
const linger: SubagentScenario = async (wire) => {
  const id = wire.child('child_linger');
  await announce(wire, wire.parent, { sessionId: id, title: 'Keep watching', state: { state: 'running' } });
  await wire.send(id, { sessionUpdate: 'tool_call', toolCallId: 'linger_1', title: 'Watch the build', kind: 'execute', status: 'in_progress' });
  await say(wire, wire.parent, 'A helper keeps watching.');
  return 'end_turn';
};

const ask: SubagentScenario = async (wire) => {
  const asker = wire.child(ASKER.id);
  await announce(wire, wire.parent, { sessionId: asker, title: ASKER.title, state: { state: 'running' } });
  await announce(wire, wire.parent, { sessionId: asker, state: { state: 'requires_action' } });
  const schema = { type: 'object', properties: { region: { type: 'string', title: 'Region', oneOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'United States' }] } }, required: ['region'] };
  const answer = await wire.elicit(asker, ASKER.question, schema);
  await announce(wire, wire.parent, { sessionId: asker, state: { state: 'running' } });
  const region = (answer.content as { region?: unknown } | undefined)?.region;
  await say(wire, asker, `Deploying to ${String(region ?? 'nowhere')}.`);
  await announce(wire, wire.parent, { sessionId: asker, state: { state: 'idle', stopReason: 'end_turn' } });
  await say(wire, wire.parent, `ASKED:${answer.action}${region === undefined ? '' : ` ${String(region)}`}`);
  return 'end_turn';
};

/**
 * A helper that speaks before it is announced: the parent's task for it and its first tool call
 * and message arrive before the `subagent_update` naming it (as an agent's concurrent streams may
 * order them), then it works on and ends.
 */
const early: SubagentScenario = async (wire) => {
  const { parent } = wire;
  const id = wire.child(EARLY.id);
  await wire.send(parent, { sessionUpdate: 'session_message', messageId: 'task_early', senderSessionId: parent, recipientSessionId: id, content: [text(EARLY.task)] });
  await wire.send(id, { sessionUpdate: 'tool_call', toolCallId: 'early_1', title: EARLY.firstTool, kind: 'read', status: 'completed' });
  await say(wire, id, EARLY.firstWords);
  await announce(wire, parent, { sessionId: id, title: EARLY.title, state: { state: 'running' } });
  await wire.send(id, { sessionUpdate: 'tool_call', toolCallId: 'early_2', title: EARLY.secondTool, kind: 'read', status: 'completed' });
  await announce(wire, parent, { sessionId: id, state: { state: 'idle', stopReason: 'end_turn' } });
  await say(wire, parent, 'early done');
  return 'end_turn';
};

const faults: SubagentScenario = async (wire) => {
  const { parent } = wire;
  const [ghost, twice, d1, d2, d3, forever] = ['child_ghost', 'child_twice', 'child_d1', 'child_d2', 'child_d3', 'child_forever'].map((id) => wire.child(id)) as [string, string, string, string, string, string];
  await wire.send(ghost, { sessionUpdate: 'tool_call', toolCallId: 'ghost_1', title: 'Never announced', kind: 'read', status: 'completed' });
  await announce(wire, parent, { sessionId: twice, title: 'First name', state: { state: 'running' } });
  await announce(wire, parent, { sessionId: twice, title: 'Second name' });
  await wire.send(twice, { sessionUpdate: 'tool_call', toolCallId: 'twice_1', title: 'Once', kind: 'read', status: 'completed' });
  await announce(wire, parent, { sessionId: d1, title: 'Depth one', state: { state: 'running' } });
  await announce(wire, d1, { sessionId: d2, title: 'Depth two', state: { state: 'running' } });
  await announce(wire, d2, { sessionId: d3, title: 'Depth three', state: { state: 'running' } });
  await wire.send(d3, { sessionUpdate: 'tool_call', toolCallId: 'deep_1', title: 'Deep work', kind: 'read', status: 'completed' });
  await announce(wire, parent, { sessionId: forever, title: 'Never ends', state: { state: 'running' } });
  await wire.send(forever, { sessionUpdate: 'tool_call', toolCallId: 'forever_1', title: 'Spinning', kind: 'other', status: 'in_progress' });
  await announce(wire, parent, { sessionId: parent, title: 'Myself' });
  await announce(wire, parent, { title: 'No id' });
  await announce(wire, twice, { sessionId: twice, title: 'Its own child' });
  // Messages naming no child of the session they arrive on, and a chunk of a message never described.
  await wire.send(parent, { sessionUpdate: 'session_message', messageId: 'stray', senderSessionId: 'somebody', recipientSessionId: 'someone', content: [text('not for any card')] });
  await wire.send(parent, { sessionUpdate: 'session_message_chunk', messageId: 'never_described', content: text('lost') });
  await say(wire, parent, 'faults sent');
  return 'end_turn';
};

export const SUBAGENT_SCENARIOS: Readonly<Record<string, SubagentScenario>> = { team, stop, background, linger, ask, early, faults };
