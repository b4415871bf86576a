/**
 * Keeps a live thread's transcript saved: every batch of events schedules a debounced save; the user's
 * message and the end of a turn (or of a load replay) are written at once. A window that goes
 * away mid-turn — a browser reload can end the extension host before its deactivation writes
 * anything — so loses at most the agent's part of the turn in progress, never what the user sent
 * nor the checkpoint to go back to.
 */
import type { SessionEvent } from '../protocol/events.js';
import type { SessionFacts, ThreadEntry } from '../thread/types.js';
import type { TranscriptStore } from './store.js';

export interface RecordedThread {
  onEvent(listener: (event: SessionEvent) => void): { dispose(): void };
  snapshot(): { entries: readonly ThreadEntry[]; session: SessionFacts };
}

export interface RecordingIds {
  agentName: string;
  sessionId: string;
  cwd: string;
}

/** Events that say nothing worth keeping on their own; the next real change saves them anyway. */
const TRANSIENT = new Set<SessionEvent['kind']>(['usage', 'state', 'unknown', 'file_written']);

/** What must survive a window that goes away before the next debounced write. */
const WRITE_AT_ONCE = new Set<SessionEvent['kind']>(['prompt_sent', 'turn_ended']);

export function recordTranscript(store: TranscriptStore, ids: RecordingIds, thread: RecordedThread): { flush(): Promise<void>; dispose(): Promise<void> } {
  const read = () => ({ ...ids, ...thread.snapshot() });
  let disposed = false;
  /** Changes since the save was last scheduled; scheduled once per batch, not per event. */
  let dirty = false;
  const scheduleNow = (): void => {
    if (!dirty) return;
    dirty = false;
    store.schedule(ids, read);
  };
  const sub = thread.onEvent((event) => {
    if (disposed || TRANSIENT.has(event.kind)) return;
    // Everything the transport parsed from one read of the agent's output arrives in one
    // synchronous run: the save is scheduled once after it (a microtask), not per chunk.
    if (!dirty) {
      dirty = true;
      queueMicrotask(scheduleNow);
    }
    // Written once the sender's synchronous follow-up is in the thread too: the message's
    // checkpoint is applied right after the prompt goes out, outside the session's events.
    if (WRITE_AT_ONCE.has(event.kind)) {
      queueMicrotask(() => {
        scheduleNow();
        void store.flushOne(ids);
      });
    }
  });
  return {
    flush: () => {
      scheduleNow();
      return store.flushOne(ids);
    },
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      sub.dispose();
      scheduleNow();
      await store.flushOne(ids);
    },
  };
}
