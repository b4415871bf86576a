import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import { recordTranscript } from '../../../src/history/recorder.js';
import { TranscriptStore } from '../../../src/history/store.js';

/** A thread model with an event feed, as the session layer pairs them. */
function liveThread() {
  const model = new ThreadModel();
  const listeners = new Set<(e: SessionEvent) => void>();
  return {
    emit(e: SessionEvent) {
      model.apply(e);
      for (const l of listeners) l(e);
    },
    onEvent(l: (e: SessionEvent) => void) {
      listeners.add(l);
      return { dispose: () => listeners.delete(l) };
    },
    /** A local event the thread applies but the session does not announce (the checkpoint). */
    applyLocal(e: SessionEvent) {
      model.apply(e);
    },
    snapshot: () => model.snapshot(),
    listeners,
  };
}

test('recordTranscript: the message and its checkpoint at once, debounced while streaming, written at turn end and on dispose', async () => {
  const store = new TranscriptStore(mkdtempSync(join(tmpdir(), 'recorder-')), { debounceMs: 60_000 });
  const thread = liveThread();
  const rec = recordTranscript(store, { agentName: 'a', sessionId: 's', cwd: '/w' }, thread);
  thread.emit({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'hello there' }] });
  // As the turn actions do, in the same tick: the checkpoint is the thread's own event.
  thread.applyLocal({ kind: 'checkpoint', turnId: 't1', snapshots: [{ root: '/w', id: 'snap-1' }] });
  await new Promise((r) => setImmediate(r));
  thread.emit({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'hi' } });
  thread.emit({ kind: 'usage', usage: { used: 1, size: 10 } });
  // A window that goes away now (no deactivation) still has the user's message and its checkpoint.
  const early = await store.loadSession({ agentName: 'a', sessionId: 's', cwd: '/w' });
  assert.deepEqual(early!.entries.map((e) => e.type), ['user'], 'a long debounce: the streaming answer is not written yet');
  assert.deepEqual(early!.entries[0]!.type === 'user' && early!.entries[0]!.checkpoint, [{ root: '/w', id: 'snap-1' }]);
  thread.emit({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  await store.flushOne({ agentName: 'a', sessionId: 's', cwd: '/w' });
  const saved = await store.loadSession({ agentName: 'a', sessionId: 's', cwd: '/w' });
  assert.equal(saved!.title, 'hello there');
  assert.deepEqual(saved!.entries.map((e) => e.type), ['user', 'agent', 'turn_end']);

  thread.emit({ kind: 'prompt_sent', turnId: 't2', content: [{ type: 'text', text: 'more' }] });
  await rec.dispose();
  assert.equal(thread.listeners.size, 0, 'unsubscribed');
  assert.equal((await store.loadSession({ agentName: 'a', sessionId: 's', cwd: '/w' }))!.entries.length, 4, 'dispose wrote the pending change');
  thread.emit({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'ignored' } });
  await store.flush();
  assert.equal((await store.loadSession({ agentName: 'a', sessionId: 's', cwd: '/w' }))!.entries.length, 4);
});

/** Counts the timers set and cleared while `run` runs (the real timers still run). */
async function countingTimers<T>(run: () => Promise<T>): Promise<{ set: number; cleared: number; result: T }> {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  let set = 0;
  let cleared = 0;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => (set++, realSet(...args))) as typeof setTimeout;
  globalThis.clearTimeout = ((...args: Parameters<typeof clearTimeout>) => (cleared++, realClear(...args))) as typeof clearTimeout;
  try {
    const result = await run();
    return { set, cleared, result };
  } finally {
    globalThis.setTimeout = realSet;
    globalThis.clearTimeout = realClear;
  }
}

test('recordTranscript: 1,000 streamed chunks in 10 reads schedule the save once per read and set one timer, not a timer per chunk', async () => {
  const store = new TranscriptStore(mkdtempSync(join(tmpdir(), 'recorder-batch-')), { debounceMs: 60_000 });
  const thread = liveThread();
  const rec = recordTranscript(store, { agentName: 'a', sessionId: 's', cwd: '/w' }, thread);
  thread.emit({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'go' }] });
  await rec.flush();
  let schedules = 0;
  const schedule = store.schedule.bind(store);
  store.schedule = (...args) => (schedules++, schedule(...args));
  const timers = await countingTimers(async () => {
    for (let read = 0; read < 10; read++) {
      // One read of the agent's output: its chunks are dispatched in one synchronous run.
      for (let i = 0; i < 100; i++) thread.emit({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: `w${read * 100 + i} ` } });
      await new Promise((r) => setImmediate(r));
    }
  });
  assert.equal(schedules, 10, 'scheduled once per batch of rows');
  assert.equal(timers.set, 1, 'one timer for the whole stream');
  assert.equal(timers.cleared, 0);
  await rec.dispose();
  const saved = await store.loadSession({ agentName: 'a', sessionId: 's', cwd: '/w' });
  const agent = saved!.entries.find((e) => e.type === 'agent');
  const text = agent && agent.type === 'agent' ? agent.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '';
  assert.ok(text.startsWith('w0 w1 ') && text.endsWith('w999 '), 'every chunk is in the saved transcript');
});
