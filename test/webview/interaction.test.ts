/** What the user does: answer permissions, type, send, stop, complete commands, attach, reload. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, session, snapshot, thought, tool, user } from './fixtures.js';
import type { ToolCallEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const fresh = (): Promise<Panel> => harness.open();
const nonReady = async (panel: Panel) => (await panel.posted()).filter((m) => m.type !== 'ready' && m.type !== 'getQueue');
const focused = (panel: Panel) => panel.page.evaluate(() => {
  const el = (globalThis as any).document.activeElement;
  return { tag: el?.tagName, label: el?.textContent?.trim(), cls: el?.className };
});
/** Two animation frames: what a render put off to the next frame (focus, scroll) has run. */
const frames = (panel: Panel) => panel.page.evaluate(() => new Promise<void>((r) => {
  const raf = (globalThis as any).requestAnimationFrame;
  raf(() => raf(() => r()));
}));

const asking: ToolCallEntry = tool('t1', {
  kind: 'execute', title: 'Run npm install', status: 'pending',
  permission: {
    requestId: 'req-7', title: 'Run `npm install`?',
    options: [
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
      { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'always', name: 'Always allow npm', kind: 'allow_always' },
      { optionId: 'never', name: 'Never', kind: 'reject_always' },
    ],
  },
});

test('a permission request shows the agent\'s options inline, focuses the first allow, answers once', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'install deps')], { session: session({ turnState: 'running' }) }));
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: asking }] }, { type: 'session', session: session({ turnState: 'requires_action' }) });
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.dataset?.optionId === 'once');
  const buttons = panel.page.locator('.permission button');
  assert.deepEqual(await buttons.allTextContents(), ['Reject', 'Allow once', 'Always allow npm', 'Never']);
  assert.deepEqual(await buttons.evaluateAll((els) => els.map((e) => e.className)), [
    'btn perm-option btn-danger', 'btn perm-option btn-primary', 'btn perm-option btn-secondary', 'btn perm-option btn-danger',
  ]);
  assert.match(await panel.text('.tool-status'), /Waiting for approval/);
  assert.match(await panel.text('.turn-state'), /Waiting for your approval/);
  assert.match(await panel.page.locator('[role="alert"][aria-live="assertive"]').textContent() ?? '', /Permission needed: Run `npm install`\?/);
  assert.equal(await panel.page.locator('.permission').getAttribute('role'), 'group');

  // Keyboard: Tab moves to the next option, Enter answers it; a second answer is not sent.
  await panel.page.keyboard.press('Tab');
  assert.equal((await focused(panel)).label, 'Always allow npm');
  await panel.page.keyboard.press('Enter');
  await panel.page.keyboard.press('Enter');
  await panel.page.locator('.permission button', { hasText: 'Reject' }).dispatchEvent('click');
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'req-7', optionId: 'always' }]);

  // The host resolves it: the buttons go, the outcome stays on the card.
  const { permission: _p, ...rest } = asking;
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: { ...rest, status: 'in_progress', permissionOutcome: 'always', permissionLabel: 'Always allow npm' } }] });
  assert.equal(await panel.count('.permission button'), 0);
  // The agent's label, not the option id (which stays in the tooltip).
  assert.equal((await panel.text('.permission-outcome')).trim(), 'Answered: Always allow npm');
  assert.equal(await panel.page.getAttribute('.permission-outcome', 'title'), 'Option: always');
  await panel.screenshot('permission-answered');
});

test('a permission replayed in a snapshot is shown but does not steal focus', async () => {
  const panel = await fresh();
  await panel.page.locator('textarea').focus();
  await panel.send(snapshot([asking]));
  // The card is shown, and whatever its rendering put off to the next frames has run.
  await panel.page.locator('.permission button').nth(3).waitFor();
  await frames(panel);
  assert.equal((await focused(panel)).tag, 'TEXTAREA');
  assert.equal(await panel.count('.permission button'), 4);
  await panel.screenshot('permission');
});

test('composer: Enter sends, Shift+Enter breaks the line, Enter while composing (IME) does nothing', async () => {
  const panel = await fresh();
  await panel.send(snapshot([]));
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('first line');
  await panel.page.keyboard.press('Shift+Enter');
  await panel.page.keyboard.type('second line');
  // An IME confirming a candidate sends keydown Enter with isComposing.
  await input.evaluate((el) => el.dispatchEvent(new (globalThis as any).KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true })));
  assert.deepEqual(await panel.postedOf('send'), []);
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('send'), [{ type: 'send', text: 'first line\nsecond line', attachments: [], images: [] }]);
  assert.equal(await input.inputValue(), '');
  // Empty input sends nothing.
  await panel.page.keyboard.press('Enter');
  assert.equal((await panel.postedOf('send')).length, 1);
});

test('while a turn runs: Send becomes Stop, Escape and Stop post cancel, typing continues, Enter queues', async () => {
  const panel = await fresh();
  await panel.send(snapshot([user('u1', 'go')], { session: session({ turnState: 'running' }) }));
  const send = panel.page.locator('button.send');
  assert.equal(await send.textContent(), 'Stop');
  assert.equal(await panel.page.getByRole('button', { name: 'Queue message (Enter)' }).isVisible(), true);
  await panel.page.locator('textarea').click();
  await panel.page.keyboard.type('next idea');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('send'), []);
  assert.deepEqual(await panel.postedOf('queuePrompt'), [{ type: 'queuePrompt', text: 'next idea', attachments: [], images: [] }]);
  assert.equal(await panel.page.locator('textarea').inputValue(), '', 'the composer is free for the next thought');
  // Escape in the composer still stops the turn; so does the Stop button.
  await panel.page.keyboard.press('Escape');
  await send.click();
  assert.deepEqual(await panel.postedOf('cancel'), [{ type: 'cancel' }, { type: 'cancel' }]);
  // Escape elsewhere in the panel stops too.
  await panel.page.locator('.thread').focus();
  await panel.page.keyboard.press('Escape');
  assert.equal((await panel.postedOf('cancel')).length, 3);

  await panel.send({ type: 'session', session: session({ turnState: 'idle' }) });
  assert.equal(await send.textContent(), 'Send');
  assert.equal(await panel.page.locator('button.queue-btn').isHidden(), true);
  await panel.page.keyboard.press('Escape');
  assert.equal((await panel.postedOf('cancel')).length, 3, 'Escape when idle cancels nothing');
  await panel.page.locator('textarea').fill('now');
  await send.click();
  assert.deepEqual(await panel.postedOf('send'), [{ type: 'send', text: 'now', attachments: [], images: [] }]);
});

test('slash commands: popup filters, arrows move, Tab/Enter accept, shows description and hint', async () => {
  const panel = await fresh();
  await panel.send(snapshot([], { session: session({ commands: [
    { name: 'review', description: 'Review the current changes' },
    { name: 'research', description: 'Look things up', inputHint: 'topic to research' },
    { name: 'plan', description: 'Make a plan' },
  ] }) }));
  const input = panel.page.locator('textarea');
  await input.click();
  await panel.page.keyboard.type('/re');
  assert.equal(await panel.page.locator('.slash-popup:not(.mention-popup)').isVisible(), true);
  assert.deepEqual(await panel.page.locator('.slash-name').allTextContents(), ['/review', '/research']);
  assert.equal(await panel.text('.slash-item.active .slash-desc'), 'Review the current changes');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'slash-opt-0');
  await panel.page.keyboard.press('ArrowDown');
  assert.equal(await panel.text('.slash-item.active .slash-name'), '/research');
  assert.equal(await panel.text('.slash-item.active .slash-hint'), 'topic to research');
  await panel.screenshot('slash');
  await panel.page.keyboard.press('Tab');
  assert.equal(await input.inputValue(), '/research ');
  assert.equal(await panel.page.locator('.slash-popup:not(.mention-popup)').isVisible(), false);
  await panel.page.keyboard.type('webviews');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual((await panel.postedOf('send')).map((m) => m.text), ['/research webviews']);

  // Enter accepts (does not send) while the popup is open; Escape closes it without cancelling.
  await panel.page.keyboard.type('/pl');
  await panel.page.keyboard.press('Enter');
  assert.equal(await input.inputValue(), '/plan ');
  await panel.page.keyboard.press('Backspace');
  await panel.page.keyboard.press('Escape');
  assert.equal((await panel.postedOf('send')).length, 1);
  assert.deepEqual(await panel.postedOf('cancel'), []);
});

test('attachments: buttons ask the host, chips come back and can be removed, sent with the prompt', async () => {
  const panel = await fresh();
  await panel.send(snapshot([]));
  await panel.page.getByRole('button', { name: 'Attach active file' }).click();
  await panel.page.getByRole('button', { name: 'Attach selection' }).click();
  assert.deepEqual(await panel.postedOf('attachActive'), [{ type: 'attachActive', selectionOnly: false }, { type: 'attachActive', selectionOnly: true }]);
  const a = { uri: 'file:///w/src/a.ts', name: 'a.ts' };
  const b = { uri: 'file:///w/src/b.ts', name: 'b.ts', range: { startLine: 3, endLine: 9 } };
  await panel.send({ type: 'attach', attachment: a }, { type: 'attach', attachment: b }, { type: 'attach', attachment: a });
  assert.deepEqual(await panel.page.locator('.chip-label').allTextContents(), ['a.ts', 'b.ts:3-9']);
  await panel.page.getByRole('button', { name: 'Remove a.ts' }).click();
  await panel.page.locator('textarea').fill('explain');
  await panel.page.locator('textarea').press('Enter');
  assert.deepEqual(await panel.postedOf('send'), [{ type: 'send', text: 'explain', attachments: [b], images: [] }]);
  assert.equal(await panel.count('.chip'), 0);
});

test('pasting an image adds a chip when the agent accepts images, and sends it as base64', async () => {
  const panel = await fresh();
  await panel.send(snapshot([]));
  const input = panel.page.locator('textarea');
  await input.focus();
  const paste = () => input.evaluate((el) => {
    const g = globalThis as any;
    const bytes = Uint8Array.from(g.atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c: string) => c.charCodeAt(0));
    const dt = new g.DataTransfer();
    dt.items.add(new g.File([bytes], 'shot.png', { type: 'image/png' }));
    el.dispatchEvent(new g.ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await paste();
  await panel.page.locator('.image-chip').waitFor();
  assert.match((await panel.page.locator('.chip-thumb').getAttribute('src'))!, /^data:image\/png;base64,iVBOR/);
  await input.fill('what is this?');
  await input.press('Enter');
  const [sent] = await panel.postedOf('send');
  assert.equal(sent!.images.length, 1);
  assert.equal(sent!.images[0]!.mimeType, 'image/png');
  assert.match(sent!.images[0]!.data, /^iVBORw0KGgo/);

  await panel.send({ type: 'agent', agent: { state: 'ready', agentName: 'x', protocolVersion: 1, protocol: 'ACP v1' }, agents: [], composer: { image: false, audio: false, embeddedContext: false } });
  await paste();
  // The paste was handled once the hint says so; no chip came with it.
  await panel.page.locator('.composer-hint', { hasText: 'does not accept images' }).waitFor();
  await frames(panel);
  assert.equal(await panel.count('.image-chip'), 0);
  assert.match(await panel.text('.composer-hint'), /does not accept images/);
});

test('view state survives a reload: draft, attachments, opened thought, folded card, scroll position', async () => {
  const panel = await fresh();
  const long = Array.from({ length: 60 }, (_, i) => agent(`a${i}`, `Paragraph ${i}\n\nwith two blocks`));
  const card = tool('tc', { status: 'completed', title: 'Read a file', rawInput: { path: '/w/a.ts' } });
  const entries = [thought('th', 'deep thoughts'), card, ...long, user('last', 'end')];
  await panel.send(snapshot(entries));
  await panel.page.locator('details.thought summary').click();
  await panel.page.getByRole('button', { name: 'Collapse details' }).click();
  assert.equal(await panel.page.locator('[data-entry-id="tc"] .tool-body').isVisible(), false);
  await panel.page.locator('textarea').fill('half-written idea');
  await panel.send({ type: 'attach', attachment: { uri: 'file:///w/x.ts', name: 'x.ts' } });
  await panel.page.locator('.thread').evaluate((el) => { (el as any).scrollTop = 300; el.dispatchEvent(new (globalThis as any).Event('scroll')); });
  await panel.reload();
  await panel.send(snapshot(entries));
  // The snapshot is shown (its last row is there) and the frames restoring the view have run.
  await panel.page.locator('[data-entry-id="last"]').waitFor();
  await frames(panel);
  assert.equal(await panel.page.locator('textarea').inputValue(), 'half-written idea');
  assert.deepEqual(await panel.page.locator('.chip-label').allTextContents(), ['x.ts']);
  assert.equal(await panel.page.locator('details.thought').evaluate((d) => (d as any).open), true);
  assert.equal(await panel.page.locator('[data-entry-id="tc"] .tool-body').isVisible(), false, 'the folded card stays folded');
  assert.equal(await panel.page.locator('[data-entry-id="tc"] .tool-toggle').getAttribute('aria-expanded'), 'false');
  const top = await panel.page.locator('.thread').evaluate((el) => (el as any).scrollTop);
  assert.ok(Math.abs(top - 300) < 2, `scrollTop restored (${top})`);
  const ready = (await panel.posted()).filter((m) => m.type === 'ready');
  assert.equal(ready.length, 1, 'the reloaded page asked for a snapshot');

  // A new session: choices about rows that no longer exist are forgotten, the draft is not.
  await panel.send(snapshot([user('other', 'new session')]));
  await panel.page.evaluate(() => (globalThis as any).dispatchEvent(new Event('beforeunload')));
  const saved = await panel.page.evaluate(() => JSON.parse((globalThis as any).localStorage.getItem('vscodeState')));
  assert.deepEqual(saved.threads[''].expanded, {});
  assert.equal(saved.draft, 'half-written idea');
});

test('focusComposer focuses the input; the thread is a labelled log reachable by keyboard', async () => {
  const panel = await fresh();
  await panel.send(snapshot([agent('a1', 'hello')]), { type: 'focusComposer' });
  assert.equal((await focused(panel)).tag, 'TEXTAREA');
  assert.equal(await panel.page.locator('.thread').getAttribute('role'), 'log');
  assert.equal(await panel.page.locator('.thread').getAttribute('aria-live'), 'off', 'streamed text is not read chunk by chunk');
  assert.equal(await panel.count('.announcer [role="status"][aria-live="polite"]'), 1);
  // Tab order: from the top, the picker, then new session, the Follow toggle, then the thread.
  await panel.page.locator('select.agent-picker').focus();
  await panel.page.keyboard.press('Tab');
  assert.equal((await focused(panel)).cls, 'btn icon-btn');
  await panel.page.keyboard.press('Tab');
  assert.match((await focused(panel)).cls, /\bfollow-toggle\b/);
  await panel.page.keyboard.press('Tab');
  assert.equal((await focused(panel)).cls.split(' ')[0], 'thread');
  // A finished turn is announced once, with the answer.
  await panel.send({ type: 'session', session: session({ turnState: 'running' }) });
  await panel.send({ type: 'session', session: session({ turnState: 'idle' }) });
  await panel.page.waitForFunction(() => /Agent finished\. hello/.test((globalThis as any).document.querySelector('.announcer [role="status"]').textContent));
  assert.equal(await nonReady(panel).then((m) => m.length), 0);
});
