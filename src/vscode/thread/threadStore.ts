/**
 * Keeps the shown tab's thread across window reloads in `workspaceState`.
 *
 * Within one window the host owns the thread, so webview reloads need nothing from here. A
 * window reload ends the extension host and the agent with it. The open tabs come back from
 * their transcripts (openTabsKeeper.ts); this one slot is what the shown tab falls back to when
 * its transcript is gone, and what the first tab shows when no tab set was saved: the thread
 * as read-only history above the fresh session (see archive.ts). Saves are debounced
 * (a streaming turn changes rows many times a second) and capped in size (workspaceState is a
 * small database, not a transcript store): the oldest rows go first.
 */
import type * as vscode from 'vscode';
import { ThreadModel, type ThreadSnapshot } from '../../thread/reducer.js';
import type { ThreadEntry } from '../../thread/types.js';
import { archivedThread } from './archive.js';
import { t } from '../translate.js';
import { redactKnownIn, redactSecrets } from '../../services/redact.js';

export type Thread = ThreadModel;

export const STATE_KEY = 'agentChat.thread.v1';
/**
 * Longest a change waits to be saved. Each save serialises the whole thread (up to
 * MAX_SAVED_CHARS), so while an agent streams it runs once per delay: every 5 s, as the
 * transcript's longest wait, not every second. A turn's start and end are saved at once anyway
 * (ChatThread), and a restored tab trusts its transcript, not this slot.
 */
export const SAVE_DELAY_MS = 5_000;
/** Serialized size budget for the saved thread. */
export const MAX_SAVED_CHARS = 2_000_000;

/** A function so the words are looked up in the language of the moment. */
export const RESTORED_NOTE = (): { title: string; detail: string } => ({
  title: t('Restored from before the window reloaded'),
  detail: t('The agent was restarted and does not remember this conversation; messages above are history.'),
});

export function freshThread(): Thread {
  return new ThreadModel({}, t);
}

interface Saved {
  version: 1;
  savedAt: string;
  snapshot: ThreadSnapshot;
}

export class ThreadStore implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private latest: Thread | undefined;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly delayMs = SAVE_DELAY_MS,
  ) {}

  /** The thread saved by the previous window, as history; undefined when there is none. */
  restore(): Thread | undefined {
    const saved = this.memento.get<Saved>(STATE_KEY);
    if (!saved || saved.version !== 1 || !isSnapshot(saved.snapshot) || saved.snapshot.entries.length === 0) return undefined;
    try {
      return archivedThread(saved.snapshot, RESTORED_NOTE(), 'reload');
    } catch {
      // A snapshot from an incompatible build: start clean rather than fail activation.
      return undefined;
    }
  }

  schedule(thread: Thread): void {
    this.latest = thread;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, this.delayMs);
  }

  /** Saves now (deactivation, tests). */
  flush(thread?: Thread): Thenable<void> {
    if (thread) this.latest = thread;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    return this.save();
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private save(): Thenable<void> {
    const thread = this.latest;
    if (!thread) return Promise.resolve();
    // Saved to disk: no value under a secret key, no secret the user gave echoed by an agent.
    const snapshot = redactKnownIn(redactSecrets(capSnapshot(thread.snapshot(), MAX_SAVED_CHARS)));
    const saved: Saved | undefined = snapshot.entries.length > 0 ? { version: 1, savedAt: new Date().toISOString(), snapshot } : undefined;
    return this.memento.update(STATE_KEY, saved);
  }
}

/** Keeps the newest rows that fit `maxChars` of JSON. */
export function capSnapshot(snapshot: ThreadSnapshot, maxChars: number): ThreadSnapshot {
  let budget = maxChars - JSON.stringify(snapshot.session).length;
  const kept: ThreadEntry[] = [];
  for (let i = snapshot.entries.length - 1; i >= 0; i--) {
    const entry = snapshot.entries[i]!;
    budget -= JSON.stringify(entry).length + 1;
    if (budget < 0) break;
    kept.push(entry);
  }
  if (kept.length === snapshot.entries.length && !snapshot.children) return snapshot;
  // The subagents' threads of the cards kept, newest first, while they fit what is left.
  const children: NonNullable<ThreadSnapshot['children']> = {};
  for (const card of kept) {
    if (card.type !== 'subagent' || !snapshot.children || !Object.hasOwn(snapshot.children, card.childId)) continue;
    const size = JSON.stringify(snapshot.children[card.childId]).length + 1;
    if (size > budget) continue;
    budget -= size;
    children[card.childId] = snapshot.children[card.childId]!;
  }
  const rest = { entries: kept.reverse(), session: snapshot.session };
  return Object.keys(children).length > 0 ? { ...rest, children } : rest;
}

function isSnapshot(value: unknown): value is ThreadSnapshot {
  const v = value as ThreadSnapshot | undefined;
  return !!v && Array.isArray(v.entries) && typeof v.session === 'object' && v.session !== null;
}
