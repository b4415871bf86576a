/**
 * "Edit and resend" a past message: the user edits its text, the files go back to how they were
 * before it (the checkpoint, with its preview), and the edited text goes out — in a fork of the
 * session when the agent offers `session/fork`, else in a new session that gets the conversation
 * before the message as context. The thread says which, since the two differ in what the agent
 * remembers.
 */
import * as vscode from 'vscode';
import type { ContentBlock } from '../../protocol/events.js';
import { resendControl } from '../../shared/messageActions.js';
import { seededPrompt } from '../../thread/review/resendSeed.js';
import type { UserEntry } from '../../thread/types.js';
import type { ChatCore } from './chatCore.js';
import type { ComposedPrompt } from './promptBlocks.js';

export type ResendMode = 'fork' | 'seeded';

function textOf(content: readonly ContentBlock[]): string {
  return content.filter((b): b is Extract<ContentBlock, { type: 'text' }> => b.type === 'text').map((b) => b.text).join('\n');
}

export async function editAndResend(core: ChatCore, send: (prompt: ComposedPrompt) => Promise<void>, turnId: string,
  ask: (old: string) => Thenable<string | undefined> = askForText): Promise<ResendMode | undefined> {
  const tab = core.tabs.active;
  const thread = tab.thread;
  const index = thread.entries.findIndex((e) => e.type === 'user' && e.turnId === turnId);
  const user = thread.entries[index] as UserEntry | undefined;
  if (!user) return undefined;
  const control = resendControl({ agent: core.slot.agent, tabState: undefined, turnState: thread.session.turnState, latestTurnId: undefined }, turnId, vscode.l10n.t);
  if (control.shown && !control.enabled) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: {0}.', control.tooltip));
    return undefined;
  }
  if (thread.turnRunning) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: a turn is running; wait for it or cancel it before resending an earlier message.'));
    return undefined;
  }
  const edited = await ask(textOf(user.content));
  if (edited === undefined || !edited.trim()) return undefined;
  const review = core.deps.review;
  if (user.checkpoint?.length && review) {
    const restored = await review.checkpoints.restore(thread, turnId, vscode.l10n.t('Restore the files to how they were before this message, then send the edited message?'));
    if (restored === 'cancelled') return undefined;
  }

  const running = core.slot.ready;
  const origin = tab.session;
  let mode: ResendMode = 'seeded';
  if (running?.sessionSupport?.fork && origin && !origin.isClosed) {
    const note = { title: vscode.l10n.t('Edited and resent in a fork of the session'), detail: vscode.l10n.t('The agent copied its session (session/fork); that copy still holds the messages after the edited one, so it may refer to them.') };
    if (await core.opener.open(running, core.slot.scope, { kind: 'fork', sessionId: origin.sessionId, note }, tab)) mode = 'fork';
    else thread.notice('warning', vscode.l10n.t('The session could not be forked'), vscode.l10n.t('{0} refused session/fork; a new session gets the conversation so far instead.', running.config.name));
  }
  // The tab now talks to the fork, or (seeded) to the new session the next send opens.
  if (origin && (mode === 'fork' || !origin.isClosed)) await origin.closeSession().catch(() => undefined);
  if (mode === 'seeded') {
    tab.session = undefined;
    tab.pickUp = undefined;
  }

  if (mode === 'fork') {
    await send({ text: edited, attachments: [], images: [] });
  } else {
    const note = { title: vscode.l10n.t('Edited and resent in a new session'), detail: vscode.l10n.t('The agent cannot fork sessions, so a new session was started with the conversation before the edited message as context.') };
    // Opened here (when the agent is ready) so the thread carries this note, not "does not remember".
    const ready = core.slot.ready;
    if (!ready || !(await core.opener.open(ready, core.slot.scope, { kind: 'new', note }, tab))) thread.notice('info', note.title, note.detail);
    const blocks = seededPrompt(thread.entries, index, [{ type: 'text', text: edited }]);
    await send({ text: blocks.map((b) => (b.type === 'text' ? b.text : '')).join('\n\n'), attachments: [], images: [] });
  }
  return mode;
}

function askForText(old: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Edit and resend'),
    value: old,
    prompt: vscode.l10n.t('The files go back to how they were before this message, then the edited message is sent.'),
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Type a message to send')),
  });
}
