// Talking to an agent: open the panel, stream Markdown, thoughts, plans, usage in the status bar.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { statusBarText } from '../../scripts/e2e/workbench.mjs';
import { expectAttribute, expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';
import { PLAN_DONE, PLAN_STEPS, THOUGHT_PARTS } from '../agents/lib/texts.ts';
import { FLOOD_FILL } from '../agents/lib/v1-scenarios-content.ts';

const win = chatWindow('chat', { openChat: false, files: { 'README.md': '# Sample\n' } });

journey(win, 'opens the chat panel from the command palette', async ({ page, chat }) => {
  const frame = await chat.open();
  await frame.locator('textarea.composer-input').waitFor({ state: 'visible' });
  // The view sits in the Agent Chat container and the default agent comes up by itself.
  await page.locator('.pane-header[aria-label*="Chat"], .composite.title', { hasText: /chat/i }).first().waitFor();
  await expectText(frame.locator('.agent-state.state-ready'), /Scripted Agent/, { timeout: 20000 });
});

journey(win, 'a prompt streams back as rendered Markdown', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('hello'), 'end_turn');
  const msg = await chat.lastOf('agent');
  await msg.locator('h2', { hasText: 'Hello from the scripted agent' }).waitFor();
  await msg.locator('strong', { hasText: 'streamed' }).waitFor();
  await expectCount(msg.locator('li'), 2);
  await msg.locator('code', { hasText: 'inline code' }).waitFor();
  const code = msg.locator('pre code');
  await expectText(code, /export function greet\(name: string\): string \{/);
  await code.locator('[class*="hljs-"]').first().waitFor({ state: 'attached' });
});

journey(win, 'a thought shows as its own block before the answer', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('thought'), 'end_turn');
  const thought = await chat.lastOf('thought');
  const summary = thought.locator('summary');
  // Folded once the answer started; opened by the user, it shows the whole thought.
  await expectText(summary, /Thought/);
  await expectAttribute(thought, 'open', null, { message: 'the thought folded after the answer started' });
  await summary.click();
  await expectText(thought.locator('.message-body'), THOUGHT_PARTS.join('').trim(), { message: 'the opened thought' });
  const answer = await chat.lastOf('agent');
  await answer.locator('strong', { hasText: 'after' }).waitFor();
  // Thought first, then the answer.
  await expectValueOf(() => chat.locator('.thread [data-entry-type="thought"], .thread [data-entry-type="agent"]')
    .then((rows) => rows.evaluateAll((els) => els.map((e) => e.dataset.entryType))), ['thought', 'agent'], { what: 'the order of the rows' });
});

journey(win, 'a plan is one list whose steps complete', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plan'), 'end_turn');
  await expectCount(await chat.rows('plan'), 1, { message: 'updates replace the plan, not add plans' });
  const items = await chat.locator('.thread [data-entry-type="plan"] .plan-item');
  await expectValueOf(() => items.allInnerTexts(), (texts) => texts.length === 3 && PLAN_STEPS.every((step, i) => texts[i].includes(step)),
    { what: 'the three plan steps in order' });
  await expectCount(await chat.locator('.thread [data-entry-type="plan"] .plan-item.status-completed'), 3, { message: 'every step completed' });
  await chat.expectLast('agent', new RegExp(PLAN_DONE));
});

journey(win, 'usage shows in the status bar as used / size (percent)', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('usage'), 'end_turn');
  await statusBarText(page, /53k \/ 200k \(27%\)/);
});

journey(win, 'long streamed text crosses to the panel as UTF-8 bytes and shows whole, with no resync', async ({ page, chat }) => {
  // Each line is longer than the size from which an append is posted as bytes (PACK_FROM_CHARS).
  const lines = 40;
  const fill = FLOOD_FILL.repeat(Math.ceil(5000 / FLOOD_FILL.length));
  // The page asks for a whole snapshot when a change cannot be taken (it warns "out of sync"),
  // which would end with the whole text too: the warning tells whether the bytes were taken.
  const resyncs = [];
  const onConsole = (m) => { if (/out of sync/.test(m.text())) resyncs.push(m.text()); };
  page.on('console', onConsole);
  try {
    await chat.newSession();
    // Counts the appends that come as bytes, as the page receives them.
    await (await chat.frame()).evaluate(() => {
      globalThis.packedAppends = 0;
      addEventListener('message', (e) => { for (const c of e.data?.changes ?? []) if (c.utf8 instanceof Uint8Array) globalThis.packedAppends++; }, true);
    });
    assert.equal(await chat.turn(`flood ${lines} 5000`), 'end_turn');
    const msg = await chat.lastOf('agent');
    await expectValueOf(() => msg.evaluate((el) => el.textContent.split(/\s*(?=line \d+ )/).filter(Boolean)),
      (got) => got.length === lines && got.every((l, i) => l.trim() === `line ${i + 1} ${fill}`.trim()), { what: `lines 1 to ${lines}, each whole, in order` });
    assert.ok(await (await chat.frame()).evaluate(() => globalThis.packedAppends) > 0, 'the text came as bytes');
  } finally {
    page.off('console', onConsole);
  }
  assert.deepEqual(resyncs, [], 'no change was refused on the way');
});
