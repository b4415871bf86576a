/**
 * Long streamed text crosses to the webview as UTF-8 bytes, outside the message's JSON.
 *
 * VS Code serialises what `webview.postMessage` is given with `JSON.stringify` on the extension
 * host, sends that string over its RPC as UTF-8 and parses it again on the window's renderer
 * thread before the page gets it. Typed arrays skip all three: VS Code lifts them out of the
 * message and hands them over as buffers (for an extension built for VS Code 1.57 or later). A
 * burst of streamed text — a fast agent, a long reply read at once — is nearly all of a `rows`
 * message, so an append of at least `PACK_FROM_CHARS` characters goes as its UTF-8 bytes, which
 * the page decodes once. Shorter appends, the usual case while an answer streams at reading
 * speed, stay strings: encoding one costs a call and a buffer of its own.
 */
import type { ChildRowChange, EntryId, RowChange } from '../thread/types.js';
import type { HostToWebview } from './webviewProtocol.js';

export const PACK_FROM_CHARS = 4096;

/** An append whose text travels as bytes (only on the way to the page; the page restores `text`). */
export interface PackedAppend {
  op: 'append';
  index: number;
  id: EntryId;
  utf8: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Encoded through one reused buffer and copied out at the size written: one pass over the text,
 * where `encode` measures it first (about twice as fast for text that is not all Latin-1, as
 * most replies are not). A text that may need more than the buffer is encoded on its own.
 */
const SCRATCH_BYTES = 1 << 20;
let scratch: Uint8Array | undefined;

function utf8(text: string): Uint8Array {
  if (text.length * 3 > SCRATCH_BYTES) return encoder.encode(text);
  scratch ??= new Uint8Array(SCRATCH_BYTES);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}

/** The message as it is posted: a `rows` message with its long appends as bytes; any other as it is. */
export function packForPost(message: HostToWebview): unknown {
  if (message.type !== 'rows') return message;
  const changes = packChanges(message.changes);
  // Each child's rows packed once: a child left as it was is the same object.
  const children = message.children?.map((c) => {
    const rows = packChanges(c.rows);
    return rows === c.rows ? c : { childId: c.childId, rows };
  });
  if (changes === message.changes && (children === undefined || children.every((c, i) => c === message.children![i]))) return message;
  return { ...message, changes, ...(children ? { children } : {}) };
}

/**
 * What the page received, with every packed append's text restored (a message without any is
 * returned as it is); undefined when a packed append came without its bytes: the page then asks
 * for the whole thread again rather than show a reply with a hole in it.
 */
export function unpackPosted(data: unknown): HostToWebview | undefined {
  const message = data as HostToWebview;
  if (!message || message.type !== 'rows') return message;
  const changes = unpackChanges(message.changes);
  const children = message.children?.map((c) => ({ childId: c.childId, rows: unpackChanges(c.rows) }));
  if (changes === undefined || children?.some((c) => c.rows === undefined)) return undefined;
  if (changes === message.changes && (children === undefined || children.every((c, i) => c.rows === message.children![i]!.rows))) return message;
  return { ...message, changes, ...(children ? { children: children as ChildRowChange[] } : {}) };
}

/** `rows` itself when nothing in it is long enough to pack. */
function packChanges(rows: RowChange[]): Array<RowChange | PackedAppend> {
  let packed: Array<RowChange | PackedAppend> | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.op !== 'append' || row.text.length < PACK_FROM_CHARS) continue;
    packed ??= rows.slice();
    packed[i] = { op: 'append', index: row.index, id: row.id, utf8: utf8(row.text) };
  }
  return packed ?? rows;
}

/** `rows` itself when nothing in it is packed; undefined when a packed append has no bytes. */
function unpackChanges(rows: RowChange[]): RowChange[] | undefined {
  let unpacked: RowChange[] | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RowChange | PackedAppend;
    if (row.op !== 'append' || !('utf8' in row)) continue;
    if (!(row.utf8 instanceof Uint8Array)) return undefined;
    unpacked ??= rows.slice();
    unpacked[i] = { op: 'append', index: row.index, id: row.id, text: decoder.decode(row.utf8) };
  }
  return unpacked ?? rows;
}
