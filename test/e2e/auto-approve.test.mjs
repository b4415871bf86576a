// Auto-approve rules: "Always allow …" on a permission card makes a rule; the next request it
// covers is answered without a question and marked on its card; a sensitive file still asks;
// the rule is listed by Manage Auto-Approve Rules…; revoked from the thread, the agent is asked again.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { quickPickShown, runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

const win = chatWindow('auto-approve', { files: { 'src/keep.txt': 'kept\n' } });

journey(win, 'always allow from a card, the next edit auto-approved, a sensitive file asked, revoked and asked again', async ({ page, chat, workspace }) => {
  await chat.newSession();

  // 1. The card offers the rule with its scope in words; choosing it answers this request too.
  const first = await chat.send('write src/a.txt first');
  await chat.permissionButtons();
  const offer = await chat.locator('.thread .permission .permission-rule button');
  await expectText(offer, 'Always allow edits under src/', { message: 'the rule the card offers' });
  await offer.click();
  assert.equal(await chat.turnEnd(first), 'end_turn');
  await chat.expectLast('agent', /Wrote src\/a\.txt/);
  await expectCount(await chat.locator('.thread .permission'), 0, { message: 'the question is gone once answered' });

  // 2. The next edit under src/ is answered by the rule: no question, the card names the rule.
  const second = await chat.send('write src/deeper/b.txt second');
  assert.equal(await chat.turnEnd(second), 'end_turn');
  await chat.expectLast('agent', /Wrote src\/deeper\/b\.txt/);
  const autoCard = (await chat.rows('tool_call')).filter({ hasText: 'Write src/deeper/b.txt' });
  await expectText(autoCard.locator('.auto-approved-text'), 'Auto-approved by rule “Allow edits under src/” (Allow)', { message: 'the auto-approved card' });
  assert.equal(readFileSync(join(workspace, 'src', 'deeper', 'b.txt'), 'utf8'), 'second');

  // 3. A sensitive file under the same folder still asks, and offers no rule.
  const third = await chat.send('write src/.env SECRET=1');
  await chat.permissionButtons();
  await expectCount(await chat.locator('.thread .permission .permission-rule'), 0, { message: 'no rule offered for .env' });
  await chat.answerPermission('Reject');
  assert.equal(await chat.turnEnd(third), 'end_turn');
  await chat.expectLast('agent', /Rejected: reject/);

  // 4. The rule is listed in one place: the command, and the view in the Agent Chat container.
  await runCommand(page, 'Agent Chat: Manage Auto-Approve Rules…');
  await expectValueOf(() => quickPickShown(page, 'Auto-Approve Rules (this workspace)'), (labels) => labels.includes('Allow edits under src/'), { what: 'the rule in Manage Auto-Approve Rules' });
  await page.keyboard.press('Escape');
  const rulesPane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Auto-Approve Rules' }) });
  const header = rulesPane.locator('.pane-header');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const ruleRow = rulesPane.locator('.monaco-list-row', { hasText: 'Allow edits under src/' });
  await expectCount(ruleRow, 1, { message: 'the rule in the Auto-Approve Rules view' });

  // 5. Revoked from the card it answered: the card says so, and the next edit asks again.
  await autoCard.locator('button.revoke-rule').click();
  await expectText(autoCard.locator('.rule-revoked'), 'Rule revoked', { message: 'the card after revoking' });
  await expectCount(ruleRow, 0, { message: 'the rule gone from the view' });
  const fourth = await chat.send('write src/c.txt again');
  await chat.permissionButtons();
  await expectText(await chat.locator('.thread .permission .permission-rule button'), 'Always allow edits under src/', { message: 'the offer is back' });
  await chat.answerPermission('Allow');
  assert.equal(await chat.turnEnd(fourth), 'end_turn');
  await chat.expectLast('agent', /Wrote src\/c\.txt/);
  const lastCard = (await chat.rows('tool_call')).filter({ hasText: 'Write src/c.txt' });
  await expectText(lastCard.locator('.permission-outcome'), 'Answered: Allow', { message: 'answered by the user, not a rule' });
});
