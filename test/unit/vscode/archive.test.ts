import { test } from 'node:test';
import assert from 'node:assert/strict';
import { archivedThread, archiveSnapshot } from '../../../src/vscode/thread/archive.js';
import { capSnapshot } from '../../../src/vscode/thread/threadStore.js';
import { ThreadModel } from '../../../src/thread/reducer.js';

function oneTurn(model: ThreadModel, turnId: string): void {
  model.apply({ kind: 'prompt_sent', turnId, content: [{ type: 'text', text: 'hi' }] });
  model.apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'hello' } });
  model.apply({ kind: 'tool_call', toolCallId: 'call_1', replace: true, patch: { title: 'Edit a.ts', kind: 'edit', status: 'in_progress' } });
  model.apply({ kind: 'plan', planId: 'main', entries: [{ content: 'step', priority: 'high', status: 'pending' }] });
}

test('a new session on archived history never patches the old rows', () => {
  const live = new ThreadModel();
  oneTurn(live, 'turn-1');
  const history = archivedThread(live.snapshot(), { title: 'Restored' });
  const before = history.entries.length;
  const oldToolCall = history.entries.find((e) => e.type === 'tool_call');
  assert.equal(oldToolCall?.type === 'tool_call' && oldToolCall.status, 'cancelled', 'in-flight work shows as cancelled');
  assert.equal(history.session.turnState, 'idle');

  oneTurn(history, 'turn-1');
  const toolCalls = history.entries.filter((e) => e.type === 'tool_call');
  const plans = history.entries.filter((e) => e.type === 'plan');
  assert.equal(toolCalls.length, 2, 'same wire id, new row');
  assert.equal(plans.length, 2);
  assert.ok(history.entries.length > before);
  assert.equal(history.entries[before - 1]?.type, 'notice');
});

test('archiving drops pending permissions and session facts of the old session', () => {
  const live = new ThreadModel();
  live.apply({ kind: 'available_commands', commands: [{ name: 'plan', description: 'x' }] });
  live.apply({ kind: 'prompt_sent', turnId: 't', content: [] });
  live.apply({ kind: 'tool_call', toolCallId: 'c', replace: true, patch: { title: 'Run', kind: 'execute', status: 'pending' } });
  live.apply({ kind: 'permission_requested', requestId: 'r', toolCallId: 'c', toolCall: {}, options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }] });
  const archived = archiveSnapshot(live.snapshot(), 'h1:');
  const call = archived.entries.find((e) => e.type === 'tool_call');
  assert.ok(call && call.type === 'tool_call' && call.permission === undefined && call.toolCallId === 'h1:c');
  assert.deepEqual(archived.session.commands, []);
});

test('capSnapshot keeps the newest rows within the budget', () => {
  const live = new ThreadModel();
  for (let i = 0; i < 100; i++) live.apply({ kind: 'notice_local', severity: 'info', title: `notice ${i} ${'x'.repeat(100)}` });
  const capped = capSnapshot(live.snapshot(), 2_000);
  assert.ok(capped.entries.length > 0 && capped.entries.length < 100);
  const last = capped.entries[capped.entries.length - 1]!;
  assert.ok(last.type === 'notice' && last.title.startsWith('notice 99'));
  assert.ok(JSON.stringify(capped).length <= 2_000);
});
