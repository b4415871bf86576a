/**
 * Subagent cards as the extension feeds them: a snapshot carries no child's rows, only the
 * questions waiting in children (`asks`); opening a card asks for its rows (`childOpen`) and draws
 * the `childRows` sent back, folding it says so; a question of a child whose card is folded — a
 * helper of a helper too — shows at the top named after its card and leaves with the change that
 * settles it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, tool } from './fixtures.js';
import type { SubagentEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const card = (extra: Partial<SubagentEntry> = {}): SubagentEntry => ({
  type: 'subagent', id: 'e2', childId: 'c1', title: 'Read the docs', state: 'running', toolCalls: 3, filesChanged: 0, rows: 3, ...extra,
});
const reads = (n: number): ThreadEntry[] => Array.from({ length: n }, (_, i) => tool(`e${i + 1}`, { title: `Read file ${i + 1}`, kind: 'read', status: 'in_progress' }));
const inner = '.nested-card .nested-rows [data-entry-id]';

/** Waits (bounded) until the page has posted `n` childOpen messages. */
async function childOpens(panel: Panel, n: number): Promise<void> {
  await panel.page.waitForFunction((want) => (globalThis as any).__posted.filter((m: { type: string }) => m.type === 'childOpen').length >= want, n, { timeout: 10_000 });
}

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('a card’s rows are asked for when it opens and drawn when they come; folding says so', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([agent('e1', 'Sending a helper.'), card({ id: 'e70', childId: 'f1' })], { childIds: ['f1'], foldToolCalls: false }));
  const toggle = panel.page.getByRole('button', { name: /Read the docs/ });
  await panel.clearPosted();
  await toggle.click();
  await childOpens(panel, 1);
  assert.deepEqual(await panel.postedOf('childOpen'), [{ type: 'childOpen', childId: 'f1', open: true }]);
  await panel.send({ type: 'childRows', childId: 'f1', entries: reads(3) });
  await panel.page.locator(`${inner}[data-entry-id="f1/e3"]`).waitFor();
  assert.equal(await panel.count(inner), 3);
  // Its changes come while it is open.
  await panel.send({ type: 'rows', changes: [], children: [{ childId: 'f1', rows: [{ op: 'insert', index: 3, entry: tool('e4', { title: 'Read file 4', kind: 'read', status: 'in_progress' }) }] }] });
  await panel.page.locator(`${inner}[data-entry-id="f1/e4"]`).waitFor();
  await toggle.click();
  await childOpens(panel, 2);
  assert.deepEqual((await panel.postedOf('childOpen'))[1], { type: 'childOpen', childId: 'f1', open: false });
  await clean(panel);
});

test('a folded helper’s helper asks: the question shows at the top named after its card, answered there, gone once settled', async () => {
  const panel = await harness.open();
  const asking = tool('e1', {
    title: 'Edit src/typo.ts', kind: 'edit', status: 'pending',
    permission: { requestId: 'g1:perm-1', options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }, { optionId: 'reject', name: 'Reject', kind: 'reject_once' }] },
  });
  const grandchild = card({ id: 'e4', childId: 'g1', title: 'Fix the typo', asking: 1, state: 'requires_action' });
  // The snapshot: the parent's card only, its helper's question as an ask.
  await panel.send(snapshot([card({ id: 'e80', childId: 'f2', asking: 1 })], { childIds: ['f2', 'g1'], asks: [{ childId: 'g1', entry: asking, card: grandchild }] }));
  const strip = panel.page.getByRole('region', { name: 'Questions from subagents' });
  await strip.getByRole('button', { name: 'Allow' }).waitFor();
  assert.ok((await strip.textContent())!.includes('Subagent “Fix the typo” asks'));
  assert.equal(await panel.count('.nested-card .nested-rows'), 0, 'the card stays folded');
  await strip.getByRole('button', { name: 'Allow' }).click();
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'g1:perm-1', optionId: 'allow' }]);
  const { permission: _answered, ...answered } = asking;
  await panel.send({ type: 'rows', changes: [], asks: [{ childId: 'g1', entry: { ...answered, permissionOutcome: 'allow' }, card: { ...grandchild, asking: undefined, state: 'running' } }] });
  await strip.waitFor({ state: 'hidden', timeout: 10_000 });
  // A question that comes while streaming, not in a snapshot.
  await panel.send({ type: 'rows', changes: [], asks: [{ childId: 'g1', entry: { ...asking, id: 'e2', toolCallId: 'e2' }, card: grandchild }] });
  await strip.getByRole('button', { name: 'Allow' }).waitFor();
  await clean(panel);
});
