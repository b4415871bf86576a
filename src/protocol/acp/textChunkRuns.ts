/**
 * Runs of streamed text chunks, joined into one `session/update` before they are handled.
 *
 * An agent streams an answer as thousands of `agent_message_chunk`s, and one read of its output
 * holds a few hundred of them. Handled one by one, each would pay the whole way to the chat
 * (normalize, the session's listeners, the thread, the transcript, the webview's batch) although
 * only their joined text is ever seen. A text chunk that continues the one before it — same
 * session, same kind and message — reads exactly as that chunk with the two texts joined, so the
 * transport joins such runs (transport.ts `joinNotifications`).
 * Nothing waits for more input: a run is handed over when a message that does not continue it
 * arrives and at the end of every read, and the protocol log still sees each message as it came.
 *
 * Only agent and thought chunks are joined: a user chunk may claim the prompt row, and no agent
 * streams the user's words in bulk. A chunk of another content type or with a `null` message id
 * is handed over as it is.
 */

interface PlainChunk {
  sessionId: string;
  update: { sessionUpdate: string; content: { type: 'text'; text: string }; messageId?: string };
}

/**
 * The params of one update that says what `held` then `next` say, or undefined when `next` does
 * not continue `held`. `held` is either a notification's params as parsed (never changed here:
 * the protocol log keeps those objects) or a value this function returned before (`heldIsJoined`),
 * which it extends in place.
 */
export function joinTextChunks(held: unknown, next: unknown, heldIsJoined: boolean): unknown {
  if (!isPlainChunk(next)) return undefined;
  if (heldIsJoined) {
    const run = held as PlainChunk;
    if (!continues(run, next)) return undefined;
    run.update.content.text += next.update.content.text;
    return run;
  }
  if (!isPlainChunk(held) || !continues(held, next)) return undefined;
  // A copy with all the first chunk has (annotations, `_meta`: the row it starts keeps them).
  const update = held.update;
  return { ...held, update: { ...update, content: { ...update.content, text: update.content.text + next.update.content.text } } } satisfies PlainChunk;
}

function continues(run: PlainChunk, next: PlainChunk): boolean {
  return next.sessionId === run.sessionId && next.update.sessionUpdate === run.update.sessionUpdate && next.update.messageId === run.update.messageId;
}

/**
 * An agent or thought text chunk whose text the thread takes as it is: `type: 'text'`, a string
 * `text`, a string `messageId` or none, and no own `__proto__` key (that sends a chunk through
 * its schema). What else a chunk has is kept for the first of a run (its row keeps it) and never
 * read on the chunks that continue it, as the thread reads them (thread/turns/messages.ts
 * appends their text and nothing else).
 */
function isPlainChunk(value: unknown): value is PlainChunk {
  if (typeof value !== 'object' || value === null || typeof (value as PlainChunk).sessionId !== 'string') return false;
  const update = (value as PlainChunk).update as Partial<PlainChunk['update']> | undefined;
  if (typeof update !== 'object' || update === null) return false;
  const kind = update.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk') return false;
  const content = update.content as Partial<PlainChunk['update']['content']> | null | undefined;
  if (typeof content !== 'object' || content === null || content.type !== 'text' || typeof content.text !== 'string') return false;
  const messageId = update.messageId;
  return (messageId === undefined || typeof messageId === 'string') && !Object.hasOwn(content, '__proto__');
}
