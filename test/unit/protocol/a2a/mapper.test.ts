/** The turn mapping table, and the bad inputs that must never crash or leak into the thread. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseResult } from '../../../../src/protocol/a2a/parse.js';
import { A2aTurnMapper } from '../../../../src/protocol/a2a/turnMapper.js';

function mapper(cap?: number) {
  const logs: string[] = [];
  const m = new A2aTurnMapper({ log: (l) => logs.push(l), ...(cap ? { artifactCap: cap } : {}) });
  m.beginTurn();
  return { m, logs };
}
const status = (state: string, text?: string) => ({
  kind: 'status-update', taskId: 't', contextId: 'c', final: true,
  status: { state, ...(text ? { message: { role: 'agent', parts: [{ kind: 'text', text }] } } : {}) },
});

test('terminal and parked states end the turn', () => {
  const table: [string, unknown][] = [
    ['completed', { stopReason: 'end_turn' }],
    ['canceled', { stopReason: 'cancelled' }],
    ['rejected', { stopReason: 'refusal' }],
    ['input-required', { stopReason: 'input_required' }],
    ['auth-required', { stopReason: 'auth_required' }],
    ['TASK_STATE_FAILED', { stopReason: 'error', error: { message: 'disk on fire' } }],
  ];
  for (const [state, end] of table) {
    const { m } = mapper();
    const text = state === 'TASK_STATE_FAILED' ? 'disk on fire' : undefined;
    assert.deepEqual(m.apply(parseResult(status(state, text))).end, end, state);
  }
});

test('after completion a new task starts in the same context', () => {
  const { m } = mapper();
  m.apply(parseResult(status('completed')));
  assert.deepEqual(m.beginTurn(), { contextId: 'c' });
});

test('unknown states, kinds and malformed events are logged, never thrown', () => {
  const { m, logs } = mapper();
  const inputs = [
    status('paused-by-moon'),
    { kind: 'weather-update', taskId: 't' },
    { kind: 'status-update' },
    { artifactUpdate: { taskId: 't', artifact: 'nope' } },
    'a string',
    null,
    [1, 2],
    { statusUpdate: { taskId: 't', status: { state: 42 } } },
  ];
  for (const input of inputs) {
    const r = m.apply(parseResult(input));
    assert.equal(r.end, undefined, JSON.stringify(input));
    assert.ok(r.events.every((e) => e.kind === 'unknown'), JSON.stringify(input));
  }
  assert.ok(logs.length >= inputs.length);
});

test('unknown part kinds become a note, the rest of the artifact stays', () => {
  const { m } = mapper();
  const r = m.apply(parseResult({ kind: 'artifact-update', taskId: 't', artifact: { artifactId: 'a', parts: [{ kind: 'hologram', x: 1 }, { kind: 'text', text: 'ok' }] } }));
  const content = (r.events[0] as { content: { text: string }[] }).content;
  assert.match(content[0]!.text, /does not know/);
  assert.equal(content[1]!.text, 'ok');
});

test('events for another task are ignored', () => {
  const { m, logs } = mapper();
  m.apply(parseResult(status('working')));
  const r = m.apply(parseResult({ kind: 'status-update', taskId: 'other', status: { state: 'completed' } }));
  assert.deepEqual(r, { events: [] });
  assert.match(logs.join('\n'), /task other/);
});

test('artifacts over the cap are truncated with a note, later chunks dropped', () => {
  const { m } = mapper(10);
  const chunk = (text: string, append: boolean) => ({ kind: 'artifact-update', taskId: 't', append, artifact: { artifactId: 'big', parts: [{ kind: 'text', text }] } });
  m.apply(parseResult(chunk('123456', false)));
  const r = m.apply(parseResult(chunk('789abc', true)));
  const texts = r.events.map((e) => ((e as { content: { text: string } }).content.text));
  assert.equal(texts[0], '789a');
  assert.match(texts[1]!, /truncated/);
  assert.deepEqual(m.apply(parseResult(chunk('more', true))).events, []);
});

test('data parts are fenced JSON; a fence inside cannot break out', () => {
  const { m } = mapper();
  const r = m.apply(parseResult({ artifactUpdate: { taskId: 't', artifact: { artifactId: 'd', parts: [{ data: { k: '```<img src=x onerror=alert(1)>' } }] } } }));
  const text = (r.events[0] as { content: { text: string }[] }).content[0]!.text;
  assert.match(text, /^\n```json\n/);
  assert.equal(text.split('```').length, 3);
});

test('a direct message answer ends the turn', () => {
  const { m } = mapper();
  const r = m.apply(parseResult({ message: { role: 'ROLE_AGENT', messageId: 'm1', parts: [{ text: 'hi' }] } }));
  assert.deepEqual(r.end, { stopReason: 'end_turn' });
  assert.equal(r.events.length, 1);
});
