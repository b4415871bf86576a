/**
 * The Threads view (agentChat.overview) with several threads at once in code-server: two threads
 * working and one whose agent waits for the user's answer, and the Agent Chat icon's badge that
 * counts the waiting one (gone once it is answered).
 */
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { expectCount, expectText } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('overview');

journey(win, 'the Threads view shows two threads working and one waiting for the user; the Agent Chat icon\'s badge counts the one waiting', async ({ page, chat }) => {
  // Two threads that just work (ticks, no question) and one whose agent asks a permission.
  for (const prompt of ['work one', 'work two', 'long waits']) {
    await chat.newSession();
    await chat.send(prompt);
    await chat.waitForRow('agent', 'tick');
  }
  await chat.permissionButtons();
  const threads = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Threads' }) });
  const row = (label) => threads.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first();
  await expectText(row('work one'), /scripted · working/, { message: 'the first thread working', timeout: 20000 });
  await expectText(row('work two'), /scripted · working/, { message: 'the second thread working', timeout: 20000 });
  await expectText(row('long waits'), /scripted · waiting for you/, { message: 'the third thread waiting for the user', timeout: 20000 });
  // The badge on the Agent Chat icon counts the one thread that waits.
  const icon = page.locator('.activitybar .action-item').filter({ has: page.locator('[aria-label^="Agent Chat"]') })
    .or(page.locator('.activitybar .action-item[aria-label^="Agent Chat"]')).first();
  await expectText(icon.locator('.badge-content'), '1', { message: 'the badge counts the thread waiting', timeout: 20000 });
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'threads-overview.png') });
  // Answered, nothing waits: the badge goes, the thread works on.
  await chat.answerPermission('Allow');
  await expectText(row('long waits'), /scripted · working/, { message: 'the third thread working once answered', timeout: 20000 });
  await expectCount(icon.locator('.badge-content:visible'), 0, { message: 'no badge once nothing waits', timeout: 20000 });
}, { timeout: 120000 });
