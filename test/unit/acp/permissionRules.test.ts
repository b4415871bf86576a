/**
 * The permission desk with an advisor (the user's rules): what the advisor is shown, and how
 * its advice turns into an answer to the agent or a card. The rules themselves are tested in
 * test/unit/permissions; the real round trip with an SDK agent in test/peer/autoApprove.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { PermissionAdvisor, PermissionQuestion } from '../../../src/agents/acp/permissions/permissionAdvice.js';
import { sessionOver } from './sessionFixture.js';

const conn = { sendRequest: () => new Promise<unknown>(() => undefined), sendNotification: () => Promise.resolve() };
const OPTIONS = [
  { optionId: 'ok', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const params = { sessionId: 's1', toolCall: { toolCallId: 'call_1', title: 'Write a.ts', kind: 'edit', status: 'pending' }, options: OPTIONS };
const token = () => new CancellationTokenSource().token;

test('the advisor sees the whole tool call as reported so far, not only the request\'s patch', async () => {
  const seen: PermissionQuestion[] = [];
  const advisor: PermissionAdvisor = async (q) => (seen.push(q), { kind: 'ask' });
  const { session } = sessionOver(conn, { permissionAdvisor: advisor });
  void session.prompt([{ type: 'text', text: 'go' }]);
  session.handleUpdate({ sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'Write', kind: 'edit', status: 'pending', locations: [{ path: '/ws/src/a.ts' }], rawInput: { path: '/ws/src/a.ts' } });
  void session.requestPermission(params, token());
  await new Promise((r) => setImmediate(r));
  assert.equal(seen.length, 1);
  const { toolCall, cwd } = seen[0]!;
  assert.deepEqual({ title: toolCall.title, kind: toolCall.kind, locations: toolCall.locations, rawInput: toolCall.rawInput, cwd }, {
    title: 'Write a.ts', kind: 'edit', locations: [{ path: '/ws/src/a.ts' }], rawInput: { path: '/ws/src/a.ts' }, cwd: '/ws',
  });
});

test('answered by a rule: the agent gets the allow option, the thread an auto-approved event, no card', async () => {
  const advisor: PermissionAdvisor = async () => ({ kind: 'answer', optionId: 'ok', rule: { id: 'r1', title: 'Allow edits under src/' } });
  const { session, events } = sessionOver(conn, { permissionAdvisor: advisor });
  void session.prompt([{ type: 'text', text: 'go' }]);
  assert.deepEqual(await session.requestPermission(params, token()), { outcome: { outcome: 'selected', optionId: 'ok' } });
  assert.deepEqual(events.filter((e) => e.kind.startsWith('permission')), [{
    kind: 'permission_auto_approved', toolCallId: 'call_1', toolCall: { title: 'Write a.ts', kind: 'edit', status: 'pending' }, options: OPTIONS, optionId: 'ok', rule: { id: 'r1', title: 'Allow edits under src/' },
  }]);
  assert.equal(session.turnState, 'running');
});

test('asked: the card carries the rule the advisor offers', async () => {
  const offer = { id: 'offer-1', title: 'Allow edits under src/', optionId: 'ok' };
  const { session, events } = sessionOver(conn, { permissionAdvisor: async () => ({ kind: 'ask', offer }) });
  void session.prompt([{ type: 'text', text: 'go' }]);
  void session.requestPermission(params, token());
  await new Promise((r) => setImmediate(r));
  const requested = events.find((e) => e.kind === 'permission_requested');
  assert.ok(requested?.kind === 'permission_requested');
  assert.deepEqual(requested.ruleOffer, offer);
  assert.equal(session.turnState, 'requires_action');
});

test('an advisor that fails, or answers with an option that is not an offered allow, asks the user', async () => {
  const advisors: PermissionAdvisor[] = [
    async () => { throw new Error('broken'); },
    async () => ({ kind: 'answer', optionId: 'no', rule: { id: 'r', title: 't' } }),
    async () => ({ kind: 'answer', optionId: 'invented', rule: { id: 'r', title: 't' } }),
  ];
  for (const advisor of advisors) {
    const { session, events } = sessionOver(conn, { permissionAdvisor: advisor });
    void session.prompt([{ type: 'text', text: 'go' }]);
    void session.requestPermission(params, token());
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(events.filter((e) => e.kind.startsWith('permission')).map((e) => e.kind), ['permission_requested']);
  }
});

test('a request the agent withdrew while the rules were read is not answered', async () => {
  let release!: () => void;
  const { session, events } = sessionOver(conn, {
    permissionAdvisor: () => new Promise((resolve) => { release = () => resolve({ kind: 'answer', optionId: 'ok', rule: { id: 'r', title: 't' } }); }),
  });
  void session.prompt([{ type: 'text', text: 'go' }]);
  const source = new CancellationTokenSource();
  const answer = session.requestPermission(params, source.token);
  await new Promise((r) => setImmediate(r));
  source.cancel();
  release();
  await assert.rejects(answer, /cancelled/);
  assert.equal(events.some((e) => e.kind === 'permission_auto_approved'), false);
});
