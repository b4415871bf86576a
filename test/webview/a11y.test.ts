/**
 * Accessibility measured: axe-core audits the panel with every row kind in one thread (a fold of
 * tool calls closed, then each fold opened), and the composer with its slash-command and @-mention popups, in dark, light and high
 * contrast. A serious or critical violation fails the test, named by rule, impact, element and theme.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchHarness, type Harness, type Panel, type Theme } from './harness.js';
import { agent, notice, plan, session, snapshot, thought, tool, turnEnd, user } from './fixtures.js';
import type { Attachment } from '../../src/shared/webviewProtocol.js';
import type { ChangesEntry, CompactionEntry, ElicitationEntry, PlanThreadEntry, SubagentEntry, TerminalEntry, ThreadEntry } from '../../src/thread/types.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  // Each theme's page starts with the folds closed: pages of one browser share localStorage.
  await harness.context.addInitScript(() => (globalThis as any).localStorage.clear());
});
after(async () => { await harness?.close(); });

const OPTIONS = [
  { optionId: 'a', name: 'Allow', kind: 'allow_once' }, { optionId: 'aa', name: 'Always allow edits', kind: 'allow_always' }, { optionId: 'r', name: 'Reject', kind: 'reject_once' },
] as const;

const form: ElicitationEntry = {
  type: 'elicitation', id: 'el1', requestId: 'elicit-1', status: 'pending',
  prompt: {
    mode: 'form', message: 'Where should I deploy?', title: 'Deployment',
    fields: [
      { name: 'name', label: 'Service name', description: 'Lower-case letters', required: true, kind: 'text', minLength: 2 },
      { name: 'replicas', label: 'Replicas', required: false, kind: 'number', integer: true, minimum: 1, maximum: 5, default: 2 },
      { name: 'region', label: 'Region', required: true, kind: 'choice', options: [{ value: 'eu', label: 'Europe' }, { value: 'us', label: 'United States' }] },
      { name: 'notify', label: 'Notify the team', required: false, kind: 'boolean', default: true },
      { name: 'envs', label: 'Environments', required: false, kind: 'multi', options: [{ value: 'dev', label: 'Development' }, { value: 'prod', label: 'Production' }] },
    ],
  },
};
const page: ElicitationEntry = { type: 'elicitation', id: 'el2', requestId: 'elicit-2', status: 'pending', prompt: { mode: 'url', message: 'Sign in', url: 'https://deploy.example.com/login', elicitationId: 'flow-1' } };
const answered: ElicitationEntry = { ...form, id: 'el3', requestId: 'elicit-3', status: 'accepted', answer: { name: 'api', region: 'eu', notify: true } };

const changes: ChangesEntry = {
  type: 'changes', id: 'ch', turnId: 't1', files: [
    { root: '/w', path: 'src/a.ts', status: 'modified', added: 1, deleted: 1, binary: false, hunks: [
      { oldStart: 2, oldCount: 1, newStart: 2, newCount: 1, lines: [[' ', 'line 2'], ['-', 'old 3'], ['+', 'new 3'], [' ', 'line 4']] },
    ] },
    { root: '/w', path: 'logo.png', status: 'modified', added: 0, deleted: 0, binary: true },
    { root: '/v', path: 'notes/reported.md', status: 'added', added: 3, deleted: 0, binary: false, source: 'reported', reported: { oldText: null, newText: 'a\nb\nc\n' } },
    { root: '', path: '/tmp/outside.log', status: 'modified', added: 1, deleted: 1, binary: false, source: 'outside' },
  ],
};
const subagent: SubagentEntry = {
  type: 'subagent', id: 'sa', childId: 'c1', title: 'Read the docs', agentType: 'Explore', model: 'haiku', state: 'running',
  toolCalls: 2, filesChanged: 1, rows: 2, now: 'Read docs/guide.md', cancellable: true,
};
const children: Record<string, ThreadEntry[]> = {
  c1: [tool('c1t1', { title: 'Read docs/guide.md', kind: 'read', status: 'completed' }), agent('c1a', 'The guide says **run it twice**.')],
};
const compaction: CompactionEntry = { type: 'compaction', id: 'cp', compactionId: 'k1', status: 'completed', summary: [{ type: 'text', text: 'Kept **the plan**.' }] };
const failedCompaction: CompactionEntry = { type: 'compaction', id: 'cp2', compactionId: 'k2', status: 'failed', summary: [], error: 'Context window still too large' };
const terminal: TerminalEntry = { type: 'terminal', id: 'term', terminalId: 'bg', terminal: { terminalId: 'bg', command: 'npm run watch', output: 'watching…\n', truncated: false } };
const filePlan: PlanThreadEntry = { type: 'plan', id: 'pf', planId: 'spec', entries: [], body: { type: 'file', uri: 'file:///w/docs/PLAN.md' } } as PlanThreadEntry;

/** One thread with a row of every kind, in the states that draw differently. */
const THREAD: ThreadEntry[] = [
  user('u1', 'Make the tests pass and explain the fix.', { turnId: 't1' }),
  thought('th', 'The failing test expects an early return.'),
  tool('t1', { kind: 'read', status: 'completed', title: 'Read src/handler.ts', name: 'Read', locations: [{ path: '/w/src/handler.ts', line: 40 }] }),
  tool('t2', {
    kind: 'edit', status: 'pending', title: 'Edit src/handler.ts',
    content: [{ type: 'diff', path: '/w/src/handler.ts', oldText: 'run(x);\n', newText: 'if (x < 0) return;\nrun(x);\n' }],
    permission: { requestId: 'r1', options: [...OPTIONS], ruleOffer: { id: 'offer-1', title: 'Allow edits under src/', optionId: 'a' } },
  }),
  tool('t3', {
    kind: 'execute', status: 'pending', title: 'Run the tests', name: 'Bash',
    permission: { requestId: 'r2', title: 'Run a command?', description: 'Touches only the temp folder.', command: { command: 'npm test', cwd: '/w' }, options: [...OPTIONS] },
  }),
  tool('t4', { kind: 'execute', status: 'in_progress', title: 'npm test', content: [{ type: 'terminal', terminalId: 'x' }], terminals: { x: { terminalId: 'x', command: 'npm test', output: '✓ handler returns early\n✗ session resumes\n', truncated: false } } }),
  tool('t5', { kind: 'edit', status: 'completed', title: 'Write src/other.ts', permissionOutcome: 'allow', permissionLabel: 'Allow', autoApproved: { ruleId: 'rule-1', title: 'Allow edits under src/' } }),
  tool('t6', { kind: 'edit', status: 'failed', title: 'Edit src/gone.ts', permissionOutcome: 'reject', permissionLabel: 'Reject' }),
  plan('p', [{ content: 'Find the bug', priority: 'high', status: 'completed' }, { content: 'Fix it', priority: 'medium', status: 'in_progress' }, { content: 'Document', priority: 'low', status: 'pending' }]),
  filePlan,
  form, page, answered,
  subagent,
  compaction, failedCompaction,
  // Finished reads, a search and a fetch in a row: one fold line (opened below).
  tool('f1', { kind: 'read', status: 'completed', title: 'Read src/a.ts' }),
  tool('f2', { kind: 'search', status: 'completed', title: 'Search “handle(”' }),
  tool('f3', { kind: 'fetch', status: 'completed', title: 'Fetch https://example.com/docs' }),
  terminal,
  agent('a1', 'The handler ran on negative input. Now it returns early:\n\n```ts\nexport function handle(x: number) {\n  if (x < 0) return;\n  run(x);\n}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted\n\nSee [the docs](https://example.com).'),
  changes,
  notice('n1', 'warning', 'Slow agent', 'No output for 30 s'),
  notice('n2', 'error', 'Agent crashed', 'exit code 1'),
  notice('n3', 'info', 'Resumed'),
  turnEnd('e', 'max_tokens'),
  turnEnd('e2', 'refusal', { error: { message: 'refused' } }),
];

const COMMANDS = [
  { name: 'review', description: 'Review the current changes' },
  { name: 'research', description: 'Look things up', inputHint: 'topic to research' },
];
const MENTIONS: Attachment[] = [
  { kind: 'file', uri: 'file:///w/src/composer.ts', name: 'composer.ts', detail: 'src/composer.ts' },
  { kind: 'folder', uri: 'file:///w/src', name: 'src/', detail: 'src/' },
  { kind: 'git', uri: 'agent-chat:/git/staged', name: 'Git staged changes', detail: 'git diff --cached' },
];

interface Found { id: string; impact: string; help: string; nodes: Array<{ target: string; why: string }> }

/** Runs axe in the page (evaluated, not a script tag: the panel's CSP admits only its nonce). */
async function audit(panel: Panel, include?: string): Promise<Found[]> {
  const loaded = await panel.page.evaluate(() => typeof (globalThis as any).axe === 'object');
  if (!loaded) await panel.page.evaluate(AXE_SOURCE);
  return panel.page.evaluate(async (sel) => {
    const axe = (globalThis as any).axe;
    const result = await axe.run(sel ? { include: [sel] } : (globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n: any) => ({ target: n.target.join(' '), why: n.any[0]?.message ?? n.all[0]?.message ?? n.none[0]?.message ?? '' })) }));
  }, include);
}

const SEVERE = new Set(['serious', 'critical']);

/** Lesser findings are reported (as test diagnostics), not failed on. */
function lesser(found: Found[]): string[] {
  return found.filter((v) => !SEVERE.has(v.impact)).flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target}`));
}

function describe(theme: Theme, where: string, found: Found[]): string[] {
  return found.filter((v) => SEVERE.has(v.impact)).flatMap((v) => v.nodes.map((n) => `${theme} / ${where}: ${v.id} (${v.impact}) at ${n.target} — ${v.help}: ${n.why}`));
}

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: every row kind, opened, and the composer's popups have no serious or critical axe violation`, async (t) => {
    const panel = await harness.open({ theme, width: 440, height: 1100 });
    await panel.send(snapshot(THREAD, { session: session({ turnState: 'requires_action', commands: COMMANDS, usage: { used: 48_200, size: 200_000 } }), children }));
    // Open every fold so its inside is audited too.
    await panel.page.locator('[data-entry-id="sa"] .nested-toggle').click();
    await panel.page.locator('.nested-card .nested-rows [data-entry-id]').first().waitFor();
    await panel.page.locator('.changes-file[data-path="src/a.ts"] .hunks-toggle').click();
    await panel.page.locator('.file-hunks .hunk').first().waitFor();
    await panel.page.locator('[data-entry-id="cp"] .compaction-toggle').click();
    await panel.page.locator('[data-entry-id="cp"] .compaction-summary strong').waitFor();
    // The fold line audited closed and open (with its cards).
    const closedFold = await audit(panel, '[data-entry-id="f1"]');
    await panel.page.locator('[data-entry-id="f1"] .tool-fold').click();
    await panel.page.locator('[data-entry-id="f3"] .row.tool').waitFor();
    const thread = [...closedFold, ...await audit(panel)];
    const problems = describe(theme, 'thread', thread);
    const minor = lesser(thread);

    const input = panel.page.locator('textarea');
    await input.click();
    await panel.page.keyboard.type('/re');
    await panel.page.locator('.slash-popup:not(.mention-popup)').waitFor();
    const slash = await audit(panel, '.composer');
    problems.push(...describe(theme, 'slash popup', slash));
    minor.push(...lesser(slash));

    await input.fill('');
    await panel.page.keyboard.type('explain @');
    await panel.page.waitForFunction(() => (globalThis as any).__posted.some((m: { type: string }) => m.type === 'mentionQuery'));
    const query = (await panel.postedOf('mentionQuery')).at(-1)!;
    await panel.send({ type: 'mentionResults', id: query.id, items: MENTIONS });
    await panel.page.locator('#mention-list li').first().waitFor();
    const mention = await audit(panel, '.composer');
    problems.push(...describe(theme, 'mention popup', mention));
    minor.push(...lesser(mention));
    for (const m of new Set(minor)) t.diagnostic(`${theme}: ${m}`);

    await panel.screenshot(`a11y-${theme}`);
    assert.equal(problems.length, 0, `axe found ${problems.length} serious or critical violation(s):\n${problems.join('\n')}`);
    assert.deepEqual(await panel.violations(), [], 'the audit ran without loosening the CSP');
  });
}
