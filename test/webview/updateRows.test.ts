/**
 * Rows for compaction, agent-owned terminals, plan variants and v2 diff change lists, in the
 * real webview bundle under the panel CSP.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { notice, snapshot, text, tool } from './fixtures.js';
import type { CompactionEntry, PlanThreadEntry, TerminalEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const compaction = (id: string, extra: Partial<CompactionEntry> = {}): CompactionEntry =>
  ({ type: 'compaction', id, compactionId: `k-${id}`, status: 'in_progress', summary: [], ...extra });
const planOf = (id: string, extra: Partial<PlanThreadEntry>): PlanThreadEntry => ({ type: 'plan', id, planId: id, entries: [], ...extra });
const update = (index: number, entry: ThreadEntry) => ({ type: 'rows' as const, changes: [{ op: 'update' as const, index, entry }] });

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('compaction: spinner while in progress, then a folded Markdown summary; failure shows the error', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([compaction('c1'), compaction('c2', { status: 'failed', error: 'Context window still too large' })]));
  const first = '[data-entry-id="c1"]';
  assert.equal(await panel.count(`${first} .codicon-loading.codicon-modifier-spin`), 1, 'spins while compacting');
  assert.equal(await panel.page.locator(first).getAttribute('aria-busy'), 'true');
  assert.match(await panel.text(`${first} .compaction-label`), /Compacting/);
  assert.equal(await panel.page.locator(`${first} details.compaction-summary`).isVisible(), false, 'no summary yet');

  await panel.send(update(0, compaction('c1', { summary: [text('So far: ')] })));
  assert.match(await panel.text(`${first} .compaction-toggle`), /so far/);
  await panel.send(update(0, compaction('c1', { status: 'completed', summary: [text('Kept **the plan** and `main.ts`.')] })));
  assert.equal(await panel.count(`${first} .codicon-loading`), 0, 'the spinner stops');
  assert.equal(await panel.page.locator(first).getAttribute('aria-busy'), 'false');
  assert.match(await panel.text(`${first} .compaction-label`), /compacted/);
  assert.equal(await panel.page.locator(`${first} details.compaction-summary`).evaluate((d) => (d as any).open), false, 'folded by default');
  await panel.page.locator(`${first} .compaction-toggle`).click();
  assert.equal(await panel.text(`${first} .compaction-summary strong`), 'the plan');
  assert.equal(await panel.text(`${first} .compaction-summary code`), 'main.ts');

  // The user's choice survives a reload (the thread comes back as a snapshot).
  await panel.reload();
  await panel.send(snapshot([compaction('c1', { status: 'completed', summary: [text('Kept **the plan**.')] })]));
  assert.equal(await panel.page.locator(`${first} details.compaction-summary`).evaluate((d) => (d as any).open), true);

  await panel.send(snapshot([compaction('c2', { status: 'failed', error: 'Context window still too large' }), compaction('c3', { status: '_vendor_partial' })]));
  assert.equal(await panel.count('[data-entry-id="c2"].status-failed .codicon-error'), 1);
  assert.equal(await panel.text('[data-entry-id="c2"] .compaction-error[role="alert"]'), 'Context window still too large');
  assert.match(await panel.text('[data-entry-id="c3"] .compaction-label'), /_vendor_partial/);
  await panel.screenshot('compaction');
  await clean(panel);
});

test('notices: an unknown severity is styled as info, never as an alert', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([notice('n1', '_vendor_hint', 'Custom'), notice('n2', 'warning', 'Careful')]));
  assert.equal(await panel.count('[data-entry-id="n1"].severity-info[role="note"] .codicon-info'), 1);
  assert.equal(await panel.count('[data-entry-id="n2"].severity-warning .codicon-warning'), 1);
});

test('agent terminal: its own row with command, cwd and clean output; folds when a tool call takes it over', async () => {
  const panel = await harness.open();
  const own: TerminalEntry = {
    type: 'terminal', id: 'x1', terminalId: 'T',
    terminal: { terminalId: 'T', command: 'npm run build', cwd: '/w/app', output: 'step 1\n\u001b[32mgreen\u001b[0m\n50%\r100%\n\u001b[3', truncated: false },
  };
  await panel.send(snapshot([own]));
  assert.equal(await panel.text('.row.terminal .terminal-command'), 'npm run build');
  assert.equal(await panel.text('.row.terminal .terminal-cwd'), '/w/app');
  assert.equal(await panel.text('.row.terminal .terminal-output'), 'step 1\ngreen\n100%\n', 'escapes dropped, \\r overwrites, a cut-off escape hidden');
  assert.equal(await panel.count('.row.terminal .terminal-status .codicon-loading'), 1, 'running spins');
  assert.equal(await panel.text('.row.terminal .terminal-status'), 'running');

  await panel.send(update(0, { ...own, terminal: { ...own.terminal, exitStatus: { exitCode: 2 } } }));
  assert.equal(await panel.text('.row.terminal .terminal-status.bad'), 'exit code 2');
  assert.equal(await panel.count('.row.terminal .terminal-status .codicon-loading'), 0);

  const call = tool('t1', { kind: 'execute', title: 'Build', content: [{ type: 'terminal', terminalId: 'T' }], terminals: { T: { ...own.terminal, exitStatus: { exitCode: 0 } } } });
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: { ...own, embedded: true } }, { op: 'insert', index: 1, entry: call }] });
  assert.equal(await panel.page.locator('.row.terminal').isVisible(), false, 'the own row folds away');
  assert.equal(await panel.text('.row.tool .terminal-cwd'), '/w/app', 'the tool card shows the cwd too');
  assert.equal(await panel.text('.row.tool .terminal-status'), 'exit code 0');
  await clean(panel);
});

test('plans: file plans link to the file, Markdown plans render, several plans by id, removal says so', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    planOf('main', { entries: [{ content: 'Step', priority: 'high', status: 'pending' }] }),
    planOf('p-file', { body: { type: 'file', uri: 'file:///w/docs/PLAN%20v2.md' } }),
    planOf('p-web', { body: { type: 'file', uri: 'https://example.com/plan' } }),
    planOf('p-md', { body: { type: 'markdown', content: '# Migration\n\n1. **Back up**\n2. Move' } }),
    planOf('p-new', { body: { type: 'other', planType: '_vendor_graph' } }),
    planOf('p-gone', { removed: true }),
  ]));
  assert.equal(await panel.text('[data-entry-id="main"] .plan-progress'), '0/1 done');
  // Plan ids are the agent's bookkeeping: never shown, kept as data.
  assert.equal(await panel.count('.plan-id'), 0);
  assert.doesNotMatch(await panel.text('[data-entry-id="p-md"] .row-head'), /p-md/);
  assert.equal(await panel.page.getAttribute('[data-entry-id="p-md"]', 'data-plan-id'), 'p-md');
  assert.equal(await panel.page.locator('[data-entry-id="p-md"] .plan-progress').isVisible(), false);
  assert.equal(await panel.text('[data-entry-id="p-md"] .plan-markdown h1'), 'Migration');
  assert.equal(await panel.text('[data-entry-id="p-md"] .plan-markdown strong'), 'Back up');
  assert.match(await panel.text('[data-entry-id="p-new"] .plan-body'), /_vendor_graph/);
  assert.match(await panel.text('[data-entry-id="p-gone"] .plan-body'), /removed/);
  assert.equal(await panel.count('[data-entry-id="p-gone"].removed'), 1);

  assert.equal(await panel.text('[data-entry-id="p-file"] .plan-file-name'), 'PLAN v2.md');
  await panel.page.locator('[data-entry-id="p-file"] .plan-open').click();
  assert.deepEqual(await panel.postedOf('openPlanFile'), [{ type: 'openPlanFile', uri: 'file:///w/docs/PLAN%20v2.md' }]);
  await panel.page.locator('[data-entry-id="p-web"] .plan-file').click();
  assert.deepEqual(await panel.postedOf('openLink'), [{ type: 'openLink', href: 'https://example.com/plan' }]);

  // A plan switching variant in place: Markdown → checklist.
  await panel.send(update(3, planOf('p-md', { entries: [{ content: 'Now a list', priority: 'low', status: 'completed' }] })));
  assert.equal(await panel.count('[data-entry-id="p-md"] .plan-markdown'), 0);
  assert.equal(await panel.text('[data-entry-id="p-md"] .plan-progress'), '1/1 done');
  await panel.screenshot('plans');
  await clean(panel);
});

const PATCH = [
  'diff --git /w/src/a.ts /w/src/a.ts',
  '--- /w/src/a.ts',
  '+++ /w/src/a.ts',
  '@@ -1,3 +1,4 @@',
  ' one',
  '-two',
  '+TWO',
  '+2.5',
  ' three',
  'diff --git /w/new.md /w/new.md',
  'new file mode 100644',
  '--- /dev/null',
  '+++ /w/new.md',
  '@@ -0,0 +1,1 @@',
  '+# New',
  'diff --git /w/old.txt /w/old.txt',
  'deleted file mode 100644',
  '--- /w/old.txt',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-bye',
  '-now',
  '',
].join('\n');

test('v2 diff: file list with operation badges, +N −M per file and in total, unified diff per file', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([tool('t1', {
    kind: 'edit', status: 'completed', title: 'Refactor',
    content: [{
      type: 'file_changes',
      changes: [
        { operation: 'modify', path: '/w/src/a.ts' },
        { operation: 'add', path: '/w/new.md' },
        { operation: 'delete', path: '/w/old.txt' },
        { operation: 'move', oldPath: '/w/b.ts', path: '/w/c.ts' },
        { operation: 'copy', oldPath: '/w/d.ts', path: '/w/e.ts' },
        { operation: 'add', path: '/w/logo.png', fileType: 'binary' },
      ],
      patch: { format: 'git_patch', text: PATCH },
    }],
  })]));
  const badges = await panel.page.locator('.change .change-badge').evaluateAll((els) => els.map((e) => [e.closest('.change')!.className, e.textContent, e.getAttribute('aria-label')]));
  assert.deepEqual(badges, [
    ['change op-modify', 'M', 'Modified'], ['change op-add', 'A', 'Added'], ['change op-delete', 'D', 'Deleted'],
    ['change op-move', 'R', 'Moved'], ['change op-copy', 'C', 'Copied'], ['change op-add', 'A', 'Added'],
  ]);
  assert.equal(await panel.text('.changes-count'), '6 files changed');
  assert.equal(await panel.text('.changes-head .change-counts'), '+3 −3');
  const perFile = await panel.page.locator('.change').evaluateAll((els) => els.map((e) => e.querySelector('.change-counts')?.textContent ?? ''));
  assert.deepEqual(perFile, ['+2 −1', '+1 −0', '+0 −2', '', '', '']);
  assert.equal(await panel.text('.op-move .change-path'), 'b.ts → c.ts');
  assert.equal(await panel.text('.change-type'), 'binary');

  // The diff is folded; opened, its lines are classed for colour.
  assert.equal(await panel.page.locator('.op-modify .patch-view').isVisible(), false);
  await panel.page.locator('.op-modify .change-diff > summary').click();
  const lines = await panel.page.locator('.op-modify .patch-line').evaluateAll((els) => els.map((e) => [e.className.replace('patch-line ', ''), e.textContent]));
  assert.deepEqual(lines, [
    ['line-hunk', '@@ -1,3 +1,4 @@\n'], ['line-context', ' one\n'], ['line-del', '-two\n'], ['line-add', '+TWO\n'], ['line-add', '+2.5\n'], ['line-context', ' three\n'],
  ]);

  // Paths open the file; a deleted file is not a link.
  await panel.page.locator('.op-modify .change-path').click();
  await panel.page.locator('.op-move .change-path').click();
  assert.deepEqual(await panel.postedOf('openLocation'), [
    { type: 'openLocation', path: '/w/src/a.ts', line: null },
    { type: 'openLocation', path: '/w/c.ts', line: null },
  ]);
  assert.equal(await panel.count('.op-delete a.change-path'), 0);

  // Open diff asks the host for this content item (it opens every text file of it side by side).
  await panel.page.locator('.tool-changes button[data-action="open-diff"]').click();
  assert.deepEqual(await panel.postedOf('openDiff'), [{ type: 'openDiff', toolCallId: 'call-t1', contentIndex: 0 }]);
  await panel.screenshot('file-changes');
  await clean(panel);
});

test('v2 diff without a patch, with an unknown format, or with a patch that does not parse', async () => {
  const panel = await harness.open();
  const item = (patch?: { format: string; text: string }) => tool(`t${patch?.format ?? 'none'}`, {
    content: [{ type: 'file_changes', changes: [{ operation: '_vendor_touch', path: '/w/x' }], ...(patch ? { patch } : {}) }],
  });
  await panel.send(snapshot([item(), item({ format: '_svn', text: 'Index: x\n+y\n' }), item({ format: 'git_patch', text: '@@ -1 +1 @@\n?bad\n' })]));
  assert.equal(await panel.text('[data-entry-id="tnone"] .change-badge'), '?');
  assert.equal(await panel.page.locator('[data-entry-id="tnone"] .change-badge').getAttribute('aria-label'), '_vendor_touch');
  assert.equal(await panel.count('[data-entry-id="tnone"] .change-counts'), 0, 'no patch, no counts');
  assert.equal(await panel.count('button[data-action="open-diff"]'), 0, 'nothing to open side by side without a git patch');
  assert.match(await panel.text('[data-entry-id="t_svn"] .change-diff > summary'), /_svn/);
  assert.equal(await panel.page.locator('[data-entry-id="t_svn"] .patch-view').textContent(), 'Index: x\n+y\n');
  assert.equal(await panel.page.locator('[data-entry-id="tgit_patch"] .patch-view').textContent(), '@@ -1 +1 @@\n?bad\n', 'shown raw');

  // A patch written git-style (a/ b/ prefixes, relative paths) still lands on its file.
  await panel.send(snapshot([tool('g', { content: [{
    type: 'file_changes',
    changes: [{ operation: 'modify', path: '/w/README.md' }],
    patch: { format: 'git_patch', text: '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\n' },
  }] })]));
  assert.equal(await panel.count('.change'), 1);
  assert.equal(await panel.text('.change .change-counts'), '+1 −1');
  await clean(panel);
});

test('a tool call with no content of its own shows its arguments on the card (early drafts)', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    { type: 'tool_call', id: 'd1', toolCallId: 'd1', title: 'read_file', kind: 'other', status: 'completed', content: [], locations: [],
      rawInput: { path: '/w/src/main.ts', limit: 40, options: { follow: true }, empty: '', a: 1, b: 2 } },
    { type: 'tool_call', id: 'd2', toolCallId: 'd2', title: 'Edit', kind: 'edit', status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'done' } }], locations: [], rawInput: { path: '/w/x' } },
  ] as never));
  assert.deepEqual(await panel.page.locator('[data-entry-id="d1"] .tool-arg-key').allTextContents(), ['path', 'limit', 'options', 'a']);
  assert.deepEqual(await panel.page.locator('[data-entry-id="d1"] .tool-arg-value').allTextContents(), ['/w/src/main.ts', '40', '{"follow":true}', '1']);
  assert.match(await panel.text('[data-entry-id="d1"] .tool-arg.more'), /\+1 more/);
  assert.equal(await panel.count('[data-entry-id="d2"] .tool-args'), 0, 'a call with content needs no summary');
});
