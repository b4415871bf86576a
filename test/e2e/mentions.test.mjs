// @-mentions in the composer: typing `@` and part of a name lists workspace files (from the
// extension's file index) and symbols (VS Code's workspace symbol search); a pick becomes a chip
// and `@name` in the text; sent, the agent receives each as an embedded resource (the scripted
// agent's `echo` replies with the blocks it got) and the user's message shows them. A picked
// mention is kept when the chat is hidden and shown again.
import { chatWindow, journey } from '../../scripts/e2e/journey.mjs';
import { openFile, runCommand } from '../../scripts/e2e/workbench.mjs';
import { expectCount, expectText, expectTexts, expectValue } from '../../scripts/e2e/expect.mjs';

const GREETER = [
  'export function welcomeVisitor(name: string): string {',
  '  return `Welcome, ${name}!`;',
  '}',
  '',
].join('\n');

const win = chatWindow('mentions', {
  files: {
    'notes/mention-target.md': '# Target\n\nThe file the journey mentions.\n',
    'src/greeter.ts': GREETER,
    'src/other.ts': 'export const other = 1;\n',
  },
});

/** The option of the open @ list whose text has `text` (and, when given, of that kind). */
async function option(chat, text, kind) {
  const rows = await chat.locator(`#mention-list li${kind ? `[data-kind="${kind}"]` : ''}`);
  return rows.filter({ hasText: text }).first();
}

journey(win, 'mention a file and a symbol with @: chips, and the agent receives both', async ({ page, chat }) => {
  await chat.newSession();
  // The TypeScript server answers workspace symbol search once it has a project: open a file of it.
  await openFile(page, 'src/greeter.ts');
  await chat.open();
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.pressSequentially('echo read @mention-tar');

  // The file is listed (its folder in the second line); Enter picks the highlighted first row.
  const file = await option(chat, 'mention-target.md', 'file');
  await file.waitFor({ state: 'visible', timeout: 15000 });
  await expectText(await chat.locator('#mention-list li.active'), /mention-target\.md/, { message: 'the file is the first choice' });
  await expectText(file, /notes\/mention-target\.md/, { message: 'the row shows where the file is' });
  await input.press('Enter');
  await expectValue(input, 'echo read @mention-target.md ', { message: 'the typed @text replaced by the name' });
  await expectTexts(await chat.locator('.chips .chip-label'), ['mention-target.md']);
  await expectCount(await chat.locator('#mention-list:not([hidden])'), 0, { message: 'the list closed after the pick' });

  // A symbol: the language server may need a moment; each retype asks again.
  await input.pressSequentially('and @welcomeVisito');
  const symbol = await option(chat, 'welcomeVisitor', 'symbol');
  for (let attempt = 0; ; attempt++) {
    try {
      await symbol.waitFor({ state: 'visible', timeout: 10000 });
      break;
    } catch (e) {
      if (attempt >= 4) throw e;
      await input.press('Backspace');
      await input.pressSequentially('o');
    }
  }
  await expectText(symbol, /greeter\.ts/, { message: 'the symbol row says where it is' });
  await symbol.click();
  // Named as VS Code's symbol search names it (TypeScript adds `()` to functions).
  await expectValue(input, 'echo read @mention-target.md and @welcomeVisitor() ');
  await expectTexts(await chat.locator('.chips .chip-label'), ['mention-target.md', 'welcomeVisitor()']);
  const symbolChip = (await chat.locator('.chips .chip')).filter({ hasText: 'welcomeVisitor' });
  await expectText(symbolChip, 'welcomeVisitor()');
  const tooltip = await symbolChip.getAttribute('title');
  if (!/src\/greeter\.ts/.test(tooltip ?? '')) throw new Error(`the symbol chip's tooltip names its file, got ${tooltip}`);

  const before = await chat.count('.row.turn-end');
  await input.press('Enter');
  await expectValue(input, '', { message: 'the composer cleared after sending' });
  await expectCount(await chat.locator('.chips .chip'), 0, { message: 'the chips go with the message' });
  await chat.turnEnd(before);
  // The agent got both as embedded resources: the file whole, the symbol's declaration by lines.
  await chat.expectLast('agent', (text) => /"uri":\s*"file:\/\/[^"]*\/notes\/mention-target\.md"/.test(text)
    && /The file the journey mentions\./.test(text)
    && /"uri":\s*"file:\/\/[^"]*\/src\/greeter\.ts#L1-L3"/.test(text)
    && /export function welcomeVisitor/.test(text), { message: 'the echo of both resources' });
  // The sent message shows them.
  const user = await chat.lastOf('user');
  await expectTexts(user.locator('.resource summary .resource-label'), ['mention-target.md', 'greeter.ts:1-3']);
});

journey(win, 'a picked mention stays in the composer when the chat is hidden and shown again; Escape closes the list', async ({ page, chat }) => {
  await chat.newSession();
  const input = await chat.locator('textarea.composer-input');
  await input.click();
  await input.pressSequentially('look at @other');
  const file = await option(chat, 'other.ts', 'file');
  await file.waitFor({ state: 'visible', timeout: 15000 });
  await file.click();
  await expectTexts(await chat.locator('.chips .chip-label'), ['other.ts']);

  await input.pressSequentially('@gree');
  await (await option(chat, 'greeter.ts')).waitFor({ state: 'visible', timeout: 15000 });
  await input.press('Escape');
  await expectCount(await chat.locator('#mention-list:not([hidden])'), 0, { message: 'Escape closes the list' });
  await expectValue(input, 'look at @other.ts @gree', { message: 'Escape keeps the typed text' });

  await runCommand(page, 'View: Show Explorer');
  await chat.waitHidden();
  await chat.open();
  await expectTexts(await chat.locator('.chips .chip-label'), ['other.ts'], { message: 'the chip back after hide/show' });
  await expectValue(await chat.locator('textarea.composer-input'), 'look at @other.ts @gree', { message: 'the draft back after hide/show' });
});
