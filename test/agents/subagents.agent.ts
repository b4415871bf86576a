/**
 * Test agent for subagents (child sessions, SDK 2.4.0 `subagent_update`), on the official SDK,
 * ACP v1 (see SCENARIOS.md "subagents"). It announces children only when the client advertised
 * `clientCapabilities.subagents`, as the schema requires; otherwise it answers "no subagents".
 * The prompt's first word picks the scenario:
 * - `team`: two helpers and a helper of a helper. "Read the docs" (kind and model in `_meta`)
 *   reads a file, says what it found and starts "Check links", which checks one link; "Fix the
 *   typo" (stoppable) edits a file with a diff after asking permission on its own session; both
 *   end, then the parent answers.
 * - `stop`: "Long search" (stoppable) works until the client sends `session/cancel` naming it,
 *   then reports its tool call cancelled and itself idle (cancelled); the parent answers
 *   "stopped: yes" (or "stopped: no" after 10 s).
 * - `background`: "Watch tests" still runs when the parent's turn ends; 300 ms later it makes a
 *   tool call and goes idle.
 * - `faults`: traffic for a child never announced, a child announced twice, children three deep,
 *   a child that never ends, an announcement naming the parent itself and one without an id.
 */
import { agent } from '@agentclientprotocol/sdk';
import { exitWhenClosed, openStdio } from './lib/stdio.js';
import { TEAM } from './lib/subagents.js';

const NAME = 'subagents-agent';


let subagentsAdvertised = false;
let sessions = 0;
/** Children the client asked to stop (`session/cancel` with a child's id). */
const stopRequests = new Set<string>();
const waiters = new Set<() => void>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const app = agent({ name: NAME })
  // Read raw: the SDK's stable schema would drop the unstable `subagents` capability.
  .onRequest('initialize', (raw: unknown) => raw as { clientCapabilities?: { subagents?: unknown } }, ({ params }) => {
    subagentsAdvertised = params.clientCapabilities?.subagents != null;
    return { protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [], agentInfo: { name: NAME, title: 'Subagents Agent', version: '1.0.0' } };
  })
  .onRequest('session/new', () => ({ sessionId: `parent_${++sessions}` }))
  .onNotification('session/cancel', ({ params }) => {
    stopRequests.add(params.sessionId);
    for (const wake of waiters) wake();
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    const parent = params.sessionId;
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    // The SDK's stable types do not know the unstable kinds; the wire is what matters here.
    const send = (sessionId: string, update: Record<string, unknown>) => client.notify('session/update', { sessionId, update } as never);
    const say = (sessionId: string, words: string) => send(sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: words } });
    const announce = (on: string, child: Record<string, unknown>) => send(on, { sessionUpdate: 'subagent_update', ...child });
    if (!subagentsAdvertised) {
      await say(parent, 'no subagents');
      return { stopReason: 'end_turn' as const };
    }
    if (text === 'team') {
      const { reader, links, fixer } = TEAM;
      await say(parent, 'Sending two helpers.');
      await announce(parent, { sessionId: reader.id, title: reader.title, description: reader.description, state: { state: 'running' }, _meta: { claudeCode: { subagentType: reader.agentType, model: reader.model } } });
      await announce(parent, { sessionId: fixer.id, title: fixer.title, state: { state: 'running' }, capabilities: { cancel: {} } });
      await send(reader.id, { sessionUpdate: 'tool_call', toolCallId: 'read_1', title: TEAM.readTitle, kind: 'read', status: 'in_progress', locations: [{ path: '/work/docs/guide.md' }] });
      await send(reader.id, { sessionUpdate: 'tool_call_update', toolCallId: 'read_1', status: 'completed' });
      await say(reader.id, TEAM.found);
      await announce(reader.id, { sessionId: links.id, title: links.title, state: { state: 'running' } });
      await send(links.id, { sessionUpdate: 'tool_call', toolCallId: 'link_1', title: 'Fetch https://example.com', kind: 'fetch', status: 'completed' });
      await announce(reader.id, { sessionId: links.id, state: { state: 'idle', stopReason: 'end_turn' } });
      await send(fixer.id, { sessionUpdate: 'tool_call', toolCallId: 'edit_1', title: TEAM.editTitle, kind: 'edit', status: 'pending', content: [{ type: 'diff', path: TEAM.editPath, oldText: 'teh', newText: 'the' }] });
      const answer = await client.request('session/request_permission', {
        sessionId: fixer.id,
        toolCall: { toolCallId: 'edit_1' },
        options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }],
      });
      const allowed = answer.outcome.outcome === 'selected' && answer.outcome.optionId === 'allow';
      await send(fixer.id, { sessionUpdate: 'tool_call_update', toolCallId: 'edit_1', status: allowed ? 'completed' : 'failed' });
      await announce(parent, { sessionId: reader.id, state: { state: 'idle', stopReason: 'end_turn' } });
      await announce(parent, { sessionId: fixer.id, state: { state: 'idle', stopReason: 'end_turn' } });
      await say(parent, `${TEAM.final} edit ${allowed ? 'allowed' : 'refused'}`);
    } else if (text === 'stop') {
      const id = 'child_search';
      await announce(parent, { sessionId: id, title: 'Long search', state: { state: 'running' }, capabilities: { cancel: {} } });
      await send(id, { sessionUpdate: 'tool_call', toolCallId: 'search_1', title: 'Search everything', kind: 'search', status: 'in_progress' });
      const stopped = await waitFor(() => stopRequests.has(id), 10_000);
      await send(id, { sessionUpdate: 'tool_call_update', toolCallId: 'search_1', status: stopped ? 'cancelled' : 'completed' });
      await announce(parent, { sessionId: id, state: { state: 'idle', stopReason: stopped ? 'cancelled' : 'end_turn' } });
      await say(parent, `stopped: ${stopped ? 'yes' : 'no'}`);
    } else if (text === 'background') {
      const id = 'child_watch';
      await announce(parent, { sessionId: id, title: 'Watch tests', state: { state: 'running' } });
      await say(parent, 'Started a background helper.');
      void sleep(300).then(async () => {
        await send(id, { sessionUpdate: 'tool_call', toolCallId: 'watch_1', title: 'Run the tests', kind: 'execute', status: 'completed' });
        await announce(parent, { sessionId: id, state: { state: 'idle', stopReason: 'end_turn' } });
      });
    } else if (text === 'faults') {
      await send('child_ghost', { sessionUpdate: 'tool_call', toolCallId: 'ghost_1', title: 'Never announced', kind: 'read', status: 'completed' });
      await announce(parent, { sessionId: 'child_twice', title: 'First name', state: { state: 'running' } });
      await announce(parent, { sessionId: 'child_twice', title: 'Second name' });
      await send('child_twice', { sessionUpdate: 'tool_call', toolCallId: 'twice_1', title: 'Once', kind: 'read', status: 'completed' });
      await announce(parent, { sessionId: 'child_d1', title: 'Depth one', state: { state: 'running' } });
      await announce('child_d1', { sessionId: 'child_d2', title: 'Depth two', state: { state: 'running' } });
      await announce('child_d2', { sessionId: 'child_d3', title: 'Depth three', state: { state: 'running' } });
      await send('child_d3', { sessionUpdate: 'tool_call', toolCallId: 'deep_1', title: 'Deep work', kind: 'read', status: 'completed' });
      await announce(parent, { sessionId: 'child_forever', title: 'Never ends', state: { state: 'running' } });
      await send('child_forever', { sessionUpdate: 'tool_call', toolCallId: 'forever_1', title: 'Spinning', kind: 'other', status: 'in_progress' });
      await announce(parent, { sessionId: parent, title: 'Myself' });
      await announce(parent, { title: 'No id' });
      await announce('child_twice', { sessionId: 'child_twice', title: 'Its own child' });
      await say(parent, 'faults sent');
    } else {
      await say(parent, `unknown scenario: ${text}`);
    }
    return { stopReason: 'end_turn' as const };
  });

function waitFor(done: () => boolean, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      resolve(false);
    }, ms);
    waiters.add(check);
    check();
  });
}

const { stream } = openStdio();
exitWhenClosed(app.connect(stream).closed);
