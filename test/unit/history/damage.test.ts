/**
 * History faults: a damaged transcript opens with what can be read and says what was skipped;
 * a disk that refuses writes is reported once, and nothing in memory is lost.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NoticeEntry, SessionFacts, ThreadEntry } from '../../../src/thread/types.js';
import { TranscriptStore } from '../../../src/history/store.js';
import { transcriptId } from '../../../src/history/shape.js';
import type { TranscriptInput } from '../../../src/history/types.js';
import { transcriptToMarkdown } from '../../../src/history/markdown.js';

const facts: SessionFacts = { turnState: 'idle', commands: [] };
const input = (texts: string[]): TranscriptInput => ({
  agentName: 'agent', sessionId: 's1', cwd: '/work', session: facts,
  entries: texts.map((t, i): ThreadEntry => ({ type: i % 2 ? 'agent' : 'user', id: `e${i}`, content: [{ type: 'text', text: t }] })),
});
const id = transcriptId({ agentName: 'agent', sessionId: 's1', cwd: '/work' });

async function savedStore(texts: string[]): Promise<{ dir: string; store: TranscriptStore; body: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'history-damage-'));
  const store = new TranscriptStore(dir);
  await store.save(input(texts));
  return { dir, store, body: join(dir, 'transcripts', `${id}.json`) };
}

const lastNotice = (entries: ThreadEntry[]) => entries.at(-1) as NoticeEntry;

test('damaged entries are left out, the rest opens, and a notice says how many', async () => {
  const { store, body } = await savedStore(['one', 'two', 'three', 'four']);
  const file = JSON.parse(readFileSync(body, 'utf8'));
  file.entries[1] = { type: 'agent', id: 'e1', content: 'not a list' };
  file.entries[2] = 42;
  writeFileSync(body, JSON.stringify(file));
  const t = await store.load(id);
  assert.deepEqual(t!.entries.slice(0, -1).map((e) => e.id), ['e0', 'e3']);
  assert.equal(lastNotice(t!.entries).title, 'Part of this conversation could not be read');
  assert.match(lastNotice(t!.entries).detail ?? '', /^2 damaged entries were left out\. What could be read is shown\.$/);
});

test('a block the export cannot read (text that is not a string) leaves its entry out instead of breaking the export', async () => {
  const { store, body } = await savedStore(['one', 'two']);
  const file = JSON.parse(readFileSync(body, 'utf8'));
  // Found by the fuzzer: this used to load, then throw in the Markdown export.
  file.entries[1].content = [{ type: 'text', text: { toString: 'not a function' } }];
  writeFileSync(body, JSON.stringify(file));
  const t = await store.load(id);
  assert.deepEqual(t!.entries.slice(0, -1).map((e) => e.id), ['e0']);
  assert.match(transcriptToMarkdown(t!), /one/);
});

test('a file cut off mid-write opens with the entries before the cut', async () => {
  const { store, body } = await savedStore(['one', 'two', 'three', 'four']);
  const text = readFileSync(body, 'utf8');
  writeFileSync(body, text.slice(0, text.indexOf('"id":"e3"') + 4));
  const t = await store.load(id);
  assert.equal(t!.sessionId, 's1', 'the header comes from the meta file');
  assert.deepEqual(t!.entries.slice(0, -1).map((e) => e.id), ['e0', 'e1', 'e2']);
  assert.match(lastNotice(t!.entries).detail ?? '', /^1 damaged entry was left out\. The file is damaged \(not valid JSON: .+\)\. What could be read is shown\.$/);
  assert.deepEqual(t!.session, facts);
});

test('one broken entry in the middle of an unparsable file costs only that entry', async () => {
  const { store, body } = await savedStore(['one', 'two', 'three']);
  const text = readFileSync(body, 'utf8').replace('"id":"e1"', '"id":e1');
  writeFileSync(body, text);
  const t = await store.load(id);
  assert.deepEqual(t!.entries.slice(0, -1).map((e) => e.id), ['e0', 'e2']);
});

test('garbage with an intact meta file opens empty with the notice, never throws', async () => {
  const { store, body } = await savedStore(['one']);
  writeFileSync(body, Buffer.from([0xff, 0x00, 0x7b, 0x22]));
  const t = await store.load(id);
  assert.equal(t!.entries.length, 1);
  assert.match(lastNotice(t!.entries).detail ?? '', /No entry was lost\. The file is damaged/);
});

test('a disk that refuses writes is reported once; the thread in memory is untouched; reported again after a recovery', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-full-'));
  // A file where the transcripts folder should be: every write fails (as on a full or read-only disk).
  writeFileSync(join(dir, 'transcripts'), 'in the way');
  const errors: string[] = [];
  const store = new TranscriptStore(dir, { debounceMs: 1, onError: (e) => errors.push((e as Error).message) });
  const thread = input(['one', 'two']);
  for (let i = 0; i < 5; i++) {
    store.schedule({ agentName: 'agent', sessionId: 's1', cwd: '/work' }, () => thread);
    await store.flushOne({ agentName: 'agent', sessionId: 's1', cwd: '/work' });
  }
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, /EEXIST|ENOTDIR/);
  assert.equal(thread.entries.length, 2);
  rmSync(join(dir, 'transcripts'));
  store.schedule({ agentName: 'agent', sessionId: 's1', cwd: '/work' }, () => thread);
  await store.flushOne({ agentName: 'agent', sessionId: 's1', cwd: '/work' });
  assert.equal((await store.load(id))?.entries.length, 2, 'saving resumed');
  rmSync(join(dir, 'transcripts'), { recursive: true });
  writeFileSync(join(dir, 'transcripts'), 'in the way again');
  store.schedule({ agentName: 'agent', sessionId: 's1', cwd: '/work' }, () => thread);
  await store.flushOne({ agentName: 'agent', sessionId: 's1', cwd: '/work' });
  assert.equal(errors.length, 2, 'a new run of failures is reported');
});
