/**
 * The demo turn: one of each thing an ACP agent can show, in the order a real coding agent
 * would do them. Read it top to bottom — each step says which part of the protocol it uses.
 */
import type { PlanEntry, StopReason } from '@agentclientprotocol/sdk';
import { Cancelled } from './turn.js';
import type { Turn } from './turn.js';

export const DEMO_FILE = 'agent-chat-demo.md';

const STEPS = ['Understand the request', `Propose ${DEMO_FILE}`, 'Check the Node.js version', 'Summarise'];

/** A plan is always sent whole; this marks the first `done` steps completed and the next one running. */
function plan(done: number): PlanEntry[] {
  return STEPS.map((content, i) => ({
    content,
    priority: i === 0 ? 'high' : 'medium',
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}

export async function demoTurn(turn: Turn, promptText: string): Promise<StopReason> {
  try {
    // 1. Reasoning, shown as a "thought".
    await turn.think(`The user wrote "${promptText.slice(0, 80)}". I will show what an agent can do: plan, edit a file with permission, run a command, report usage.`);

    // 2. A plan, updated as the steps complete.
    await turn.update({ sessionUpdate: 'plan', entries: plan(0) });
    await turn.say(
      "Hi! I'm the **example agent**. I don't call any model — I follow a script so you can see " +
        'what an ACP agent can do in Agent Chat.\n\n',
    );
    await turn.update({ sessionUpdate: 'plan', entries: plan(1) });

    // 3. An edit: a tool call with a diff, a permission question, then fs/write_text_file.
    await proposeFile(turn, promptText);
    await turn.update({ sessionUpdate: 'plan', entries: plan(2) });

    // 4. A command in a terminal the client runs for us (terminal/create …).
    await runNodeVersion(turn);
    await turn.update({ sessionUpdate: 'plan', entries: plan(3) });

    // 5. Context window and cost.
    await turn.update({ sessionUpdate: 'usage_update', used: 12_400, size: 200_000, cost: { amount: 0.0123, currency: 'USD' } });

    // 6. The answer, in Markdown.
    await turn.say(
      '\n\n### What just happened\n\n' +
        '| step | protocol message |\n|---|---|\n' +
        '| thinking | `agent_thought_chunk` |\n' +
        '| plan | `plan` |\n' +
        `| edit | \`tool_call\` with a diff, \`session/request_permission\`, \`fs/write_text_file\` |\n` +
        '| command | `terminal/create`, `terminal/wait_for_exit`, `terminal/output` |\n' +
        '| usage | `usage_update` |\n\n' +
        'Type `/help` to see the commands, or connect a real agent in the settings (`agentChat.agents`).\n',
    );
    await turn.update({ sessionUpdate: 'plan', entries: plan(STEPS.length) });
    return 'end_turn';
  } catch (err) {
    if (err instanceof Cancelled) return 'cancelled';
    throw err;
  }
}

async function proposeFile(turn: Turn, promptText: string): Promise<void> {
  const path = `${turn.cwd.replace(/\/$/, '')}/${DEMO_FILE}`;
  const newText = `# Agent Chat demo\n\nWritten by the example agent after you allowed it.\n\nYour prompt was:\n\n> ${promptText.replace(/\n/g, ' ')}\n`;
  const oldText = await readIfPresent(turn, path);
  const toolCallId = turn.newToolCallId('edit');
  const title = `Write ${DEMO_FILE}`;

  await turn.update({
    sessionUpdate: 'tool_call',
    toolCallId,
    title,
    kind: 'edit',
    status: 'pending',
    locations: [{ path }],
    content: [{ type: 'diff', path, oldText, newText }],
  });

  const { outcome } = await turn.client.request('session/request_permission', {
    sessionId: turn.sessionId,
    toolCall: { toolCallId, title, kind: 'edit', status: 'pending' },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
  });
  if (outcome.outcome === 'cancelled') throw new Cancelled();
  if (outcome.optionId !== 'allow') {
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(`OK, I left \`${DEMO_FILE}\` alone.\n\n`);
    return;
  }
  if (!turn.caps.fs?.writeTextFile) {
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say('Your client cannot write files, so I skipped the edit.\n\n');
    return;
  }
  await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' });
  try {
    await turn.client.request('fs/write_text_file', { sessionId: turn.sessionId, path, content: newText });
  } catch (err) {
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(`The editor could not write the file (${describe(err)}).\n\n`);
    return;
  }
  await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' });
  await turn.say(`I wrote \`${DEMO_FILE}\` in your workspace.\n\n`);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The current text of a file, or null if it does not exist (or the client cannot read files). */
async function readIfPresent(turn: Turn, path: string): Promise<string | null> {
  if (!turn.caps.fs?.readTextFile) return null;
  try {
    return (await turn.client.request('fs/read_text_file', { sessionId: turn.sessionId, path })).content;
  } catch {
    return null;
  }
}

async function runNodeVersion(turn: Turn): Promise<void> {
  const toolCallId = turn.newToolCallId('command');
  await turn.update({ sessionUpdate: 'tool_call', toolCallId, title: 'Run node --version', kind: 'execute', status: 'pending' });
  if (!turn.caps.terminal) {
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say('Your client cannot run commands, so I skipped `node --version`.\n\n');
    return;
  }
  let terminal;
  try {
    terminal = await turn.client.createTerminal({ sessionId: turn.sessionId, command: 'node', args: ['--version'], cwd: turn.cwd });
  } catch (err) {
    // For example: no `node` on the PATH of the editor.
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
    await turn.say(`I could not start \`node --version\` (${describe(err)}).`);
    return;
  }
  try {
    // Embed the terminal in the tool call so its output shows live, even after release.
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress', content: [{ type: 'terminal', terminalId: terminal.id }] });
    const exit = await terminal.waitForExit();
    const { output } = await terminal.currentOutput();
    const ok = exit.exitCode === 0;
    await turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: ok ? 'completed' : 'failed' });
    await turn.say(ok ? `Your Node.js is \`${output.trim()}\`.` : `\`node --version\` failed (exit code ${exit.exitCode ?? 'none'}).`);
  } finally {
    await terminal.release();
  }
}
