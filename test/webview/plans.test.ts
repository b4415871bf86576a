/**
 * Plans as agents send them now, in the real webview bundle under the panel CSP: several plans
 * by id updated in place, a Markdown plan through the message renderer (sanitised), a file plan
 * with an Open button that asks the host (which confines it to the workspace folders).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot } from './fixtures.js';
import type { PlanThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const planOf = (id: string, extra: Partial<PlanThreadEntry>): PlanThreadEntry => ({ type: 'plan', id, planId: id, entries: [], ...extra });
const update = (index: number, entry: PlanThreadEntry) => ({ type: 'rows' as const, changes: [{ op: 'update' as const, index, entry }] });

const HOSTILE = [
  '## Release',
  '',
  '- [ ] Tag **v2** <img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>',
  '- [link](javascript:window.pwned=3) and [docs](https://example.com/docs)',
  '',
  '```ts',
  'const x = 1;',
  '```',
].join('\n');

test('plans by id: each its own row, updated in place; Markdown sanitised like messages; a file plan opens by its Open button', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    planOf('steps', { entries: [{ content: 'Read the code', priority: 'high', status: 'in_progress' }] }),
    planOf('release', { body: { type: 'markdown', content: HOSTILE } }),
    planOf('spec', { body: { type: 'file', uri: 'file:///w/docs/PLAN%20v2.md' } }),
  ]));

  // The Markdown plan: rendered by the message renderer (headings, bold, code blocks with their
  // toolbar), with raw HTML and script URLs gone.
  const md = '[data-entry-id="release"] .plan-markdown';
  assert.equal(await panel.text(`${md} h2`), 'Release');
  assert.equal(await panel.text(`${md} strong`), 'v2');
  assert.equal(await panel.count(`${md} .code-block .code-toolbar`), 1, 'code blocks get the message toolbar');
  assert.equal(await panel.count(`${md} img, ${md} script, ${md} [onerror]`), 0);
  assert.equal(await panel.count(`${md} a[href^="javascript"]`), 0);
  assert.equal(await panel.page.getAttribute(`${md} a.md-link`, 'href'), 'https://example.com/docs');
  assert.equal(await panel.page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);

  // The file plan: its name, the path in the tooltip, an Open button that names it.
  const file = '[data-entry-id="spec"]';
  assert.equal(await panel.text(`${file} .plan-file-name`), 'PLAN v2.md');
  assert.equal(await panel.page.getAttribute(`${file} .plan-file-name`, 'title'), '/w/docs/PLAN v2.md');
  const open = panel.page.getByRole('button', { name: 'Open the plan file PLAN v2.md' });
  assert.equal(await open.count(), 1);
  await open.click();
  assert.deepEqual(await panel.postedOf('openPlanFile'), [{ type: 'openPlanFile', uri: 'file:///w/docs/PLAN%20v2.md' }]);
  assert.deepEqual(await panel.postedOf('openLocation'), [], 'the host decides where it may open');

  // Updated in place: the checklist row is the same element, its item now done; the others stay.
  const before = await panel.page.locator('[data-entry-id="steps"]').elementHandle();
  await panel.send(update(0, planOf('steps', { entries: [{ content: 'Read the code', priority: 'high', status: 'completed' }, { content: 'Write the fix', priority: 'medium', status: 'pending' }] })));
  assert.equal(await panel.text('[data-entry-id="steps"] .plan-progress'), '1/2 done');
  assert.equal(await panel.page.evaluate((el) => el?.isConnected, before), true, 'the same row, not a new one');
  assert.equal(await panel.count('.row.plan'), 3);
  await panel.screenshot('plans-by-id');
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
});
