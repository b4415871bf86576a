/**
 * Subagent cards in the real webview bundle under the panel CSP: folded by default with no inner
 * rows in the DOM whatever the child did, opened by click, Enter or Space, the child's rows drawn
 * with the thread's own row views (a bounded number, earlier ones on demand), live changes
 * inside, its own scroll position kept across folding, and the Stop button.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, tool, user } from './fixtures.js';
import type { SubagentEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const card = (extra: Partial<SubagentEntry> = {}): SubagentEntry => ({
  type: 'subagent', id: 'e2', childId: 'c1', title: 'Read the docs', agentType: 'Explore', model: 'haiku', state: 'running',
  toolCalls: 500, filesChanged: 3, rows: 500, now: 'Read docs/guide.md', ...extra,
});
const childRows = (n: number): ThreadEntry[] => Array.from({ length: n }, (_, i) => tool(`e${i + 1}`, { title: `Read file ${i + 1}`, kind: 'read', status: 'completed' }));
const inner = '.nested-card .nested-rows [data-entry-id]';
/** Each finished read its own card (no fold of them, agentChat.foldToolCalls off): these tests count the rows a card draws. */
const unfolded = { foldToolCalls: false };

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('folded by default: the head says who, how, what now and how much; no inner row is in the DOM', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([agent('e1', 'Sending a helper.'), card()], { children: { c1: childRows(500) } }));
  const toggle = panel.page.getByRole('button', { name: /Read the docs/ });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  const head = await panel.text('.nested-card');
  for (const part of ['Read the docs', 'Explore · haiku', 'Running', '500 tool calls · 3 files changed', 'now: Read docs/guide.md']) assert.ok(head.includes(part), `head shows “${part}”: ${head}`);
  assert.equal(await panel.count(inner), 0);
  assert.equal(await panel.count('.nested-card *'), await panel.count('.nested-card > * , .nested-card > * *'), 'sanity');
  assert.ok(await panel.count('.nested-card *') < 40, 'a folded card is a handful of nodes');
  await clean(panel);
});

test('opens on click, Enter and Space; rows drawn with the thread’s row views, bounded, earlier ones on demand', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card()], { children: { c1: childRows(500) }, ...unfolded }));
  const toggle = panel.page.getByRole('button', { name: /Read the docs/ });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await panel.page.locator(`${inner}[data-entry-id="c1/e500"]`).waitFor();
  // Both counts read in one look: the card's window may still be drawing rows in later frames.
  const { drawn, tools } = await panel.page.evaluate((sel) => ({ drawn: document.querySelectorAll(sel).length, tools: document.querySelectorAll('.nested-rows .row.tool').length }), inner);
  assert.ok(drawn > 0 && drawn <= 25, `a bounded window of rows (${drawn})`);
  assert.equal(tools, drawn, 'tool cards as in the thread');
  await panel.page.getByRole('button', { name: 'Show 25 earlier' }).click();
  // Shown, and drawn once scrolled to: only the rows near the card's view are in the DOM.
  await panel.page.locator('.nested-rows').evaluate((el) => { el.scrollTop = 0; });
  await panel.page.locator(`${inner}[data-entry-id="c1/e451"]`).waitFor();
  assert.ok((await panel.count(inner)) <= 25, 'still a bounded window of rows');

  await toggle.focus();
  await panel.page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await panel.count(inner), 0, 'folding takes the rows out of the DOM');
  await panel.page.keyboard.press('Space');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  // Back where it was left: at the earliest row shown.
  await panel.page.locator(`${inner}[data-entry-id="c1/e451"]`).waitFor();
  await clean(panel);
});

test('live: an open card draws the child’s new rows; a folded one only its head', async () => {
  const panel = await harness.open();
  // Its own row id: what the user opened is remembered per row, across pages of this harness.
  const live = (extra: Partial<SubagentEntry>) => card({ id: 'e30', ...extra });
  await panel.send(snapshot([live({ toolCalls: 1, rows: 1 })], { children: { c1: childRows(1) } }));
  await panel.page.getByRole('button', { name: /Read the docs/ }).click();
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: live({ toolCalls: 2, rows: 2, now: 'Read file 2' }) }], children: [{ childId: 'c1', rows: [{ op: 'insert', index: 1, entry: tool('e2', { title: 'Read file 2', status: 'in_progress' }) }] }] });
  await panel.page.locator(`${inner}[data-entry-id="c1/e2"]`).waitFor();
  assert.ok((await panel.text('.nested-card .nested-head')).includes('2 tool calls'));
  await panel.page.getByRole('button', { name: /Read the docs/ }).click();
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: live({ toolCalls: 3, rows: 3, now: 'Read file 3' }) }], children: [{ childId: 'c1', rows: [{ op: 'insert', index: 2, entry: tool('e3', { title: 'Read file 3' }) }] }] });
  assert.equal(await panel.count(inner), 0);
  assert.ok((await panel.text('.nested-card')).includes('now: Read file 3'));
  await panel.page.getByRole('button', { name: /Read the docs/ }).click();
  await panel.page.locator(`${inner}[data-entry-id="c1/e3"]`).waitFor();
  await clean(panel);
});

test('the inside keeps its own scroll position across folding', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card({ id: 'e40' })], { children: { c1: childRows(500) }, ...unfolded }));
  const toggle = panel.page.getByRole('button', { name: /Read the docs/ });
  await toggle.click();
  const box = panel.page.locator('.nested-rows');
  await panel.page.locator(`${inner}[data-entry-id="c1/e500"]`).waitFor();
  await panel.page.waitForFunction(() => { const el = document.querySelector('.nested-rows')!; return el.scrollHeight > el.clientHeight && el.scrollTop > 0; });
  await box.evaluate((el) => { el.scrollTop = 40; el.dispatchEvent(new Event('scroll')); });
  // The row at the top of the card's view, and where: the same after folding and opening again.
  const top = () => box.evaluate((el) => {
    const y = el.getBoundingClientRect().top;
    const row = Array.from(el.querySelectorAll<HTMLElement>('[data-entry-id]')).find((r) => r.getBoundingClientRect().bottom > y + 1);
    return row ? `${row.dataset.entryId}@${Math.round(row.getBoundingClientRect().top - y)}` : '';
  });
  await panel.page.evaluate(async () => { for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r)); });
  const before = await top();
  assert.notEqual(before, '');
  await toggle.click();
  await toggle.click();
  await panel.page.waitForFunction(([sel, want]) => {
    const el = document.querySelector(sel as string);
    if (!el) return false;
    const y = el.getBoundingClientRect().top;
    const row = Array.from(el.querySelectorAll<HTMLElement>('[data-entry-id]')).find((r) => r.getBoundingClientRect().bottom > y + 1);
    return row !== undefined && `${row.dataset.entryId}@${Math.round(row.getBoundingClientRect().top - y)}` === want;
  }, ['.nested-rows', before] as const);
  await clean(panel);
});

test('Stop where the agent allows it posts stopSubagent; Stopping… then the refusal on the card', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card({ cancellable: true })], { children: { c1: [] } }));
  const stop = panel.page.getByRole('button', { name: 'Stop Read the docs' });
  await stop.click();
  assert.deepEqual(await panel.postedOf('stopSubagent'), [{ type: 'stopSubagent', childId: 'c1' }]);
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: card({ cancellable: true, stop: { state: 'stopping' } }) }] });
  assert.equal(await panel.page.getByRole('button', { name: 'Stopping Read the docs' }).getAttribute('aria-disabled'), 'true');
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: card({ cancellable: true, stop: { state: 'refused', message: 'not now' } }) }] });
  assert.ok((await panel.text('.nested-card .stop-refused')).includes('not now'));
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 0, entry: card({ state: 'idle', cancellable: true }) }] });
  assert.equal(await panel.count('.nested-card .stop-btn'), 0, 'nothing to stop once it is done');
  assert.ok((await panel.text('.nested-card')).includes('Done'));
  await clean(panel);
});

test('a subagent’s permission request shows at the top of the thread, naming it, answered there; it leaves once answered', async () => {
  const panel = await harness.open();
  const asking = tool('e1', {
    title: 'Edit src/typo.ts', kind: 'edit', status: 'pending',
    permission: { requestId: 'c9:perm-1', options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }] },
  });
  await panel.send(snapshot([agent('e1', 'Sending a helper.'), card({ id: 'e50', childId: 'c9', title: 'Fix the typo', asking: 1, state: 'requires_action' })], { children: { c9: [asking] } }));
  const strip = panel.page.getByRole('region', { name: 'Questions from subagents' });
  assert.equal(await strip.isVisible(), true);
  assert.ok((await strip.textContent())!.includes('Subagent “Fix the typo” asks'));
  assert.ok((await panel.text('.nested-card')).includes('Needs your answer'));
  assert.equal(await panel.count('.nested-card .nested-rows'), 0, 'the card stays folded');
  await strip.getByRole('button', { name: 'Allow' }).click();
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'c9:perm-1', optionId: 'allow' }]);
  const { permission: _answered, ...answered } = asking;
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: card({ id: 'e50', childId: 'c9', title: 'Fix the typo', state: 'running' }) }], children: [{ childId: 'c9', rows: [{ op: 'update', index: 0, entry: { ...answered, permissionOutcome: 'allow' } }] }] });
  assert.equal(await strip.isVisible(), false);
  await clean(panel);
});

test('Open diff on a subagent’s tool call names the subagent (its tool call ids are its own)', async () => {
  const panel = await harness.open();
  const edit = tool('e1', { title: 'Edit a.ts', kind: 'edit', status: 'completed', content: [{ type: 'diff', path: '/w/a.ts', oldText: 'a', newText: 'b' }] });
  await panel.send(snapshot([card({ id: 'e60', childId: 'c6', title: 'Editor' })], { children: { c6: [edit] } }));
  await panel.page.getByRole('button', { name: /Editor/ }).click();
  await panel.page.locator('.nested-rows').getByRole('button', { name: 'Open diff' }).click();
  assert.deepEqual(await panel.postedOf('openDiff'), [{ type: 'openDiff', toolCallId: 'call-e1', contentIndex: 0, childId: 'c6' }]);
  await clean(panel);
});

test('inside a card: the task the child was given reads “Task”, its report “Report”; the changes row says which helper changed a file; a helper cut short by a reload says so', async () => {
  const panel = await harness.open();
  const task = { ...user('e1', 'Fix the typo in src/typo.ts.'), delegated: true as const };
  const report = { ...agent('e3', 'Replaced “teh” with “the”.'), report: true as const };
  const changes: ThreadEntry = { type: 'changes', id: 'e4', turnId: 't1', files: [
    { root: '/w', path: 'src/typo.ts', status: 'modified', added: 1, deleted: 1, binary: false, by: ['Fix the typo'] },
    { root: '/w', path: 'README.md', status: 'modified', added: 2, deleted: 0, binary: false },
  ] };
  await panel.send(snapshot([
    card({ title: 'Fix the typo', state: 'idle', stopReason: 'end_turn' }),
    card({ id: 'e3', childId: 'c2', title: 'Watch tests', state: 'idle', stopReason: 'cancelled', interrupted: 'reload' }),
    changes,
  ], { children: { c1: [task, tool('e2', { title: 'Edit src/typo.ts', kind: 'edit', status: 'completed' }), report] } }));
  const heads = panel.page.locator('.nested-card');
  await heads.nth(1).waitFor();
  assert.match(await heads.nth(1).innerText(), /Interrupted by the window reload/);
  assert.doesNotMatch(await heads.nth(1).innerText(), /Running|Stopped/);
  const files = panel.page.locator('.changes-file');
  assert.match(await files.nth(0).innerText(), /\+1 −1[\s\S]*· by Fix the typo/);
  assert.doesNotMatch(await files.nth(1).innerText(), /by /);
  await panel.page.getByRole('button', { name: /Fix the typo/ }).first().click();
  const taskRow = panel.page.locator('.nested-rows .row.user.delegated');
  await taskRow.waitFor();
  assert.match(await taskRow.innerText(), /Task[\s\S]*Fix the typo in src\/typo\.ts\./);
  assert.equal(await taskRow.getAttribute('aria-label'), 'Task given to this subagent');
  assert.equal(await panel.count('.nested-rows .row.user .message-toolbar button'), 0, 'no Edit, Fork or Restore on a task nobody typed');
  const reportRow = panel.page.locator('.nested-rows .row.agent.report');
  assert.match(await reportRow.innerText(), /Report[\s\S]*Replaced “teh” with “the”\./);
  await clean(panel);
});

test('a narrow side bar: the helper’s name stays whole; its kind, status and counts go under it', async () => {
  const geometry = (panel: Panel) =>
    panel.page.locator('.nested-card .nested-head').evaluate((head) => {
      const box = (sel: string) => head.querySelector(sel)!.getBoundingClientRect();
      const title = head.querySelector<HTMLElement>('.nested-title')!;
      return { titleTop: box('.nested-title').top, chevronTop: box('.codicon').top, metaTop: box('.nested-meta').top, cut: title.scrollWidth > title.clientWidth, titleWidth: title.clientWidth };
    });
  const narrow = await harness.open({ width: 300 });
  await narrow.send(snapshot([card({ id: 'e40', state: 'completed', toolCalls: 1, filesChanged: 0 })]));
  await narrow.page.getByRole('button', { name: /Read the docs/ }).waitFor();
  const squeezed = await geometry(narrow);
  assert.equal(squeezed.cut, false, `the name is whole in 300 px (${squeezed.titleWidth} px shown)`);
  assert.ok(squeezed.metaTop > squeezed.titleTop, 'the kind and model moved under the name');

  // A name longer than the line keeps the chevron's line and ends in an ellipsis.
  await narrow.send(snapshot([card({ id: 'e40', state: 'completed', title: 'Read every file under docs/ and report the typos found in each of them' })]));
  await narrow.page.getByRole('button', { name: /report the typos/ }).waitFor();
  const long = await geometry(narrow);
  assert.ok(Math.abs(long.titleTop - long.chevronTop) < 8, `the name stays beside its chevron (${long.titleTop} vs ${long.chevronTop})`);
  assert.equal(long.cut, true, 'cut with an ellipsis');
  await clean(narrow);

  const wide = await harness.open({ width: 700 });
  await wide.send(snapshot([card({ id: 'e40', state: 'completed', toolCalls: 1, filesChanged: 0 })]));
  await wide.page.getByRole('button', { name: /Read the docs/ }).waitFor();
  const roomy = await geometry(wide);
  assert.ok(Math.abs(roomy.metaTop - roomy.titleTop) < 8, `with room, one line (${roomy.metaTop} vs ${roomy.titleTop})`);
  assert.equal(roomy.cut, false);
});
