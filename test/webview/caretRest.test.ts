/**
 * The composer's caret blinks while the user works in it and holds still once left alone
 * (webview/caretRest.ts): each blink is a frame of the whole page, the panel's whole idle cost
 * over an empty page. At rest the caret is still shown, the page draws no frames, and a keystroke
 * or leaving the field brings the blinking back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CDPSession } from 'playwright-core';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, snapshot, user } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const caret = (panel: Panel) => panel.page.evaluate(() => {
  const d = (globalThis as any).document;
  const input = d.querySelector('.composer-input');
  return { focused: d.activeElement === input, resting: input.hasAttribute('data-caret-rest'), animation: getComputedStyle(input).getPropertyValue('caret-animation') };
});

/** Main frames the page's renderer began over `ms` (a blinking caret begins one per blink, about two a second). */
async function framesOver(cdp: CDPSession, ms: number): Promise<number> {
  const events: Array<{ name?: unknown }> = [];
  const collect = (e: { value: object[] }) => { events.push(...e.value); };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['cc', 'devtools.timeline'], excludedCategories: ['*'] } } as never);
  await new Promise((r) => setTimeout(r, ms));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', collect);
  return events.filter((e) => e.name === 'ProxyMain::BeginMainFrame').length;
}

test('the composer caret blinks after a keystroke, then rests: shown, still, and the page draws no frames; a keystroke or leaving wakes it', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hello'), agent('a1', 'Hi there, how can I help?')]));
  const input = panel.page.locator('.composer-input');
  await input.click();
  await panel.page.keyboard.type('draft');
  assert.deepEqual(await caret(panel), { focused: true, resting: false, animation: 'auto' }, 'a caret the user just typed at blinks');

  // Left alone, it comes to rest within a few seconds.
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.hasAttribute('data-caret-rest'), undefined, { timeout: 30_000 });
  assert.deepEqual(await caret(panel), { focused: true, resting: true, animation: 'manual' });

  // Still shown: the field looks different with its caret made transparent.
  const box = (await input.boundingBox())!;
  const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
  const shown = await panel.page.screenshot({ clip, caret: 'initial' });
  await input.evaluate((el: any) => { el.style.caretColor = 'transparent'; });
  const hidden = await panel.page.screenshot({ clip, caret: 'initial' });
  await input.evaluate((el: any) => { el.style.caretColor = ''; });
  assert.notDeepEqual(shown, hidden, 'the resting caret is drawn');

  // Nothing changes, so nothing is drawn (a blinking caret begins about two frames a second).
  // A frame may come from elsewhere (a late font, the screenshot above): the check retries.
  const cdp = await panel.page.context().newCDPSession(panel.page);
  const frames: number[] = [];
  for (let i = 0; i < 5 && frames.at(-1) !== 0; i++) frames.push(await framesOver(cdp, 2_000));
  assert.equal(frames.at(-1), 0, `frames in 2 s windows at rest: ${frames.join(', ')}`);

  // A keystroke wakes it; it comes to rest again.
  await panel.page.keyboard.press('End');
  assert.deepEqual(await caret(panel), { focused: true, resting: false, animation: 'auto' });
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.hasAttribute('data-caret-rest'), undefined, { timeout: 30_000 });

  // Leaving the field wakes it too, so the next visit starts blinking.
  await panel.page.evaluate(() => (globalThis as any).document.activeElement.blur());
  assert.deepEqual(await caret(panel), { focused: false, resting: false, animation: 'auto' });
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
});
