/**
 * The inside of an open subagent card is windowed like a long thread: however many of the
 * child's rows are shown ("Show earlier" pressed again and again), only those near the card's own
 * view are in the DOM, and a card scrolled out of the panel's view keeps none. Scrolling inside a
 * card keeps the row being read in place while rows come and go, and the keyboard still reaches
 * the rows.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { snapshot, tool } from './fixtures.js';
import type { SubagentEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const card = (id: string, childId: string, title: string): SubagentEntry => ({
  type: 'subagent', id, childId, title, state: 'running', toolCalls: 500, filesChanged: 0, rows: 500,
});
const before30 = Array.from({ length: 30 }, (_, i) => `line ${i} of the file`).join('\n');
const childRows = (n: number, from = 1): ThreadEntry[] => Array.from({ length: n }, (_, i) => tool(`e${i + from}`, {
  title: `Edit file ${i + from}`, kind: 'edit', status: 'completed',
  content: [{ type: 'diff', path: `/w/src/f${i + from}.ts`, oldText: before30, newText: before30.replace(/line (\d)\b/g, 'row $1') }],
}));
const box = (childId: string) => `.nested-card[data-child-id="${childId}"] .nested-rows`;
const drawn = (childId: string) => `${box(childId)} [data-entry-id]`;

async function frames(panel: Panel, n = 3): Promise<void> {
  await panel.page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) await new Promise((r) => requestAnimationFrame(r));
  }, n);
}

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('however many rows are shown, only those near the card’s view are in the DOM; all of them can be scrolled to', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card('e101', 'w1', 'Editor')], { children: { w1: childRows(500) } }));
  await panel.page.getByRole('button', { name: /Editor/ }).click();
  await panel.page.locator(`${drawn('w1')}[data-entry-id="w1/e500"]`).waitFor();
  const earlier = panel.page.locator(`${box('w1')} .nested-earlier`);
  for (let i = 0; i < 10; i++) await earlier.click();
  await frames(panel);
  const rows = await panel.count(drawn('w1'));
  assert.ok(rows > 0 && rows < 40, `275 rows shown, ${rows} in the DOM`);
  const nodes = await panel.count(`${box('w1')} *`);
  assert.ok(nodes < 2_500, `the box holds ${nodes} nodes`);
  // To the top of what is shown: the earliest shown row is drawn, the latest are not.
  await panel.page.locator(box('w1')).evaluate((el) => { el.scrollTop = 0; });
  await panel.page.locator(`${drawn('w1')}[data-entry-id="w1/e226"]`).waitFor();
  assert.equal(await panel.count(`${drawn('w1')}[data-entry-id="w1/e500"]`), 0);
  assert.ok(await panel.count(drawn('w1')) < 40);
  // And back to the bottom.
  await panel.page.locator(box('w1')).evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await panel.page.locator(`${drawn('w1')}[data-entry-id="w1/e500"]`).waitFor();
  await clean(panel);
});

test('twenty cards open at once: only the cards near the panel’s view draw rows', async () => {
  const panel = await harness.open({ width: 480, height: 800 });
  const cards = Array.from({ length: 20 }, (_, i) => card(`e2${i}0`, `m${i}`, `Helper ${i}`));
  const children = Object.fromEntries(cards.map((c) => [c.childId, childRows(200)]));
  await panel.send(snapshot(cards, { children }));
  for (const c of cards) {
    await panel.page.locator(`.nested-card[data-child-id="${c.childId}"] .nested-toggle`).evaluate((el) => { el.scrollIntoView(); (el as HTMLElement).click(); });
    await panel.page.locator(`${drawn(c.childId)}[data-entry-id="${c.childId}/e200"]`).waitFor();
  }
  await frames(panel, 5);
  const withRows = await panel.page.evaluate(() => Array.from(document.querySelectorAll('.nested-rows')).filter((b) => b.querySelector('[data-entry-id]')).length);
  assert.equal(await panel.count('.nested-card.open'), 20);
  assert.ok(withRows <= 4, `${withRows} of 20 open cards have rows in the DOM`);
  const nodes = await panel.count('*');
  assert.ok(nodes < 5_000, `the panel holds ${nodes} nodes`);
  // The first card, scrolled back to, draws its rows again where it was (at its bottom).
  await panel.page.locator('.thread').evaluate((el) => { el.scrollTop = 0; });
  await panel.page.locator(`${drawn('m0')}[data-entry-id="m0/e200"]`).waitFor();
  await clean(panel);
});

test('scrolled inside a card, the row being read stays in place while rows come in and the window moves', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card('e301', 's1', 'Reader')], { children: { s1: childRows(500) } }));
  await panel.page.getByRole('button', { name: /Reader/ }).click();
  await panel.page.locator(`${drawn('s1')}[data-entry-id="s1/e500"]`).waitFor();
  const earlier = panel.page.locator(`${box('s1')} .nested-earlier`);
  for (let i = 0; i < 4; i++) await earlier.click();
  await frames(panel);
  // Somewhere in the middle, by the user's own scroll.
  await panel.page.locator(box('s1')).evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
  await frames(panel, 4);
  const read = await panel.page.locator(box('s1')).evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const row = Array.from(el.querySelectorAll<HTMLElement>('.nested-list > [data-entry-id]')).find((r) => r.getBoundingClientRect().bottom > top + 1)!;
    return { id: row.dataset.entryId!, at: row.getBoundingClientRect().top - top };
  });
  const where = () => panel.page.locator(box('s1')).evaluate((el, id) => {
    const row = el.querySelector<HTMLElement>(`[data-entry-id="${id}"]`);
    return row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : undefined;
  }, read.id);
  // Rows come in below: nothing moves.
  const more = childRows(30, 501).map((entry, i) => ({ op: 'insert' as const, index: 500 + i, entry }));
  await panel.send({ type: 'rows', changes: [], children: [{ childId: 's1', rows: more }] });
  await frames(panel, 4);
  assert.ok(Math.abs((await where())! - read.at) <= 1, `the row read stays put (${await where()} against ${read.at})`);
  // Scrolling up a little brings rows never drawn into the window above: still where it was, moved only by the scroll.
  await panel.page.locator(box('s1')).evaluate((el) => { el.scrollTop -= 200; });
  await frames(panel, 4);
  const after = await where();
  assert.ok(after !== undefined && Math.abs(after - (read.at + 200)) <= 1, `moved by the scroll alone (${after} against ${read.at + 200})`);
  // Folded and opened again (its rows drawn afresh, at estimated heights): the same row in the same place.
  await panel.page.getByRole('button', { name: /Reader/ }).click();
  assert.equal(await panel.count(drawn('s1')), 0);
  await panel.page.getByRole('button', { name: /Reader/ }).click();
  await panel.page.waitForFunction(([sel, id, at]) => {
    const el = document.querySelector(sel as string);
    const row = el?.querySelector(`[data-entry-id="${id}"]`);
    return !!el && !!row && Math.abs(row.getBoundingClientRect().top - el.getBoundingClientRect().top - (at as number)) <= 1;
  }, [box('s1'), read.id, after] as const);
  await clean(panel);
});

test('the keyboard reaches the rows: keys scroll the card and draw the rows there; focus in a row that leaves stays in the card', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([card('e401', 'k1', 'Keys')], { children: { k1: childRows(200) } }));
  await panel.page.getByRole('button', { name: /Keys/ }).click();
  await panel.page.locator(`${drawn('k1')}[data-entry-id="k1/e200"]`).waitFor();
  for (let i = 0; i < 3; i++) await panel.page.locator(`${box('k1')} .nested-earlier`).click();
  // From the card's own scroll box: Home goes to the earliest shown row, which is drawn there.
  await panel.page.locator(box('k1')).focus();
  await panel.page.keyboard.press('Home');
  await panel.page.locator(`${drawn('k1')}[data-entry-id="k1/e101"]`).waitFor();
  assert.equal(await panel.count(`${drawn('k1')}[data-entry-id="k1/e200"]`), 0, 'the latest rows left the DOM');
  // Tab goes on into the card: the button for earlier rows, then the first drawn row.
  await panel.page.keyboard.press('Tab');
  await panel.page.keyboard.press('Tab');
  const inRow = await panel.page.evaluate(() => (document.activeElement?.closest('[data-entry-id]') as HTMLElement | null)?.dataset.entryId);
  assert.equal(inRow, 'k1/e101', 'Tab reaches the first drawn row');
  // End takes the focused row out of the window: focus stays in the card, which still scrolls by keys.
  await panel.page.locator(box('k1')).evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await panel.page.locator(`${drawn('k1')}[data-entry-id="k1/e200"]`).waitFor();
  await panel.page.waitForFunction(() => document.activeElement?.classList.contains('nested-rows'));
  await panel.page.keyboard.press('Home');
  await panel.page.locator(`${drawn('k1')}[data-entry-id="k1/e101"]`).waitFor();
  await clean(panel);
});
