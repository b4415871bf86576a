/**
 * v2 scenarios for the update kinds the panel shows besides messages and tool calls: agent-owned
 * terminals that no tool call embeds (or only later), plan variants, diff file states,
 * compaction and notices. Unstable shapes (file/markdown plans, `plan_removed`) go out as raw
 * lines: the SDK's stable v2 types do not have them.
 */
import type { IdleStateUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import type { V2Scenario } from './v2-scenarios.js';
import { text } from './v2-turn.js';
import type { V2Turn } from './v2-turn.js';

const END: IdleStateUpdate = { stopReason: 'end_turn' };

/** Bytes cut inside "✓" (3 bytes) and inside the colour escape, to exercise streaming decode. */
export const OWN_TERMINAL = {
  command: 'tail -n 3 build.log',
  output: 'line ✓ one\n\u001b[33mwarn\u001b[0m two\nthree €\n',
  cuts: [6, 13, 15],
} as const;

async function streamTerminal(turn: V2Turn, terminalId: string): Promise<void> {
  const bytes = Buffer.from(OWN_TERMINAL.output, 'utf8');
  const cuts = [0, ...OWN_TERMINAL.cuts, bytes.length];
  for (let i = 0; i + 1 < cuts.length; i++) {
    await turn.pause();
    await turn.send({ sessionUpdate: 'terminal_output_chunk', terminalId, data: bytes.subarray(cuts[i], cuts[i + 1]).toString('base64') });
  }
}

/** A terminal no tool call ever embeds: it gets its own row. A snapshot then replaces its output. */
export const terminalOwn: V2Scenario = async (turn) => {
  const terminalId = turn.nextId('term');
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, command: OWN_TERMINAL.command, cwd: turn.session.cwd });
  await streamTerminal(turn, terminalId);
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 3 } });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Watched the log.']);
  return END;
};

/** Output first, the tool call that embeds the terminal afterwards: the call takes it over. */
export const terminalLate: V2Scenario = async (turn) => {
  const terminalId = turn.nextId('term');
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, command: OWN_TERMINAL.command, output: { data: Buffer.from('earlier\n').toString('base64') } });
  await streamTerminal(turn, terminalId);
  const toolCallId = turn.nextId('tool');
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, title: 'Watch the build log', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
  await turn.send({ sessionUpdate: 'terminal_update', terminalId, exitStatus: { exitCode: 0 } });
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
  return END;
};

export const PLAN_MARKDOWN = '# Migration\n\n1. **Back up** the database\n2. Run the migration';

/** A checklist, a file plan and a Markdown plan side by side; the Markdown one is then removed. */
export const plans: V2Scenario = async (turn) => {
  await turn.send({ sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: [{ content: 'Read the code', priority: 'high', status: 'in_progress' }] } });
  await turn.sendRaw({ sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'file-plan', uri: `file://${turn.session.cwd}/PLAN.md` } });
  await turn.sendRaw({ sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'md-plan', content: PLAN_MARKDOWN } });
  await turn.pause();
  await turn.send({ sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'main', entries: [{ content: 'Read the code', priority: 'high', status: 'completed' }] } });
  await turn.sendRaw({ sessionUpdate: 'plan_removed', planId: 'md-plan' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Three plans, one removed.']);
  return END;
};

/** A git patch for the `changes` scenario, with absolute paths as ACP wants them. */
export function changesPatch(cwd: string): string {
  return [
    `diff --git ${cwd}/src/app.ts ${cwd}/src/app.ts`,
    `--- ${cwd}/src/app.ts`,
    `+++ ${cwd}/src/app.ts`,
    '@@ -1,2 +1,3 @@',
    ' const a = 1;',
    '-const b = 2;',
    '+const b = 3;',
    '+const c = 4;',
    `diff --git ${cwd}/NOTES.md ${cwd}/NOTES.md`,
    'new file mode 100644',
    '--- /dev/null',
    `+++ ${cwd}/NOTES.md`,
    '@@ -0,0 +1 @@',
    '+# Notes',
    '',
  ].join('\n');
}

/** One tool call whose content is a v2 diff: modify, add, delete, move, with a git patch. */
export const changes: V2Scenario = async (turn) => {
  const cwd = turn.session.cwd;
  const toolCallId = turn.nextId('tool');
  await turn.send({ sessionUpdate: 'tool_call_update', toolCallId, title: 'Refactor app', kind: 'edit', status: 'in_progress' });
  await turn.pause();
  await turn.send({
    sessionUpdate: 'tool_call_update',
    toolCallId,
    status: 'completed',
    content: [{
      type: 'diff',
      changes: [
        { operation: 'modify', path: `${cwd}/src/app.ts`, fileType: 'text' },
        { operation: 'add', path: `${cwd}/NOTES.md` },
        { operation: 'delete', path: `${cwd}/old.txt` },
        { operation: 'move', oldPath: `${cwd}/a.ts`, path: `${cwd}/lib/a.ts` },
      ],
      patch: { format: 'git_patch', text: changesPatch(cwd) },
    }],
  });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Refactored.']);
  return END;
};

export const V2_COMPACTION_SUMMARY = ['The user wants ', 'a **demo** of v2.'] as const;

/** v2 needs no client capability for compaction or notices. */
export const compactionV2: V2Scenario = async (turn) => {
  const compactionId = turn.nextId('compaction');
  await turn.send({ sessionUpdate: 'compaction_update', compactionId, status: 'in_progress' });
  for (const part of V2_COMPACTION_SUMMARY) {
    await turn.pause();
    await turn.send({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: text(part) });
  }
  await turn.send({ sessionUpdate: 'compaction_update', compactionId, status: 'completed' });
  await turn.send({ sessionUpdate: 'notice', severity: 'warning', title: 'Context was compacted', description: 'Older turns are summarised.' });
  await turn.chunks('agent_message_chunk', turn.nextId('msg'), ['Compacted.']);
  return END;
};
