/** The seed document's JSON examples (v0.3) and their v1.0 equivalents, parsed and mapped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseResult, parseState } from '../../../../src/protocol/a2a/parse.js';
import { A2aTurnMapper } from '../../../../src/protocol/a2a/turnMapper.js';

const QUESTION = 'I found 47 columns in the dataset. Which ones should I focus the analysis on?';
const PRELIM = '## Revenue Analysis (Preliminary)\n\nTotal revenue: $4.2M';

/** The seed's first answer: input-required with a question. */
const seedInputRequired = {
  id: 'task-001',
  status: { state: 'input-required', message: { role: 'agent', parts: [{ kind: 'text', text: QUESTION }] } },
  artifacts: [],
};
/** The seed's second answer: input-required with a partial artifact (no artifactId). */
const seedPartial = {
  id: 'task-001',
  status: { state: 'input-required', message: { role: 'agent', parts: [{ kind: 'text', text: 'Should I investigate?' }] } },
  artifacts: [{ parts: [{ kind: 'text', text: PRELIM }] }],
};

test('states of both versions', () => {
  const table: [string, string][] = [
    ['input-required', 'input_required'], ['TASK_STATE_INPUT_REQUIRED', 'input_required'], ['working', 'working'],
    ['TASK_STATE_WORKING', 'working'], ['completed', 'completed'], ['TASK_STATE_CANCELED', 'canceled'],
    ['rejected', 'rejected'], ['TASK_STATE_FAILED', 'failed'], ['auth-required', 'auth_required'],
    ['TASK_STATE_UNSPECIFIED', 'unknown'], ['paused-by-moon', 'unknown'],
  ];
  for (const [wire, state] of table) assert.equal(parseState(wire), state, wire);
});

test('seed: input-required answer → question row and a waiting turn', () => {
  const u = parseResult(seedInputRequired);
  assert.equal(u.type, 'task');
  const mapper = new A2aTurnMapper({ log: () => {} });
  mapper.beginTurn();
  const r = mapper.apply(u);
  assert.deepEqual(r.end, { stopReason: 'input_required' });
  assert.equal(r.events.length, 1);
  const ev = r.events[0]!;
  assert.equal(ev.kind, 'message_upsert');
  assert.deepEqual((ev as { content: unknown }).content, [{ type: 'text', text: QUESTION }]);
  // The next prompt continues the same task.
  assert.deepEqual(mapper.beginTurn(), { taskId: 'task-001' });
});

test('seed: partial artifact alongside input-required is shown, once', () => {
  const mapper = new A2aTurnMapper({ log: () => {} });
  mapper.beginTurn();
  const r = mapper.apply(parseResult(seedPartial));
  const artifact = r.events.find((e) => e.kind === 'message_upsert' && e.messageId.includes('artifact'));
  assert.ok(artifact);
  assert.deepEqual((artifact as { content: unknown }).content, [{ type: 'text', text: PRELIM }]);
  // The same snapshot again (a resubscribe) adds no artifact events.
  const again = mapper.apply(parseResult(seedPartial));
  assert.equal(again.events.filter((e) => e.kind === 'message_upsert' && e.messageId.includes('artifact')).length, 0);
});

test('v0.3 and v1.0 streams map to the same events', () => {
  const v03 = [
    { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'submitted' } },
    { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'working', message: { role: 'agent', parts: [{ kind: 'text', text: 'Reading…' }] } }, final: false },
    { kind: 'artifact-update', taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'Hel' }] } },
    { kind: 'artifact-update', taskId: 't1', contextId: 'c1', append: true, artifact: { artifactId: 'a1', parts: [{ kind: 'text', text: 'lo' }] }, lastChunk: true },
    { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true },
  ];
  const v10 = [
    { task: { id: 't1', contextId: 'c1', status: { state: 'TASK_STATE_SUBMITTED' } } },
    { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING', message: { role: 'ROLE_AGENT', parts: [{ text: 'Reading…' }] } } } },
    { artifactUpdate: { taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a1', parts: [{ text: 'Hel' }] } } },
    { artifactUpdate: { taskId: 't1', contextId: 'c1', append: true, lastChunk: true, artifact: { artifactId: 'a1', parts: [{ text: 'lo' }] } } },
    { statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_COMPLETED' } } },
  ];
  const run = (stream: unknown[]) => {
    const m = new A2aTurnMapper({ log: () => {} });
    m.beginTurn();
    return stream.map((e) => m.apply(parseResult(e)));
  };
  const a = run(v03);
  const b = run(v10);
  assert.deepEqual(a, b);
  const events = a.flatMap((r) => r.events);
  assert.deepEqual(events.map((e) => e.kind), ['message_upsert', 'message_upsert', 'message_chunk']);
  assert.equal((events[0] as { role: string }).role, 'thought');
  assert.deepEqual(a[4]!.end, { stopReason: 'end_turn' });
});

test('parts of both versions', () => {
  const table: [unknown, unknown][] = [
    [{ kind: 'text', text: 'x' }, { type: 'text', text: 'x' }],
    [{ text: 'x', mediaType: 'text/markdown' }, { type: 'text', text: 'x' }],
    [{ kind: 'file', file: { uri: 'https://h/f.pdf', name: 'f.pdf', mimeType: 'application/pdf' } }, { type: 'resource_link', uri: 'https://h/f.pdf', name: 'f.pdf', mimeType: 'application/pdf' }],
    [{ url: 'https://h/f.pdf', filename: 'f.pdf', mediaType: 'application/pdf' }, { type: 'resource_link', uri: 'https://h/f.pdf', name: 'f.pdf', mimeType: 'application/pdf' }],
  ];
  for (const [part, block] of table) {
    const m = new A2aTurnMapper({ log: () => {} });
    m.beginTurn();
    const r = m.apply(parseResult({ kind: 'artifact-update', taskId: 't', artifact: { artifactId: 'a', parts: [part] } }));
    assert.deepEqual((r.events[0] as { content: unknown[] }).content, [block], JSON.stringify(part));
  }
});
