/**
 * The thread a "Fork from here" tab starts with (no `vscode` import, unit-tested): the rows of the
 * original thread up to the end of the chosen turn, re-keyed so the forked session's own ids
 * never patch a copied row, then a notice saying where it came from and what the agent holds.
 */
import { ThreadModel, type ThreadSnapshot } from '../../thread/reducer.js';
import type { ThreadEntry } from '../../thread/types.js';
import { archivePrefix, archiveSnapshot } from './archive.js';
import { t } from '../translate.js';

/** Index just past the chosen turn (its user row, answer, tools, end): where the next user row starts. -1 when it is not in the thread. */
export function turnEnd(entries: readonly ThreadEntry[], turnId: string): number {
  const start = entries.findIndex((e) => e.type === 'user' && e.turnId === turnId);
  if (start < 0) return -1;
  const next = entries.findIndex((e, i) => i > start && e.type === 'user');
  return next < 0 ? entries.length : next;
}

export const forkTitle = (originTitle: string): string => `${originTitle} (fork)`;

/** Undefined when the turn is not in `snapshot` (the thread changed under the click). */
export function forkedThread(snapshot: ThreadSnapshot, turnId: string, originTitle: string, prefix = archivePrefix()): ThreadModel | undefined {
  const end = turnEnd(snapshot.entries, turnId);
  if (end < 0) return undefined;
  const copied = archiveSnapshot({ entries: snapshot.entries.slice(0, end), session: snapshot.session, ...(snapshot.children ? { children: snapshot.children } : {}) }, prefix);
  // The subagents of the copied turns come along, inside their cards.
  const model = ThreadModel.restore({ entries: copied.entries, session: { ...copied.session, title: forkTitle(originTitle) }, ...(copied.children ? { children: copied.children } : {}) }, t);
  model.apply({
    kind: 'notice_local',
    severity: 'info',
    title: t('Forked from "{0}"', originTitle),
    detail: t('The agent copied its session at this point (session/fork) and remembers the conversation above. What you send here does not change the original tab.'),
  });
  return model;
}
