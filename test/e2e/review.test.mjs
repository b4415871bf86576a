// Reviewing what a turn changed when the agent writes files itself (no fs/* requests): the row
// under the turn counts the files, one hunk is undone (checked on disk), one file kept, then
// "Restore to here" on the first message (through its preview dialog) puts the files back as
// they were, and Redo takes them forward again. Then the first message is edited and resent.
// Last, the user rewrites the agent's line by hand: Undo asks, keeps their line, and only
// "Take the earlier version" puts the file back.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { answerDialog, modalDialog } from '../../scripts/e2e/workbench.mjs';
import { resultsDir } from '../../scripts/e2e/paths.mjs';
import { expectCount, expectText, expectValueOf } from '../../scripts/e2e/expect.mjs';

const ORIGINAL = { 'a.txt': 'one\ntwo\n', 'c.txt': 'to be deleted\n' };
const win = chatWindow('review', { files: ORIGINAL, agent: 'edits' });

/** What a file holds on disk now (undefined when it does not exist). */
const onDisk = (rel) => () => (existsSync(join(win.workspace, rel)) ? readFileSync(join(win.workspace, rel), 'utf8') : undefined);
const diskIs = (rel, expected, what) => expectValueOf(onDisk(rel), (v) => v === expected, { what: `${rel} on disk ${what}`, timeout: 20000 });

journey(win, 'an agent edits three files itself: undo a hunk, keep a file, restore to before the message, redo', async ({ page, chat }) => {
  assert.equal(await chat.turn('direct', { timeout: 60000 }), 'end_turn');
  await diskIs('b.txt', 'created by the agent\n', 'created by the agent');

  const row = (await chat.rows('changes')).last();
  await expectText(row.locator('.changes-count'), '3 files changed', { message: 'the changes row under the turn', timeout: 30000 });
  const file = (path) => row.locator(`.changes-file[data-path="${path}"]`);
  await expectText(file('a.txt').locator('.file-counts'), '+1 −1', { message: 'a.txt counts' });

  // Undo the one hunk of a.txt: the file on disk is as before the turn.
  await file('a.txt').locator('.hunks-toggle').click();
  await expectCount(file('a.txt').locator('.hunk'), 1, { message: 'a.txt lists one hunk' });
  await file('a.txt').locator('.hunk button[aria-label="Undo this hunk"]').click();
  await diskIs('a.txt', ORIGINAL['a.txt'], 'after undoing its hunk');
  await expectText(file('a.txt').locator('.file-counts'), '+0 −0', { message: 'a.txt counts after the hunk undo' });

  // Keep b.txt.
  await file('b.txt').locator('button[aria-label="Keep"]').click();
  await expectText(file('b.txt').locator('.file-state'), 'Kept', { message: 'b.txt kept' });

  // Restore to before message 1: the preview names the files, the journey confirms it.
  const user = (await chat.rows('user')).first();
  await user.getByRole('button', { name: 'Restore to here', exact: true }).click();
  const preview = await answerDialog(page, /2 files will change[\s\S]*b\.txt \(removed\)[\s\S]*c\.txt \(recreated\)/, 'Restore');
  assert.match(preview, /Restore the files to how they were before this message\?/);
  await diskIs('b.txt', undefined, 'removed by the restore');
  await diskIs('c.txt', ORIGINAL['c.txt'], 'recreated by the restore');
  await diskIs('a.txt', ORIGINAL['a.txt'], 'as before');
  await expectText(user.locator('.undone-label'), 'Restored to before this message', { message: 'the message marked restored' });

  // Redo: forward again to how the files were just before the restore.
  await user.getByRole('button', { name: 'Redo', exact: true }).click();
  await answerDialog(page, /2 files will change/, 'Restore');
  await diskIs('b.txt', 'created by the agent\n', 'back after Redo');
  await diskIs('c.txt', undefined, 'deleted again after Redo');
  await diskIs('a.txt', ORIGINAL['a.txt'], 'still with its hunk undone');
  await expectCount(user.getByRole('button', { name: 'Restore to here', exact: true }), 1, { message: '"Restore to here" offered again after Redo' });
}, { timeout: 240000 });

journey(win, 'edit and resend the first message: its files are restored, the edited text goes to a new session (the agent cannot fork)', async ({ page, chat }) => {
  const user = (await chat.rows('user')).first();
  await user.getByRole('button', { name: 'Edit and resend', exact: true }).click();
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 20000 });
  await expectValueOf(() => input.inputValue(), 'direct', { what: 'the input box holds the message' });
  await input.fill('direct');
  await input.press('Enter');
  await answerDialog(page, /then send the edited message\?[\s\S]*2 files will change/, 'Restore');
  await chat.waitForRow('notice', 'Edited and resent in a new session', { timeout: 30000 });
  await expectCount(await chat.rows('user'), 2, { message: 'the edited message sent as a new user row' });
  // The agent ran again on the restored files: c.txt existed again for it to delete.
  await expectText((await chat.rows('changes')).last().locator('.changes-count'), '3 files changed', { message: 'the resent turn changed three files', timeout: 60000 });
  await diskIs('a.txt', 'one\nTWO\n', 'edited by the resent turn');
  await diskIs('b.txt', 'created by the agent\n', 'created by the resent turn');
  await diskIs('c.txt', undefined, 'deleted by the resent turn');
}, { timeout: 240000 });

journey(win, 'the user rewrites the line the agent wrote: Undo asks, keeps their line, and takes the earlier version only when told', async ({ page, chat }) => {
  const row = (await chat.rows('changes')).last();
  const file = row.locator('.changes-file[data-path="a.txt"]');
  await expectText(file.locator('.file-counts'), '+1 −1', { message: 'a.txt counts of the resent turn', timeout: 30000 });
  // The agent changed line 2 ("two" → "TWO"); the user rewrites that same line and saves.
  writeFileSync(join(win.workspace, 'a.txt'), 'one\nmine\n');
  await file.locator('button[aria-label="Undo"]').click();
  const dialog = modalDialog(page);
  await dialog.waitFor({ state: 'visible', timeout: 20000 });
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, 'review-conflict.png') });
  const asked = await answerDialog(page, /you changed a\.txt since the agent wrote it[\s\S]*your change: line 2/, 'Keep my changes');
  assert.match(asked, /Take the earlier version/);
  await diskIs('a.txt', 'one\nmine\n', 'still the user\'s after Keep my changes');
  await expectCount(file.locator('button[aria-label="Undo"]'), 1, { message: 'a.txt still open in the review' });
  await file.locator('button[aria-label="Undo"]').click();
  await answerDialog(page, /you changed a\.txt since the agent wrote it/, 'Take the earlier version');
  await diskIs('a.txt', ORIGINAL['a.txt'], 'as before the turn once the user took the earlier version');
  await expectText(file.locator('.file-state'), 'Undone', { message: 'a.txt undone' });
}, { timeout: 180000 });
