/**
 * The name of a tab's thread for what the page remembers of it (folds, half-filled forms; see
 * `SessionTabInfo.threadKey`). Row ids start at `e1` in every thread, so the page keeps that
 * memory per thread, under this name. A thread saved as a transcript is named by the
 * transcript's id (agent, session and folder): the same when the next window brings the tab
 * back. One not saved yet is named by its tab and how many threads the tab has shown, plus this
 * window's own mark: tab ids start at `tab-1` in every window.
 */
import { randomUUID } from 'node:crypto';
import { transcriptId } from '../../history/shape.js';
import type { TranscriptRef } from './openTabs.js';

const THIS_WINDOW = randomUUID().slice(0, 8);

export function threadKey(transcript: TranscriptRef | undefined, tabId: string, threadsShown: number): string {
  if (transcript) return transcriptId({ agentName: transcript.agentName, sessionId: transcript.sessionId, cwd: transcript.cwd ?? '' });
  return `${tabId}.${threadsShown}@${THIS_WINDOW}`;
}
