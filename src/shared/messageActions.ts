/**
 * When the message controls "Fork from here" and "Edit and resend" are offered, and why not.
 * Both sides use it: the panel to show or disable a control (the reason is its tooltip), the
 * host to refuse an intent that arrives anyway (a stale page, a second click).
 *
 * A fork is exact only at the end of the session: `session/fork` copies the whole conversation
 * the agent holds, and the protocol has no way to cut it at an earlier message. So the control
 * is offered on the latest turn's message only (the point is the end of that turn: the message
 * and the agent's answer to it), where the new tab shows exactly what the agent remembers.
 */
import type { TurnState } from '../thread/types.js';
import { english, type Translate } from '../thread/translate.js';
import type { AgentStatus, SessionTabInfo } from './webviewProtocol.js';

/** What decides the controls: the shown tab's agent, session and turn. */
export interface MessageActionFacts {
  agent: AgentStatus;
  /** The shown tab's state; undefined from a host without tabs. */
  tabState: SessionTabInfo['state'] | undefined;
  turnState: TurnState;
  /** The turn of the thread's last sent message (the only one a fork can start after). */
  latestTurnId: string | undefined;
}

/** Hidden, or shown (disabled with the reason as its tooltip, or enabled with what it does). */
export type ControlState = { shown: false } | { shown: true; enabled: boolean; tooltip: string };

/** The enabled controls' tooltips in English (what `t` is asked for; tests compare with them). */
export const FORK_TOOLTIP = 'Fork from here: a new tab continues this conversation from the end of this turn (the agent copies its session); this tab stays as it is';
export const RESEND_TOOLTIP = 'Edit and resend';

function disabled(tooltip: string): ControlState {
  return { shown: true, enabled: false, tooltip };
}

/** `t` gives the tooltip in the user's language (the panel's bundle, `vscode.l10n.t` on the host); English by default. */
export function forkControl(f: MessageActionFacts, turnId: string, t: Translate = english): ControlState {
  if (!turnId || turnId !== f.latestTurnId) return { shown: false };
  const agent = f.agent;
  if (agent.state === 'ready' && agent.remote) return disabled(t('Cannot fork: remote (A2A) agents cannot copy a conversation'));
  if (agent.state === 'ready' && !agent.forks) return disabled(t('Cannot fork: {0} does not offer session/fork, so it cannot copy this conversation', agent.agentTitle || agent.agentName));
  if (agent.state !== 'ready') return disabled(t('Cannot fork: the agent is not running'));
  if (f.tabState === 'closed' || f.tabState === 'restored') return disabled(t('Cannot fork: this conversation has no open session; send a message here first to reopen it'));
  if (f.turnState !== 'idle' || f.tabState === 'running' || f.tabState === 'waiting') return disabled(t('Cannot fork yet: wait for the turn to end (or stop it)'));
  return { shown: true, enabled: true, tooltip: t('Fork from here: a new tab continues this conversation from the end of this turn (the agent copies its session); this tab stays as it is') };
}

export function resendControl(f: MessageActionFacts, turnId: string, t: Translate = english): ControlState {
  if (!turnId) return { shown: false };
  if (f.agent.state === 'ready' && f.agent.remote) {
    return disabled(t("Cannot edit and resend: a remote (A2A) agent's conversation lives on its server, which keeps everything said after this message"));
  }
  return { shown: true, enabled: true, tooltip: t('Edit and resend') };
}

/**
 * "Restore to here", "Redo" and the review's Undo buttons: not while a turn runs on the tab — the
 * agent may be writing the very files they would put back, and its next write would undo the
 * undo. The reason is the tooltip; the host refuses with the same words.
 */
export function restoreControl(f: Pick<MessageActionFacts, 'tabState' | 'turnState'>, turnId: string, t: Translate = english): ControlState {
  if (!turnId) return { shown: false };
  if (f.turnState !== 'idle' || f.tabState === 'running' || f.tabState === 'waiting') return disabled(t('Not while a turn is running: wait for it to end or stop it first'));
  return { shown: true, enabled: true, tooltip: '' };
}

/** The turn of the last sent message, scanning from the end (cheap on long threads). */
export function latestTurnId(entries: readonly { type: string; turnId?: string }[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'user') return e.turnId;
  }
  return undefined;
}
