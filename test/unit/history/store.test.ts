import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionFacts, ThreadEntry } from '../../../src/thread/types.js';
import { TranscriptStore } from '../../../src/history/store.js';
import { legacyTranscriptId, transcriptId } from '../../../src/history/shape.js';
import type { TranscriptInput } from '../../../src/history/types.js';

const facts: SessionFacts = { turnState: 'idle', commands: [] };
const input = (sessionId: string, texts: string[], agentName = 'agent'): TranscriptInput => ({
  agentName, sessionId, cwd: '/work', session: facts,
  entries: texts.map((t, i): ThreadEntry => ({ type: i % 2 ? 'agent' : 'user', id: `${sessionId}-${i}`, content: [{ type: 'text', text: t }] })),
});

function clock(start = Date.parse('2026-11-01T00:00:00Z')) {
  let t = start;
  return () => new Date((t += 1000));
}

test('save, list newest first, load, delete', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-'));
  const store = new TranscriptStore(dir, { now: clock() });
  await store.save(input('s1', ['first prompt', 'answer']));
  await store.save(input('s2', ['second']));
  await store.save(input('s1', ['first prompt', 'answer', 'follow-up']));
  const list = await store.list();
  assert.deepEqual(list.map((m) => [m.sessionId, m.entryCount, m.title]), [['s1', 3, 'first prompt'], ['s2', 1, 'second']]);
  assert.ok(list[0]!.createdAt < list[0]!.updatedAt, 'createdAt kept across saves');
  const t = await store.load(list[0]!.id);
  assert.equal(t!.entries.length, 3);
  assert.equal(t!.cwd, '/work');
  assert.deepEqual(await store.loadSession({ agentName: 'agent', sessionId: 's2', cwd: '/work' }).then((x) => x?.sessionId), 's2');
  await store.delete(list[0]!.id);
  assert.deepEqual((await store.list()).map((m) => m.sessionId), ['s2']);
  assert.equal(await store.load(list[0]!.id), undefined);
  assert.deepEqual(readdirSync(join(dir, 'transcripts')).filter((f) => f.endsWith('.tmp')), [], 'no temp files left');
});

test('a fresh store instance sees what another one wrote (restart)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-restart-'));
  const first = new TranscriptStore(dir, { now: clock() });
  const meta = await first.save(input('s', ['hello']));
  const second = new TranscriptStore(dir, { now: clock(Date.parse('2027-01-01T00:00:00Z')) });
  assert.deepEqual(await second.list(), [meta]);
  const again = await second.save(input('s', ['hello', 'world']));
  assert.equal(again.createdAt, meta.createdAt, 'createdAt read back from disk');
});

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('debounced saves coalesce and flush writes the latest state', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-debounce-'));
  // Long enough that a loaded machine cannot reach the timer before the first check.
  const store = new TranscriptStore(dir, { debounceMs: 300 });
  let reads = 0;
  const texts: string[] = [];
  for (let i = 0; i < 20; i++) {
    texts.push(`m${i}`);
    store.schedule({ agentName: 'agent', sessionId: 's', cwd: '/work' }, () => (reads++, input('s', [...texts])));
  }
  assert.deepEqual(await store.list(), [], 'nothing written before the quiet time');
  await until(async () => (await store.list()).length === 1);
  assert.equal(reads, 1);
  assert.equal((await store.list())[0]!.entryCount, 20);
  texts.push('late');
  store.schedule({ agentName: 'agent', sessionId: 's', cwd: '/work' }, () => (reads++, input('s', [...texts])));
  await store.flush();
  assert.equal(reads, 2);
  assert.equal((await store.list())[0]!.entryCount, 21);
});

test('changes that never pause are still saved: at most maxWaitMs after the first', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-maxwait-'));
  // A streaming turn: a change every 20 ms, so the 200 ms quiet time never comes.
  const store = new TranscriptStore(dir, { debounceMs: 200, maxWaitMs: 400 });
  const texts: string[] = [];
  let saved = false;
  const started = Date.now();
  while (!saved && Date.now() - started < 10_000) {
    texts.push(`m${texts.length}`);
    store.schedule({ agentName: 'agent', sessionId: 's', cwd: '/work' }, () => input('s', [...texts]));
    await new Promise((r) => setTimeout(r, 20));
    saved = (await store.list()).length === 1;
  }
  assert.ok(saved, 'a save came while the changes kept coming');
  // Not saved on the first change: it waited for more (how many depends on the machine's speed).
  assert.ok(texts.length >= 2, `the save waited for the first changes to gather (${texts.length})`);
  await store.flush();
  assert.equal((await store.list())[0]!.entryCount, texts.length);
});

test('delete cancels a pending save', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-cancel-'));
  const store = new TranscriptStore(dir, { debounceMs: 20 });
  await store.save(input('s', ['a']));
  let reads = 0;
  store.schedule({ agentName: 'agent', sessionId: 's', cwd: '/work' }, () => (reads++, input('s', ['a', 'b'])));
  await store.delete(transcriptId({ agentName: 'agent', sessionId: 's', cwd: '/work' }));
  // A flush writes whatever is still pending: nothing, once the delete cancelled it.
  await store.flush();
  assert.equal(reads, 0, 'the cancelled save never read the thread');
  assert.deepEqual(await store.list(), []);
});

test('size cap applies on save', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-cap-'));
  const store = new TranscriptStore(dir, { maxBytes: 4000 });
  const meta = await store.save(input('s', Array.from({ length: 100 }, (_, i) => `${i} ${'z'.repeat(80)}`)));
  assert.ok(meta.droppedEntries > 0);
  const t = await store.load(meta.id);
  assert.equal(t!.entries[0]!.type, 'notice');
  assert.equal(t!.entries.at(-1)!.id, 's-99');
});

test('corrupt and foreign files are ignored; prune keeps the newest', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-corrupt-'));
  const store = new TranscriptStore(dir, { now: clock() });
  for (const s of ['a', 'b', 'c']) await store.save(input(s, [s]));
  const tdir = join(dir, 'transcripts');
  writeFileSync(join(tdir, `${'f'.repeat(24)}.meta.json`), '{ not json');
  writeFileSync(join(tdir, 'notes.txt'), 'x');
  const idB = transcriptId({ agentName: 'agent', sessionId: 'b', cwd: '/work' });
  writeFileSync(join(tdir, `${idB}.json`), '{"truncated');
  assert.deepEqual((await store.list()).map((m) => m.sessionId), ['c', 'b', 'a']);
  const damaged = await store.load(idB);
  assert.equal(damaged?.sessionId, 'b', 'a corrupt body opens from its meta file (test/unit/history/damage.test.ts)');
  assert.equal(damaged?.entries.at(-1)?.type, 'notice', 'saying what could not be read');
  assert.equal(await store.load('../../etc/passwd'), undefined, 'ids are checked');
  assert.deepEqual(await store.prune(1), [idB, transcriptId({ agentName: 'agent', sessionId: 'a', cwd: '/work' })]);
  assert.deepEqual((await store.list()).map((m) => m.sessionId), ['c']);
  assert.equal(existsSync(join(tdir, `${idB}.json`)), false);
});

test('concurrent saves of one transcript end with the last one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-race-'));
  const store = new TranscriptStore(dir);
  await Promise.all(Array.from({ length: 10 }, (_, i) => store.save(input('s', Array.from({ length: i + 1 }, (_, j) => `m${j}`)))));
  assert.equal((await store.list())[0]!.entryCount, 10);
  assert.equal((await store.loadSession({ agentName: 'agent', sessionId: 's', cwd: '/work' }))!.entries.length, 10);
});

test('a background save whose reader throws reports the error instead of crashing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-throw-'));
  const errors: unknown[] = [];
  const store = new TranscriptStore(dir, { debounceMs: 10, onError: (e) => errors.push(e) });
  store.schedule({ agentName: 'agent', sessionId: 's', cwd: '/work' }, () => {
    throw new Error('thread disposed');
  });
  // The debounced save runs on its own timer: wait for its report.
  await until(async () => errors.length === 1);
  store.schedule({ agentName: 'agent', sessionId: 't', cwd: '/work' }, () => {
    throw new Error('again');
  });
  await store.flush();
  assert.deepEqual(errors.map((e) => (e as Error).message), ['thread disposed', 'again']);
  assert.deepEqual(await store.list(), []);
});
