/**
 * The real thread reducer feeding the real webview: a scripted session's row changes, applied
 * one event at a time, must end up showing the same thing as a fresh page given the final
 * snapshot (what a reload sees).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadModel } from '../../src/thread/reducer.js';
import type { SessionEvent } from '../../src/protocol/events.js';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { snapshot } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const text = (t: string) => ({ type: 'text' as const, text: t });
const answer = 'Here is the fix:\n\n```ts\nexport function f(x: number) {\n\n  return x + 1;\n}\n```\n\n1. Edited `a.ts`\n2. Ran the tests\n\nAll green.';

function script(): SessionEvent[] {
  const events: SessionEvent[] = [
    { kind: 'prompt_sent', turnId: 't1', content: [text('Fix **a.ts**')] },
    ...'Let me look at the file first.'.split(' ').map((w): SessionEvent => ({ kind: 'message_chunk', role: 'thought', content: text(`${w} `) })),
    { kind: 'tool_call', toolCallId: 'c1', replace: true, patch: { title: 'Edit a.ts', kind: 'edit', status: 'pending', content: [], locations: [{ path: '/w/a.ts', line: 1 }], rawInput: { path: '/w/a.ts' } } },
    { kind: 'permission_requested', requestId: 'r1', toolCallId: 'c1', toolCall: {}, options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'deny', name: 'Deny', kind: 'reject_once' }] },
    { kind: 'permission_resolved', requestId: 'r1', outcome: { outcome: 'selected', optionId: 'allow' } },
    { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { status: 'in_progress', content: [{ type: 'diff', path: '/w/a.ts', oldText: 'x\n', newText: 'x + 1\n' }] } },
    { kind: 'tool_call', toolCallId: 'c2', replace: true, patch: { title: 'npm test', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId: 'term' }], locations: [] } },
    { kind: 'terminal_output', terminalId: 'term', command: 'npm test', output: 'ok 1\n', truncated: false },
    { kind: 'terminal_output', terminalId: 'term', command: 'npm test', output: 'ok 1\nok 2\n', truncated: false, exitStatus: { exitCode: 0 } },
    { kind: 'tool_call', toolCallId: 'c2', replace: false, patch: { status: 'completed' } },
    { kind: 'tool_call', toolCallId: 'c1', replace: false, patch: { status: 'completed' } },
    { kind: 'plan', planId: 'main', entries: [{ content: 'Edit', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'medium', status: 'in_progress' }] },
    { kind: 'plan', planId: 'main', entries: [{ content: 'Edit', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'medium', status: 'completed' }] },
  ];
  for (let i = 0; i < answer.length; i += 5) events.push({ kind: 'message_chunk', role: 'agent', content: text(answer.slice(i, i + 5)) });
  events.push(
    { kind: 'usage', usage: { used: 12_000, size: 200_000 } },
    { kind: 'tool_call', toolCallId: 'ghost', replace: false, patch: { status: 'failed', title: 'Unannounced' } },
    { kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' },
    { kind: 'prompt_sent', turnId: 't2', content: [text('Something forbidden')] },
    { kind: 'message_chunk', role: 'agent', content: text('I cannot help with that.') },
    { kind: 'turn_ended', turnId: 't2', stopReason: 'refusal' },
    { kind: 'notice_local', severity: 'error', title: 'Write refused', detail: '/etc/hosts is outside the workspace' },
  );
  return events;
}

async function describeRows(panel: Panel): Promise<unknown[]> {
  // Every row (a tool call's is the slot that holds its card).
  return panel.page.evaluate(() => Array.from((globalThis as any).document.querySelectorAll('.thread > [data-entry-id]')).map((r: any) => ({
    id: r.dataset.entryId, type: r.dataset.entryType, text: r.textContent.replace(/\s+/g, ' ').trim(),
    pre: r.querySelectorAll('pre').length, li: r.querySelectorAll('li').length, buttons: r.querySelectorAll('button').length,
    cls: (r.querySelector(':scope > .row.tool') ?? r).className.replace(/ collapsed/, ''),
  })));
}

test('a scripted session through the real reducer: incremental rows equal the final snapshot', async () => {
  const model = new ThreadModel({ commands: [] });
  const live = await harness.open();
  await live.send(snapshot([]));
  let rowMessages = 0;
  for (const event of script()) {
    const result = model.apply(event);
    const messages = [];
    if (result.rows.length) messages.push({ type: 'rows' as const, changes: result.rows });
    if (result.session) messages.push({ type: 'session' as const, session: model.session });
    if (messages.length) await live.send(...JSON.parse(JSON.stringify(messages)));
    rowMessages += result.rows.length ? 1 : 0;
  }
  assert.ok(rowMessages > 20, `the script produced row changes (${rowMessages})`);
  assert.deepEqual((await live.posted()).filter((m) => m.type === 'ready').length, 1, 'never out of sync (no snapshot re-request)');

  const final = model.snapshot();
  const reloaded = await harness.open();
  await reloaded.send(snapshot(JSON.parse(JSON.stringify(final.entries)), { session: JSON.parse(JSON.stringify(final.session)) }));

  const a = await describeRows(live);
  const b = await describeRows(reloaded);
  assert.equal(a.length, final.entries.length);
  assert.deepEqual(a, b);
  const types = final.entries.map((e) => e.type);
  for (const t of ['user', 'thought', 'tool_call', 'plan', 'agent', 'turn_end', 'notice']) assert.ok(types.includes(t as never), `script covers ${t}`);
  assert.match(await live.text('.row.agent pre'), /return x \+ 1;/);
  assert.equal(await live.count('.row.user.refused'), final.entries.some((e) => e.type === 'user' && e.notKept) ? 1 : 0);
});
