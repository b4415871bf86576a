/**
 * A restored thread of `count` rows: the render bench's session replay (bench/render-fixtures/
 * replay.ts: prompts, thinking, tool calls with terminal output, plans, answers with code, turn
 * ends) folded into the rows it ends with, as the host holds them after a reload.
 */
import type { RowChange, ThreadEntry } from '../../src/thread/types.js';
import { replayUpdates } from '../render-fixtures/replay.js';

export function restoredThread(count: number): ThreadEntry[] {
  const rows: ThreadEntry[] = [];
  // About one change in eight is an insert; ask for enough changes to reach `count` rows.
  for (const change of replayUpdates(count * 10) as RowChange[]) {
    if (change.op === 'insert') rows.splice(change.index, 0, change.entry);
    else if (change.op === 'update') rows[change.index] = change.entry;
    else if (change.op === 'append') {
      const row = rows[change.index];
      if (row && 'content' in row && Array.isArray(row.content)) {
        const last = row.content[row.content.length - 1];
        if (last && last.type === 'text') rows[change.index] = { ...row, content: [...row.content.slice(0, -1), { ...last, text: last.text + change.text }] } as ThreadEntry;
      }
    }
  }
  return rows.slice(0, count);
}
