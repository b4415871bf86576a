/**
 * A session replay as the host would stream it: turns of user prompt, thinking, tool calls with
 * status/terminal updates, a plan, a streamed answer and a turn end — as individual row changes.
 */
import type { RowChange, ThreadEntry, ToolCallEntry } from '../../src/thread/types.js';
import { GAP_MS, coalesce } from '../../src/vscode/panel/rowBatcher.js';

export function replayUpdates(count: number): RowChange[] {
  const out: RowChange[] = [];
  let rows = 0;
  let turn = 0;
  const insert = (entry: ThreadEntry) => { out.push({ op: 'insert', index: rows, entry }); return rows++; };
  while (out.length < count) {
    const t = turn++;
    insert({ type: 'user', id: `u${t}`, content: [{ type: 'text', text: `Please change **module ${t}** and run the tests.` }] });
    const th = insert({ type: 'thought', id: `th${t}`, content: [{ type: 'text', text: 'Thinking' }] });
    for (let i = 0; i < 4; i++) out.push({ op: 'append', index: th, id: `th${t}`, text: ` about step ${i} of the change.` });
    const tool: ToolCallEntry = { type: 'tool_call', id: `tc${t}`, toolCallId: `call${t}`, title: `Run npm test (${t})`, name: 'bash', kind: 'execute', status: 'pending', content: [{ type: 'terminal', terminalId: `term${t}` }], locations: [{ path: `/w/src/m${t}.ts`, line: t }] };
    const tc = insert(tool);
    let output = '';
    for (let i = 0; i < 6; i++) {
      output += `ok ${i} - test ${i} of module ${t}\n`;
      out.push({ op: 'update', index: tc, entry: { ...tool, status: 'in_progress', terminals: { [`term${t}`]: { terminalId: `term${t}`, command: 'npm test', output, truncated: false } } } });
    }
    out.push({ op: 'update', index: tc, entry: { ...tool, status: 'completed', terminals: { [`term${t}`]: { terminalId: `term${t}`, command: 'npm test', output, truncated: false, exitStatus: { exitCode: 0 } } } } });
    const pl = insert({ type: 'plan', id: `p${t}`, planId: 'main', entries: [{ content: 'Edit', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'medium', status: 'in_progress' }] });
    out.push({ op: 'update', index: pl, entry: { type: 'plan', id: `p${t}`, planId: 'main', entries: [{ content: 'Edit', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'medium', status: 'completed' }] } });
    const ag = insert({ type: 'agent', id: `a${t}`, content: [{ type: 'text', text: '' }] });
    const answer = `Changed \`module${t}.ts\`: the handler now returns early.\n\n\`\`\`ts\nexport function handle${t}(x: number) {\n  if (x < 0) return;\n  run(x);\n}\n\`\`\`\n\nAll tests pass. Next I would look at the renderer and the session code, then update the docs.`;
    for (let i = 0; i < answer.length; i += 8) out.push({ op: 'append', index: ag, id: `a${t}`, text: answer.slice(i, i + 8) });
    insert({ type: 'turn_end', id: `e${t}`, turnId: `turn${t}`, stopReason: 'end_turn' });
  }
  return out.slice(0, count);
}

/** One `rows` message as the host sends it, and when (ms after the first change arrived). */
export interface ReplayMessage {
  at: number;
  changes: RowChange[];
}

/**
 * What the panel is sent for `changes` arriving at the host `perArrival` at a time every
 * `arriveEveryMs` (a loaded session replaying its history): the host's RowBatcher sends at most
 * one message per GAP_MS, holding everything that arrived meanwhile, merged by its own
 * `coalesce` (appends to a row joined, updates folded into the insert of the same batch).
 */
export function replayMessages(changes: readonly RowChange[], perArrival = 100, arriveEveryMs = 4, gapMs = GAP_MS): ReplayMessage[] {
  const out: ReplayMessage[] = [];
  let pending: RowChange[] = [];
  let sendAt = 0;
  for (let i = 0, t = 0; i < changes.length; i += perArrival, t += arriveEveryMs) {
    if (pending.length > 0 && t > sendAt) {
      out.push({ at: sendAt, changes: pending });
      pending = [];
    }
    // After a quiet spell the first change goes at once; while changes keep coming, one gap after the last send.
    if (pending.length === 0) sendAt = out.length === 0 ? t : Math.max(t, out[out.length - 1]!.at + gapMs);
    for (const change of changes.slice(i, i + perArrival)) coalesce(pending, change);
  }
  if (pending.length > 0) out.push({ at: sendAt, changes: pending });
  return out;
}
