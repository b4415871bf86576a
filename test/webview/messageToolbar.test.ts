/**
 * A user message's actions are a small toolbar of icon buttons in its head line: a short message
 * with them is no taller than one without; drawn while the message is hovered or focused and
 * always on the latest one; one Tab stop per message, the arrow keys move inside; a disabled
 * action says why on hover and sends nothing.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { READY, agent, session, snapshot, turnEnd, user } from './fixtures.js';
import type { AgentStatus, SessionTabs } from '../../src/shared/webviewProtocol.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const FORKS: AgentStatus = { ...(READY as Extract<AgentStatus, { state: 'ready' }>), forks: true };
const TABS: SessionTabs = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'Tomatoes', state: 'idle' }] };
const checkpoint = (id: string) => [{ root: '/work', id }];
const TWO_TURNS = [
  user('u1', 'plant tomatoes', { turnId: 't1', checkpoint: checkpoint('c1') }), agent('a1', 'noted'), turnEnd('e1', 'end_turn'),
  user('u2', 'water them', { turnId: 't2', checkpoint: checkpoint('c2') }), agent('a2', 'noted too'), turnEnd('e2', 'end_turn'),
];

const messages = (panel: Panel) => panel.page.getByRole('article', { name: 'You' });
const toolbarOpacity = (panel: Panel, n: number) => messages(panel).nth(n).getByRole('toolbar', { name: 'Message actions' })
  .evaluate((el) => (globalThis as any).getComputedStyle(el).opacity as string);
/** The focused element's accessible label and the message it is in (0-based), as the page sees it. */
const focused = (panel: Panel) => panel.page.evaluate(() => {
  const el = (globalThis as any).document.activeElement;
  const rows = Array.from((globalThis as any).document.querySelectorAll('.row.user'));
  return [el?.getAttribute('aria-label') ?? '', rows.findIndex((r: any) => r.contains(el))] as [string, number];
});

test('a short message with its actions is as tall as one without them (300 px and 600 px)', async () => {
  for (const width of [300, 600]) {
    const panel = await harness.open({ width });
    await panel.send(snapshot([user('plain', 'short prompt'), ...TWO_TURNS], { agent: FORKS, tabs: TABS }));
    await messages(panel).nth(2).getByRole('button', { name: 'Fork from here' }).waitFor();
    const heights = await messages(panel).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    // Measured: 53 px each here; the buttons under the text made it 107 px (137 with the fork) at 300 px, 77 px at 600 px.
    assert.deepEqual(heights, [heights[0], heights[0], heights[0]], `heights at ${width} px: ${heights.join(', ')}`);
    assert.ok(heights[0]! <= 60, `a short message is ${heights[0]} px tall`);
    await panel.screenshot(`message-toolbar-${width}`);
    await panel.page.close();
  }
});

test('drawn on hover and focus, always on the latest message; named buttons with tooltips', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot(TWO_TURNS, { agent: FORKS, tabs: TABS }));
  const first = messages(panel).nth(0);
  await first.getByRole('button', { name: 'Restore to here' }).waitFor({ state: 'attached' });
  await panel.page.mouse.move(0, 0);
  assert.equal(await toolbarOpacity(panel, 0), '0', 'an earlier message keeps its actions out of sight');
  assert.equal(await toolbarOpacity(panel, 1), '1', 'the latest message shows them');
  await first.hover();
  assert.equal(await toolbarOpacity(panel, 0), '1', 'hovered, it shows them');
  for (const [name, title] of [['Restore to here', 'Restore to here'], ['Edit and resend', 'Edit and resend']]) {
    assert.equal(await first.getByRole('button', { name, exact: true }).getAttribute('title'), title);
  }
  assert.equal(await first.getByRole('button', { name: /^Fork from here/ }).count(), 0, 'no fork on an earlier turn');
  await panel.page.mouse.move(0, 0);
  assert.equal(await toolbarOpacity(panel, 0), '0');
});

test('keyboard: one Tab stop per message, arrows move between its actions, Enter runs the one focused', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot(TWO_TURNS, { agent: FORKS, tabs: TABS }));
  await messages(panel).nth(1).getByRole('button', { name: 'Fork from here' }).waitFor();
  await panel.page.mouse.move(0, 0);
  await panel.page.getByRole('log', { name: 'Conversation' }).focus();
  await panel.page.keyboard.press('Tab');
  assert.deepEqual(await focused(panel), ['Restore to here', 0]);
  assert.equal(await toolbarOpacity(panel, 0), '1', 'the focused message shows its actions');
  await panel.page.keyboard.press('ArrowRight');
  assert.deepEqual(await focused(panel), ['Edit and resend', 0]);
  // The fork control is hidden on this message: the arrows skip it.
  await panel.page.keyboard.press('ArrowRight');
  assert.deepEqual(await focused(panel), ['Restore to here', 0]);
  await panel.page.keyboard.press('End');
  await panel.page.keyboard.press('Tab');
  assert.deepEqual(await focused(panel), ['Restore to here', 1], 'Tab goes on to the next message, not through every button');
  await panel.page.keyboard.press('End');
  assert.deepEqual(await focused(panel), ['Fork from here', 1]);
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('forkFromHere'), [{ type: 'forkFromHere', turnId: 't2' }]);
  // Shift+Tab comes back to the first message's toolbar at the button used last.
  await panel.page.keyboard.press('Shift+Tab');
  assert.deepEqual(await focused(panel), ['Edit and resend', 0]);
});

test('while a turn runs, Restore to here is disabled and says why on hover; pressing it sends nothing', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot(TWO_TURNS, { agent: FORKS, tabs: TABS }));
  await panel.send({ type: 'session', session: session({ turnState: 'running' }) });
  const restore = messages(panel).nth(0).getByRole('button', { name: /^Restore to here/ });
  await panel.page.waitForFunction(() => (globalThis as any).document.querySelector('.row.user [data-checkpoint-action="restore"]')?.getAttribute('aria-disabled') === 'true');
  assert.match(await restore.getAttribute('title') ?? '', /Not while a turn is running/);
  assert.match(await restore.getAttribute('aria-label') ?? '', /^Restore to here \(unavailable\)\. Not while a turn is running/);
  await restore.focus();
  await panel.page.keyboard.press('Enter');
  await restore.click({ force: true });
  assert.deepEqual(await panel.postedOf('checkpoint'), []);
  // The turn ends: the same button works.
  await panel.send({ type: 'session', session: session({ turnState: 'idle' }) });
  await panel.page.waitForFunction(() => !(globalThis as any).document.querySelector('.row.user [data-checkpoint-action="restore"]')?.hasAttribute('aria-disabled'));
  await restore.click();
  assert.deepEqual(await panel.postedOf('checkpoint'), [{ type: 'checkpoint', turnId: 't1', action: 'restore' }]);
});

test('a message restored to: says so under its text and keeps Redo in sight', async () => {
  const panel = await harness.open({ width: 300 });
  const [u1, ...rest] = TWO_TURNS;
  await panel.send(snapshot([{ ...u1!, redo: checkpoint('r1'), undone: true } as typeof u1, ...rest], { agent: FORKS, tabs: TABS }));
  const first = messages(panel).nth(0);
  await first.getByRole('button', { name: 'Redo' }).waitFor();
  await panel.page.mouse.move(0, 0);
  assert.equal(await toolbarOpacity(panel, 0), '1');
  assert.equal((await first.locator('.undone-label').textContent())?.trim(), 'Restored to before this message');
  assert.equal(await first.getByRole('button', { name: 'Restore to here' }).count(), 0);
});
