/**
 * "Continue with another agent…": the shown tab's conversation goes on with another agent, in
 * the same tab. The tab's session ends (a running turn is stopped first, after asking), the
 * chosen agent opens a new session here under a notice that says who took over, and the first
 * message sent to it carries the conversation above as context — the same seed "Edit and
 * resend" gives a new session (thread/review/resendSeed.ts). Both parts stay in history: the old
 * session's transcript as it was, the new one with every row the tab shows.
 */
import * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/api.js';
import type { AgentChoice } from '../../shared/webviewProtocol.js';
import type { ChatCore } from './chatCore.js';
import { errorText } from '../errorText.js';
import type { TabActions } from './tabActions.js';

/** A person's name for an agent: its own title when known, never only its settings key when there is one. */
export function agentTitle(choice: Pick<AgentChoice, 'name' | 'title'>): string {
  return choice.title ?? choice.name;
}

/**
 * Hands the shown tab to `config`'s agent. `title` is what the notice calls it; `fromTitle` the
 * agent it leaves. False when the user kept the running turn instead.
 */
export async function continueWith(core: ChatCore, tabActions: TabActions, config: AgentConfig, title: string, fromTitle: string | undefined): Promise<boolean> {
  const { tabs, pool } = core;
  const tab = tabs.active;
  const from = tab.agentName;
  if (from === config.name) return false;
  const session = tab.session;
  if (session && !session.isClosed && tab.thread.turnRunning) {
    const stop = vscode.l10n.t('Stop and Continue');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} is still working. Stop its turn and continue with {1}?', fromTitle ?? from ?? '', title), { modal: true }, stop);
    if (answer !== stop) return false;
    await session.cancel();
  }
  if (session && !session.isClosed) await session.closeSession().catch((error: unknown) => core.deps.log.warn(`session/close failed: ${errorText(error)}`));
  tab.renewScope();
  tab.session = undefined;
  tab.pickUp = undefined;
  tab.handOff = {
    note: {
      title: vscode.l10n.t('Continued with {0}', title),
      detail: fromTitle
        ? vscode.l10n.t('{0} took over from {1} in a new session. Your next message carries the conversation above to it as context.', title, fromTitle)
        : vscode.l10n.t('{0} took over in a new session. Your next message carries the conversation above to it as context.', title),
    },
  };
  tab.agentName = config.name;
  tabs.fireTabs();
  // The agent left behind ends when no other tab talks to it.
  if (from !== undefined) pool.release(from);
  const slot = pool.get(config.name);
  if (slot?.starting) await slot.starting;
  const running = pool.get(config.name)?.ready;
  // Already running for another tab: a session of its own here (a start would restart it under that tab).
  if (running) await tabActions.attach(tab, running, pool.get(config.name)!.scope);
  else await core.start(config);
  core.fireStatus();
  return true;
}

/** The QuickPick of the other agents, by their titles; undefined when dismissed or there is none. */
export async function pickAgentToContinueWith(choices: readonly AgentChoice[], current: string | undefined): Promise<AgentChoice | undefined> {
  const others = choices.filter((c) => c.name !== current);
  if (others.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: no other agent is configured to continue with.'));
    return undefined;
  }
  type Item = vscode.QuickPickItem & { choice: AgentChoice };
  const items: Item[] = others.map((choice) => ({
    label: agentTitle(choice),
    ...(choice.description ? { detail: choice.description } : {}),
    choice,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Continue with another agent'),
    placeHolder: vscode.l10n.t('The agent that takes this conversation over, in this tab'),
    matchOnDetail: true,
  });
  return picked?.choice;
}
