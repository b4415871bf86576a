/**
 * While a turn runs, the composer's Queue button is a split button: the arrow opens Queue, Steer
 * and Stop and send, each saying what it does. By mouse and by keyboard; Escape closes the menu
 * without stopping the turn; the thread says how a message sent that way reached the agent.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { session, snapshot, user } from './fixtures.js';

let harness: Harness;
before(async () => {
  harness = await launchHarness();
  await harness.context.addInitScript(() => (globalThis as any).localStorage.clear());
});
after(async () => { await harness?.close(); });

const TABS = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'go', state: 'running' as const }] };
const running = () => snapshot([user('u1', 'go')], { session: session({ turnState: 'running' }), tabs: TABS });

async function fresh(opts?: Parameters<Harness['open']>[0]): Promise<Panel> {
  for (const page of harness.context.pages()) await page.close();
  return harness.open(opts);
}
const focusedLabel = (panel: Panel) => panel.page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-label') ?? '');

test('the arrow beside Queue offers Queue, Steer and Stop and send; each posts its way and clears the draft', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'go')]));
  assert.equal(await panel.page.locator('.send-split').isHidden(), true, 'no menu while nothing runs');
  await panel.send(running());
  const toggle = panel.page.getByRole('button', { name: 'More ways to send' });
  assert.equal(await toggle.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  const input = panel.page.locator('textarea');

  await input.fill('look at the tests instead');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const items = panel.page.getByRole('menuitem');
  assert.deepEqual(await items.locator('.send-menu-label').allTextContents(), ['Queue', 'Steer', 'Stop and send']);
  for (const title of await items.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))) assert.ok(title.length > 20, `a tooltip that says what it does: "${title}"`);
  await panel.screenshot('send-menu');
  await panel.page.getByRole('menuitem', { name: /^Steer:/ }).click();
  assert.deepEqual((await panel.postedOf('sendWhileWorking')).map((m) => [m.how, m.text]), [['steer', 'look at the tests instead']]);
  assert.equal(await input.inputValue(), '', 'the draft went out');
  assert.equal(await panel.page.getByRole('menu').isHidden(), true);
  assert.match(await panel.text('.composer-hint'), /Steering/);

  await input.fill('stop and do this');
  await toggle.click();
  await panel.page.getByRole('menuitem', { name: /^Stop and send:/ }).click();
  assert.deepEqual((await panel.postedOf('sendWhileWorking')).map((m) => m.how), ['steer', 'stop']);

  await input.fill('later');
  await toggle.click();
  await panel.page.getByRole('menuitem', { name: /^Queue:/ }).click();
  assert.deepEqual((await panel.postedOf('queuePrompt')).map((m) => m.text), ['later']);
  // Enter still queues.
  await input.fill('by enter');
  await input.press('Enter');
  assert.deepEqual((await panel.postedOf('queuePrompt')).map((m) => m.text), ['later', 'by enter']);
  assert.equal((await panel.postedOf('sendWhileWorking')).length, 2);
  assert.deepEqual(await panel.violations(), []);
});

test('by keyboard: ArrowDown opens, arrows move, Enter picks; Escape closes the menu and does not stop the turn', async () => {
  const panel = await fresh();
  await panel.send(running());
  const input = panel.page.locator('textarea');
  await input.fill('steer by keyboard');
  const toggle = panel.page.getByRole('button', { name: 'More ways to send' });
  await toggle.focus();
  await panel.page.keyboard.press('ArrowDown');
  assert.match(await focusedLabel(panel), /^Queue:/);
  await panel.page.keyboard.press('ArrowUp');
  assert.match(await focusedLabel(panel), /^Stop and send:/, 'wraps around');
  await panel.page.keyboard.press('Home');
  await panel.page.keyboard.press('ArrowDown');
  assert.match(await focusedLabel(panel), /^Steer:/);
  await panel.page.keyboard.press('Escape');
  assert.equal(await panel.page.getByRole('menu').isHidden(), true);
  assert.equal(await focusedLabel(panel), 'More ways to send', 'focus back on the arrow');
  assert.deepEqual(await panel.postedOf('cancel'), [], 'Escape in the menu does not stop the turn');

  await panel.page.keyboard.press('Enter');
  assert.match(await focusedLabel(panel), /^Queue:/);
  await panel.page.keyboard.press('ArrowDown');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual((await panel.postedOf('sendWhileWorking')).map((m) => [m.how, m.text]), [['steer', 'steer by keyboard']]);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.tagName), 'TEXTAREA', 'back in the input');
});

test('the thread says how a message sent while the agent worked reached it', async () => {
  const panel = await fresh();
  await panel.send(snapshot([
    user('u1', 'long', { turnId: 't1' }),
    user('u2', 'look at the tests', { delivery: 'steered' }),
    user('u3', 'do this', { turnId: 't2', delivery: 'stopped_first' }),
    user('u4', 'and this', { turnId: 't3', delivery: 'stopped_and_sent' }),
  ]));
  const notes = await panel.page.locator('.row.user').evaluateAll((rows) => rows.map((r) => r.querySelector('.delivery-note')?.textContent ?? ''));
  assert.equal(notes[0], '');
  assert.match(notes[1]!, /^Steered: the agent took this message while it worked/);
  assert.match(notes[2]!, /^Steered: the agent stopped its turn first/);
  assert.match(notes[3]!, /^Stopped and sent/);
});

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: the menu takes the theme's menu colours and fits a narrow panel`, async () => {
    const panel = await fresh({ theme, width: 300, height: 600 });
    await panel.send(running());
    await panel.page.getByRole('button', { name: 'More ways to send' }).click();
    const c = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const menu = d.querySelector('.send-menu');
      const box = menu.getBoundingClientRect();
      return { bg: (globalThis as any).getComputedStyle(menu).backgroundColor, left: box.left, right: box.right, width: d.documentElement.clientWidth };
    });
    assert.notEqual(c.bg, 'rgba(0, 0, 0, 0)', 'an opaque menu');
    assert.ok(c.left >= 0 && c.right <= c.width, `inside the panel: ${JSON.stringify(c)}`);
    await panel.screenshot(`send-menu-${theme}`);
  });
}
