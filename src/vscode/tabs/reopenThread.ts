/**
 * What a reopened conversation shows first, per reopen plan: an empty thread for a load replay,
 * the saved transcript under a resumed session, or the transcript read-only. Pure (no editor
 * API), so the mapping is unit-tested.
 */
import type { HistoryItem, ReopenPlan } from '../../history/reopen.js';
import type { Transcript } from '../../history/types.js';
import { ThreadModel } from '../../thread/reducer.js';
import { archivePrefix, archiveSnapshot, archivedThread, type Interruption } from '../thread/archive.js';
import type { SessionOpening } from './sessionOpener.js';
import { freshThread } from '../thread/threadStore.js';
import type { Thread } from '../thread/threadStore.js';
import { t } from '../translate.js';

export function threadForPlan(plan: ReopenPlan, item: HistoryItem, transcript: Transcript | undefined): [Thread | undefined, SessionOpening | undefined] {
  switch (plan.kind) {
    case 'load':
      // The agent replays the conversation into an empty thread.
      return [freshThread(), { kind: 'load', sessionId: item.sessionId }];
    case 'resume_with_transcript':
      return [continuedThread(transcript!), { kind: 'resume', sessionId: item.sessionId }];
    case 'resume_blind': {
      const thread = freshThread();
      thread.apply({ kind: 'notice_local', severity: 'info', title: t('Reopened "{0}"', item.title), detail: `${plan.note}.` });
      return [thread, { kind: 'resume', sessionId: item.sessionId }];
    }
    case 'read_only':
      return [transcript ? readOnlyThread(transcript, plan.reason) : undefined, undefined];
    case 'unavailable':
      return [undefined, undefined];
    default: {
      const unreachable: never = plan;
      return unreachable;
    }
  }
}

/**
 * The saved thread, continued by the resumed session. Its rows are re-keyed: the resumed session
 * counts turns from 1 again, and must not end or patch a saved turn that has the same id. What
 * the session has spent stays (the agent reports it again, as a total, at its next usage): a
 * budget must not read "no cost reported" and let a prompt past it go out unasked. A fresh
 * session opened here instead starts from nothing (ChatThread.beginSession).
 */
export function continuedThread(t: Transcript, interruption: Interruption = 'ended'): Thread {
  const archived = archiveSnapshot({ entries: t.entries, session: t.session, ...(t.children ? { children: t.children } : {}) }, archivePrefix(), interruption);
  if (t.session.usage) archived.session.usage = t.session.usage;
  return ThreadModel.restore(archived);
}

export function readOnlyThread(transcript: Transcript, reason: string): Thread {
  return archivedThread({ entries: transcript.entries, session: transcript.session, ...(transcript.children ? { children: transcript.children } : {}) }, {
    title: t('Saved conversation "{0}" (read-only)', transcript.title),
    detail: t('It cannot be continued: {0}. A message you send starts a new session below it.', reason),
  });
}
