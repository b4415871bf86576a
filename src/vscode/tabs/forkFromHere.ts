/**
 * "Fork from here": a new tab whose thread is the conversation up to the end of the chosen turn,
 * bound to a copy of the session (`session/fork`). Nothing is restored and nothing is sent; the
 * original tab keeps its session and rows. Offered only where it is exact (the latest turn, an
 * agent that advertises fork, no turn running: `src/shared/messageActions.ts`); an intent that
 * arrives anyway gets the same reason the control shows.
 */
import * as vscode from 'vscode';
import { forkControl, latestTurnId } from '../../shared/messageActions.js';
import type { ChatCore } from './chatCore.js';
import { forkedThread } from '../thread/forkedThread.js';
import type { SessionTab } from './sessionTabs.js';

/** The new tab (shown), or undefined when nothing was forked (the user was told why). */
export async function forkFromHere(core: ChatCore, turnId: string): Promise<SessionTab | undefined> {
  const origin = core.tabs.active;
  const thread = origin.thread;
  const info = origin.info();
  const control = forkControl({ agent: core.slot.agent, tabState: info.state, turnState: thread.session.turnState, latestTurnId: latestTurnId(thread.entries) }, turnId, vscode.l10n.t);
  const running = core.slot.ready;
  const session = origin.session;
  if (!control.shown || !control.enabled || !running || !session || session.isClosed) {
    const reason = control.shown && !control.enabled ? control.tooltip : vscode.l10n.t('Cannot fork: only the latest turn of an open conversation can be forked');
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: {0}.', reason));
    return undefined;
  }
  const model = forkedThread(thread.snapshot(), turnId, info.title);
  if (!model) return undefined;
  const scope = core.slot.scope;
  const tab = core.tabs.add();
  tab.agentName = origin.agentName;
  tab.thread.show(model);
  core.tabs.activate(tab);
  if (!(await core.opener.open(running, scope, { kind: 'fork', sessionId: session.sessionId }, tab))) {
    tab.thread.notice('warning', vscode.l10n.t('The session could not be forked'),
      vscode.l10n.t('{0} refused session/fork (the protocol log has its answer). A message sent here starts a new session that does not remember the conversation above.', running.config.name));
  }
  return tab;
}
