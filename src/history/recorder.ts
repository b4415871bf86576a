/**
 * Keeps a live thread's transcript saved: every event schedules a debounced save, and the end
 * of a turn (or the end of a load replay) writes at once, so a crash loses at most the turn in
 * progress.
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

export function recordTranscript(store: TranscriptStore, ids: RecordingIds, thread: RecordedThread): { flush(): Promise<void>; dispose(): Promise<void> } {
  const read = () => ({ ...ids, ...thread.snapshot() });
  let disposed = false;
  const sub = thread.onEvent((event) => {
    if (disposed || TRANSIENT.has(event.kind)) return;
    store.schedule(ids.agentName, ids.sessionId, read);
    if (event.kind === 'turn_ended') void store.flushOne(ids.agentName, ids.sessionId);
  });
  return {
    flush: () => store.flushOne(ids.agentName, ids.sessionId),
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      sub.dispose();
      await store.flushOne(ids.agentName, ids.sessionId);
    },
  };
}
