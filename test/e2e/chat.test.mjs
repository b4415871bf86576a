// Talking to an agent: open the panel, stream Markdown, thoughts, plans, usage in the status bar.
import assert from 'node:assert/strict';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { statusBarText } from '../../scripts/e2e/workbench.mjs';
import { waitUntil } from '../../scripts/e2e/chat.mjs';
import { PLAN_DONE, PLAN_STEPS, THOUGHT_PARTS } from '../agents/lib/texts.ts';

const win = chatWindow('chat', { openChat: false, files: { 'README.md': '# Sample\n' } });

journey(win, 'opens the chat panel from the command palette', async ({ page, chat }) => {
  const frame = await chat.open();
  await frame.locator('textarea.composer-input').waitFor({ state: 'visible' });
  // The view sits in the Agent Chat container and the default agent comes up by itself.
  await page.locator('.pane-header[aria-label*="Chat"], .composite.title', { hasText: /chat/i }).first().waitFor();
  await frame.locator('.agent-state.state-ready').waitFor({ timeout: 20000 });
  assert.match(await frame.locator('.agent-state').innerText(), /Scripted Agent/);
});

journey(win, 'a prompt streams back as rendered Markdown', async ({ chat }) => {
  await chat.newSession();
  const frame = await chat.frame();
  // Record every text the agent message shows, to see it grow chunk by chunk.
  await frame.evaluate(() => {
    const seen = (window.__agentTexts = []);
    new MutationObserver(() => {
      const rows = document.querySelectorAll('[data-entry-type="agent"]');
      const text = rows.length ? rows[rows.length - 1].textContent : '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  assert.equal(await chat.turn('hello'), 'end_turn');
  const msg = await chat.lastOf('agent');
  await msg.locator('h2', { hasText: 'Hello from the scripted agent' }).waitFor();
  await msg.locator('strong', { hasText: 'streamed' }).waitFor();
  assert.equal(await msg.locator('li').count(), 2);
  await msg.locator('code', { hasText: 'inline code' }).waitFor();
  const code = msg.locator('pre code');
  assert.match(await code.innerText(), /export function greet\(name: string\): string \{/);
  assert.ok((await code.locator('[class*="hljs-"]').count()) > 0, 'the ts block is highlighted');
  const seen = await frame.evaluate(() => window.__agentTexts);
  assert.ok(seen.length >= 2, `the message grew while streaming (saw ${seen.length} states)`);
});

journey(win, 'a thought shows as its own block before the answer', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('thought'), 'end_turn');
  const thought = await chat.lastOf('thought');
  const summary = thought.locator('summary');
  assert.match(await summary.innerText(), /Thought/);
  if (!(await thought.evaluate((el) => el.open))) await summary.click();
  // What the opened block shows (drawn in the panel's next frame after it opens).
  const shown = () => thought.locator('.md, .message-body, :scope > :not(summary)').first().innerText().then((t) => t.replace(/\s+/g, ' ').trim());
  await waitUntil(async () => (await shown()) !== '', { message: 'the opened thought to show its text' });
  assert.equal(await shown(), THOUGHT_PARTS.join('').trim());
  const answer = await chat.lastOf('agent');
  await answer.locator('strong', { hasText: 'after' }).waitFor();
  // Thought first, then the answer.
  const order = await (await chat.frame()).locator('[data-entry-type="thought"], [data-entry-type="agent"]')
    .evaluateAll((els) => els.map((e) => e.dataset.entryType));
  assert.deepEqual(order, ['thought', 'agent']);
});

journey(win, 'a plan is one list whose steps complete', async ({ chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('plan'), 'end_turn');
  const frame = await chat.frame();
  assert.equal(await frame.locator('[data-entry-type="plan"]').count(), 1, 'updates replace the plan, not add plans');
  const items = frame.locator('[data-entry-type="plan"] .plan-item');
  await waitUntil(async () => (await items.count()) === 3, { message: 'three plan steps' });
  const texts = await items.allInnerTexts();
  PLAN_STEPS.forEach((step, i) => assert.match(texts[i], new RegExp(step)));
  assert.equal(await frame.locator('[data-entry-type="plan"] .plan-item.status-completed').count(), 3);
  assert.match(await chat.lastText('agent'), new RegExp(PLAN_DONE));
});

journey(win, 'usage shows in the status bar as used / size (percent)', async ({ page, chat }) => {
  await chat.newSession();
  assert.equal(await chat.turn('usage'), 'end_turn');
  assert.match(await statusBarText(page, /53k \/ 200k/), /53k \/ 200k \(27%\)/);
});
