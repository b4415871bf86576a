import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolCallEntry } from '../../../src/thread/types.js';
import type { ToolCallStatus } from '../../../src/protocol/events.js';
import { prompt, run, toolCall, toolUpdate } from './events.js';

type ToolStatus = ToolCallEntry['status'];

// After a cancel, v1 agents report the aborted calls as `failed` (v1 has no cancelled status).
const cases: Array<{ name: string; reported: ToolStatus; shown: ToolStatus }> = [
  { name: 'a late failed report keeps the cancelled mark', reported: 'failed', shown: 'cancelled' },
  { name: 'a call that really completed shows completed', reported: 'completed', shown: 'completed' },
  { name: 'a call the agent resumes shows in progress', reported: 'in_progress', shown: 'in_progress' },
];

for (const c of cases) {
  test(`cancelled tool call: ${c.name}`, () => {
    const { model } = run([
      prompt('t1'),
      toolCall('c1', { title: 'Edit', status: 'in_progress' }),
      { kind: 'cancel_requested', turnId: 't1' },
      toolUpdate('c1', { status: c.reported }),
    ]);
    const row = model.entries.find((e): e is ToolCallEntry => e.type === 'tool_call')!;
    assert.equal(row.status, c.shown);
  });
}

test('a failed report without a cancel still shows failed', () => {
  const { model } = run([prompt('t1'), toolCall('c1', { title: 'Edit' }), toolUpdate('c1', { status: 'failed' })]);
  const row = model.entries.find((e): e is ToolCallEntry => e.type === 'tool_call')!;
  assert.equal(row.status satisfies ToolCallStatus, 'failed');
});
