/**
 * A long working session as the host holds it: turns of a user message, a tool call that edits
 * a file (a diff of ~30 lines), one that runs a command (a terminal with ~25 lines of output),
 * an answer in Markdown with a code block, and a turn end — `count` rows in all.
 */
import type { ThreadEntry } from '../../src/thread/types.js';

export function longThread(count: number): ThreadEntry[] {
  const out: ThreadEntry[] = [];
  for (let t = 0; out.length < count; t++) {
    const file = `/w/src/module${t % 97}/handler${t}.ts`;
    const before = Array.from({ length: 30 }, (_, i) => `export function step${i}(input: number): number {\n  return input + ${i};\n}`).join('\n');
    const after = before.replace(/input \+ (\d)\b/g, 'input * $1');
    const output = Array.from({ length: 25 }, (_, i) => `ok ${i} - module ${t} handles case ${i} (${(i * 7) % 13} ms)`).join('\n');
    out.push(
      { type: 'user', id: `e${out.length}`, content: [{ type: 'text', text: `Please change **module ${t}** so the handler multiplies, then run the tests.` }] },
      {
        type: 'tool_call', id: `e${out.length + 1}`, toolCallId: `edit${t}`, title: `Edit handler${t}.ts`, name: 'edit', kind: 'edit', status: 'completed',
        content: [{ type: 'diff', path: file, oldText: before, newText: after }], locations: [{ path: file, line: 1 }],
      },
      {
        type: 'tool_call', id: `e${out.length + 2}`, toolCallId: `run${t}`, title: `Run npm test (${t})`, name: 'bash', kind: 'execute', status: 'completed',
        content: [{ type: 'terminal', terminalId: `term${t}` }], locations: [],
        terminals: { [`term${t}`]: { terminalId: `term${t}`, command: 'npm test', output, truncated: false, exitStatus: { exitCode: 0 } } },
      },
      {
        type: 'agent', id: `e${out.length + 3}`,
        content: [{ type: 'text', text: `Changed \`handler${t}.ts\`: every step now multiplies.\n\n\`\`\`ts\nexport function step1(input: number): number {\n  return input * 1;\n}\n\`\`\`\n\nAll 25 tests pass. Next I would look at **module ${t + 1}**.` }],
      },
      { type: 'turn_end', id: `e${out.length + 4}`, turnId: `turn${t}`, stopReason: 'end_turn' },
    );
  }
  return out.slice(0, count);
}
