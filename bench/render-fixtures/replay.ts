/**
 * A session replay as the host would stream it: turns of user prompt, thinking, tool calls with
 * status/terminal updates, a plan, a streamed answer and a turn end — as individual row changes.
 */
import type { RowChange, ThreadEntry, ToolCallEntry } from '../../src/thread/types.js';

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
