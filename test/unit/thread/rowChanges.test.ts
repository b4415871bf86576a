import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import type { RowChange, ThreadEntry } from '../../../src/thread/types.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { blockChunk, chunk, prompt, text, toolCall, toolUpdate, upsert } from './events.js';

/** What a view does with the changes: the contract the webview store relies on. */
function applyChanges(view: ThreadEntry[], changes: readonly RowChange[]): void {
  for (const change of changes) {
    switch (change.op) {
      case 'insert':
        assert.equal(change.index, view.length, 'inserts arrive at the end, in order');
        view.push(structuredClone(change.entry));
        break;
      case 'update':
        assert.ok(change.index < view.length, 'update of a row the view has');
        view[change.index] = structuredClone(change.entry);
        break;
      case 'append': {
        const row = view[change.index];
        assert.ok(row && row.id === change.id, 'append names the row it grows');
        assert.ok(row.type === 'agent' || row.type === 'user' || row.type === 'thought');
        const last = row.content[row.content.length - 1];
        assert.ok(last && last.type === 'text', 'append grows a text block');
        last.text += change.text;
        break;
      }
      default: {
        const unreachable: never = change;
        throw new Error(String(unreachable));
      }
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const story: SessionEvent[] = [
  prompt('t1', 'fix the bug'),
  { kind: 'prompt_accepted', turnId: 't1', messageId: 'u1' },
  upsert('user', 'u1', [text('fix the bug')]),
  { kind: 'state', state: 'running' },
  chunk('thought', 'Looking', 'th1'),
  chunk('thought', ' at it', 'th1'),
  { kind: 'plan', planId: 'main', entries: [{ content: 'read', priority: 'high', status: 'in_progress' }] },
  chunk('agent', 'Reading ', 'm1'),
  toolCall('c1', { title: 'Read a.ts', kind: 'read', content: [{ type: 'terminal', terminalId: 'T' }] }),
  chunk('agent', 'the file', 'm1'),
  { kind: 'terminal_output', terminalId: 'T', command: 'cat', output: 'x', truncated: false },
  toolUpdate('c1', { status: 'completed' }),
  blockChunk('agent', { type: 'image', data: 'AA', mimeType: 'image/png' }, 'm1'),
  chunk('agent', ' done', 'm1'),
  chunk('agent', '!', 'm1'),
  { kind: 'permission_requested', requestId: 'r1', toolCallId: 'c2', toolCall: { title: 'Write', kind: 'edit' }, options: [] },
  { kind: 'permission_resolved', requestId: 'r1', outcome: { outcome: 'selected', optionId: 'ok' } },
  { kind: 'tool_call_content_chunk', toolCallId: 'c2', content: { type: 'diff', path: '/a', oldText: null, newText: 'y' } },
  upsert('agent', 'm1', [text('Rewritten')]),
  chunk('agent', ' and more', 'm1'),
  { kind: 'plan', planId: 'main', entries: [{ content: 'read', priority: 'high', status: 'completed' }] },
  chunk('agent', 'late'),
  chunk('agent', ' text'),
  { kind: 'usage', usage: { used: 10, size: 100 } },
  { kind: 'state', state: 'idle', stopReason: 'end_turn' },
  { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
  { kind: 'plan_removed', planId: 'main' },
  { kind: 'notice_local', severity: 'info', title: 'bye' },
  { kind: 'compaction', compactionId: 'k1', status: 'in_progress' },
  { kind: 'compaction_chunk', compactionId: 'k1', content: text('Sum') },
  { kind: 'compaction_chunk', compactionId: 'k1', content: text('mary') },
  { kind: 'compaction', compactionId: 'k1', status: 'completed', error: null },
  { kind: 'agent_terminal', terminalId: 'V2T', command: 'make', cwd: '/w' },
  { kind: 'agent_terminal_chunk', terminalId: 'V2T', data: 'b25lCg==' },
  toolUpdate('c3', { title: 'Run make', content: [{ type: 'terminal', terminalId: 'V2T' }] }),
  { kind: 'agent_terminal_chunk', terminalId: 'V2T', data: 'dHdvCg==' },
  { kind: 'agent_terminal', terminalId: 'V2T', exitStatus: { exitCode: 0 } },
  { kind: 'plan', planId: 'md', entries: [], body: { type: 'markdown', content: '# Plan' } },
  { kind: 'plan_removed', planId: 'md' },
];

test('row changes replayed one event at a time rebuild exactly the model’s rows', () => {
  const model = new ThreadModel();
  const view: ThreadEntry[] = [];
  for (const event of story) applyChanges(view, model.apply(event).rows);
  assert.deepEqual(view, model.entries);
});

test('row changes batched over the whole stream replay correctly too (handed-out rows never change)', () => {
  const model = new ThreadModel();
  const batch: RowChange[] = [];
  for (const event of story) batch.push(...model.apply(event).rows);
  const view: ThreadEntry[] = [];
  applyChanges(view, batch);
  assert.deepEqual(view, model.entries);
});

test('the model never mutates a row it handed out (frozen rows, strict mode throws)', () => {
  const model = new ThreadModel();
  for (const event of story) {
    for (const change of model.apply(event).rows) if (change.op !== 'append') deepFreeze(change.entry);
    model.entries.forEach(deepFreeze);
  }
  assert.ok(model.entries.length > 5);
});

test('append changes: one per text chunk, with the index and id of the growing row', () => {
  const model = new ThreadModel();
  model.apply(prompt('t1'));
  const first = model.apply(chunk('agent', 'a'));
  const second = model.apply(chunk('agent', 'b'));
  const third = model.apply(chunk('agent', 'c', undefined));
  assert.deepEqual(first.rows.map((c) => [c.op, c.index]), [['insert', 1]]);
  const id = model.entries[1]!.id;
  assert.deepEqual(second.rows, [{ op: 'append', index: 1, id, text: 'b' }]);
  assert.deepEqual(third.rows, [{ op: 'append', index: 1, id, text: 'c' }]);
  assert.equal(second.session, false);
});

test('row ids are unique and stable', () => {
  const model = new ThreadModel();
  const ids: string[] = [];
  for (const event of story) {
    for (const change of model.apply(event).rows) {
      if (change.op === 'insert') ids.push(change.entry.id);
      else assert.equal(change.op === 'update' ? change.entry.id : change.id, ids[change.index]);
    }
  }
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(model.entries.map((e) => e.id), ids);
});
