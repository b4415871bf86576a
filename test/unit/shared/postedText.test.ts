import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PACK_FROM_CHARS, packForPost, unpackPosted } from '../../../src/shared/postedText.js';
import type { HostToWebview } from '../../../src/shared/webviewProtocol.js';
import type { RowChange } from '../../../src/thread/types.js';

/** Text at the threshold with characters of every UTF-8 length, a surrogate pair across the middle. */
const long = ('a é — 😀 ' as string).repeat(Math.ceil(PACK_FROM_CHARS / 9) + 1);
const append = (text: string, id = 'e2'): RowChange => ({ op: 'append', index: 1, id, text });

test('a long append goes as its UTF-8 bytes and comes back as the same text; short ones and other changes stay as they are', () => {
  const insert: RowChange = { op: 'insert', index: 0, entry: { type: 'notice', id: 'e1', level: 'info', text: 'hi' } as never };
  const message: HostToWebview = { type: 'rows', changes: [insert, append('short'), append(long)] };
  const posted = packForPost(message) as { changes: Array<Record<string, unknown>> };
  assert.notEqual(posted, message, 'a new message: the one the thread batched is not changed');
  assert.equal((message.changes[2] as { text: string }).text, long);
  assert.equal(posted.changes[0], insert);
  assert.equal(posted.changes[1], message.changes[1]);
  assert.ok(posted.changes[2]!.utf8 instanceof Uint8Array && !('text' in posted.changes[2]!));
  assert.equal((posted.changes[2]!.utf8 as Uint8Array).byteLength, Buffer.byteLength(long, 'utf8'));
  assert.deepEqual(unpackPosted(posted), message);
});

test('a message with nothing long enough is posted and received as the very same object', () => {
  const rows: HostToWebview = { type: 'rows', changes: [append('x'.repeat(PACK_FROM_CHARS - 1))], children: [{ childId: 'c', rows: [append('y')] }] };
  const reveal: HostToWebview = { type: 'revealEntry', entryId: 'e1' };
  assert.equal(packForPost(rows), rows);
  assert.equal(unpackPosted(rows), rows);
  assert.equal(packForPost(reveal), reveal);
  assert.equal(unpackPosted(reveal), reveal);
});

test('appends inside subagent cards are packed and restored too', () => {
  const message: HostToWebview = { type: 'rows', changes: [], children: [{ childId: 'a', rows: [append('small')] }, { childId: 'b', rows: [append(long, 'e9')] }] };
  const posted = packForPost(message) as { children: Array<{ childId: string; rows: Array<Record<string, unknown>> }> };
  assert.equal(posted.children[0]!.rows, message.children![0]!.rows);
  assert.ok(posted.children[1]!.rows[0]!.utf8 instanceof Uint8Array);
  assert.deepEqual(unpackPosted(posted), message);
});

test('a packed append without its bytes (or with bytes turned into JSON on the way) is not taken: the page asks for the thread again', () => {
  const posted = packForPost({ type: 'rows', changes: [append(long)] }) as { changes: Array<Record<string, unknown>> };
  const asJson = JSON.parse(JSON.stringify(posted));
  assert.equal(unpackPosted(asJson), undefined);
  assert.equal(unpackPosted({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'e2', utf8: null }] }), undefined);
  assert.equal(unpackPosted({ type: 'rows', changes: [], children: [{ childId: 'c', rows: [{ op: 'append', index: 1, id: 'e2', utf8: 'text' }] }] }), undefined);
});

test('appends packed one after another keep their own bytes, and one too long for the shared buffer is packed alike', () => {
  const other = long.replace(/a/g, 'b');
  const huge = long.repeat(Math.ceil(400_000 / long.length));
  const message: HostToWebview = { type: 'rows', changes: [append(long), append(other, 'e3'), append(huge, 'e4')] };
  const posted = packForPost(message) as { changes: Array<{ utf8: Uint8Array }> };
  assert.equal(new Set(posted.changes.map((c) => c.utf8.buffer)).size, 3, 'no two appends share a buffer');
  assert.deepEqual(posted.changes.map((c) => c.utf8.byteLength), [long, other, huge].map((t) => Buffer.byteLength(t, 'utf8')));
  assert.deepEqual(unpackPosted(posted), message);
});
