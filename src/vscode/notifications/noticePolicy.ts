/**
 * When the chat asks for the user's attention with a VS Code notification, and in which words
 * (no `vscode` import, unit-tested). The notifiers in this folder only show and withdraw what
 * these functions decide.
 *
 * One rule for every kind: a notification is shown only when the user cannot see the thing in
 * the chat — the window is not focused, the chat is hidden, or the tab it happened in is not
 * the shown one — and only while the kind's setting is on. The same rule withdraws it: once
 * the user sees the tab in a focused window, the notification has done its job.
 */
import type { StopReason } from '../../protocol/events.js';
import type { TurnEndEntry } from '../../thread/types.js';
import { t } from '../translate.js';

/** The kinds of notification, each with its own `agentChat.notifications.<kind>` setting. */
export type NoticeKind = 'turnEnd' | 'permission' | 'elicitation' | 'inputRequired';

export const NOTICE_KINDS: readonly NoticeKind[] = ['turnEnd', 'permission', 'elicitation', 'inputRequired'];

/** Which kinds are on (each setting defaults to on). */
export type NoticeSettings = Record<NoticeKind, boolean>;

/** Settings as read: anything but an explicit `false` leaves a kind on. */
export function noticeSettings(read: (kind: NoticeKind) => unknown): NoticeSettings {
  const out = {} as NoticeSettings;
  for (const kind of NOTICE_KINDS) out[kind] = read(kind) !== false;
  return out;
}

/** What the user can see right now. */
export interface Attention {
  /** The VS Code window has the focus (`window.state.focused`). */
  windowFocused: boolean;
  /** The chat view is visible. */
  chatVisible: boolean;
  /** The tab the notice is about is the one the chat shows. */
  tabShown: boolean;
}

/** The user sees the tab in a focused window: nothing to notify, anything shown can go. */
export function userSees(attention: Attention): boolean {
  return attention.windowFocused && attention.chatVisible && attention.tabShown;
}

/** Whether a notice of `kind` should be on screen now. */
export function wantsNotice(kind: NoticeKind, settings: NoticeSettings, attention: Attention): boolean {
  return settings[kind] && !userSees(attention);
}

/**
 * The title of a turn-end notification, or undefined when a turn end needs none:
 * a cancelled turn (the user stopped it, or knows why) and the endings where the agent waits
 * for an answer or a sign-in (the input notifier says those, with the question).
 */
export function turnEndTitle(agentName: string | undefined, end: Pick<TurnEndEntry, 'stopReason' | 'error'>, thread?: string): string | undefined {
  const agent = agentName?.trim() || t('The agent');
  if (end.stopReason === 'cancelled' || end.stopReason === 'input_required' || end.stopReason === 'auth_required') return undefined;
  const words = end.error ? oneLine(end.error.message, 160) || t('an error') : stopWords(end.stopReason);
  const title = words ? t('{0} stopped: {1}', agent, words) : t('{0} finished', agent);
  // Which thread: the name its row in the Threads view has.
  const name = thread ? oneLine(thread, 60) : '';
  return name ? t('{0} — {1}', title, name) : title;
}

/** A stop reason as the end of "<agent> stopped: …"; undefined for a normal end. */
function stopWords(reason: StopReason): string | undefined {
  switch (reason) {
    case 'end_turn':
      return undefined;
    case 'max_tokens':
      return t('it reached its token limit');
    case 'max_turn_requests':
      return t('it reached its request limit for one turn');
    case 'refusal':
      return t('it refused to continue');
    case 'error':
      return t('an error');
    case 'cancelled':
      return t('cancelled');
    case 'input_required':
      return t('it waits for your answer');
    case 'auth_required':
      return t('it needs a login');
    default:
      // An agent's own reason (`_paused_for_review`) in words; anything else is not guessed at.
      return reason.startsWith('_') ? reason.slice(1).replace(/[_-]+/g, ' ').trim() || t('a reason of its own') : t('reason "{0}"', oneLine(reason, 40));
  }
}

/** The options of a permission question in the order a notification offers them: allowing first, then denying, then anything else; the agent's order within each. */
export function permissionChoices<T extends { optionId: string; name: string; kind?: string }>(options: readonly T[]): Array<T & { label: string }> {
  const rank = (kind: string | undefined) => (kind?.startsWith('allow') ? 0 : kind?.startsWith('reject') ? 1 : 2);
  return options
    .map((option, index) => ({ option, index }))
    .sort((a, b) => rank(a.option.kind) - rank(b.option.kind) || a.index - b.index)
    .map(({ option }) => ({ ...option, label: option.name.trim() || KIND_LABELS()[option.kind ?? ''] || option.optionId }));
}

/** Words for an option the agent left unnamed, from its kind. */
const KIND_LABELS = (): Record<string, string> => ({
  allow_once: t('Allow'),
  allow_always: t('Always allow'),
  reject_once: t('Deny'),
  reject_always: t('Always deny'),
});

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
