/**
 * Runs of streamed text chunks, joined into one `session/update` before they are handled.
 *
 * An agent streams an answer as thousands of `agent_message_chunk`s, and one read of its output
 * holds a few hundred of them. Handled one by one, each would pay the whole way to the chat
 * (normalize, the session's listeners, the thread, the transcript, the webview's batch) although
 * only their joined text is ever seen. A text chunk that continues the one before it — same
 * session, same kind and message — reads exactly as that chunk with the two texts joined, so the
 * transport joins such runs (transport.ts `joinNotifications`, with `textChunkRuns`).
 * Nothing waits for more input: a run is handed over when a message that does not continue it
 * arrives and at the end of every read. The protocol log sees the run as the one message it was
 * handed over as, with the number of chunks it joins (so the log and the thread share its text);
 * a chunk that carries `_meta` or annotations is never joined onto a run, so the log keeps them.
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
 * How the transport joins a run of notifications into one (transport.ts `joinNotifications`):
 * `start` with the first two (undefined when the second does not continue the first), `extend`
 * with each next one (false when it does not continue the run), `finish` once, when the run is
 * handed over, for the params that say what the whole run says. The messages passed in are
 * never changed.
 */
export interface NotificationJoin<Run = unknown> {
  start(first: unknown, next: unknown): Run | undefined;
  extend(run: Run, next: unknown): boolean;
  finish(run: Run): unknown;
  /** Joining later notifications read by their text alone (transport.ts with lineTemplate.ts). */
  byText?: TextJoin<Run>;
}

/**
 * `textOf`: the text of a notification that a later one continues when it is the same but for
 * its text, else undefined; `start` / `extend` then take such a later one's text in place of
 * the notification.
 */
export interface TextJoin<Run> {
  textOf(params: unknown): string | undefined;
  start(first: unknown, text: string): Run;
  extend(run: Run, text: string): void;
}

interface TextRun {
  /** The first chunk's params, copied, with all it has (its row keeps annotations, `_meta`). */
  params: PlainChunk;
  /**
   * The run's texts as they came, joined once at the end: the run's text is then one flat
   * string, which the thread and the protocol log both keep. Built with `+=`, it would be a
   * tree of one node per chunk, each a small object for the GC to walk as long as it is kept.
   */
  pieces: string[];
}

export const textChunkRuns: NotificationJoin<TextRun> = {
  start(first, next) {
    if (!isPlainChunk(first) || !isPlainChunk(next) || hasOwnExtras(next) || !continues(first, next)) return undefined;
    return runOf(first, next.update.content.text);
  },
  extend(run, next) {
    if (!isPlainChunk(next) || hasOwnExtras(next) || !continues(run.params, next)) return false;
    run.pieces.push(next.update.content.text);
    return true;
  },
  finish(run) {
    run.params.update.content.text = run.pieces.join('');
    return run.params;
  },
  byText: {
    // A chunk with nothing of its own beside the text: one that repeats it but for the text is a
    // plain chunk of the same session, kind and message, which `start` and `extend` would join.
    textOf: (params) => (isPlainChunk(params) && !hasOwnExtras(params) ? params.update.content.text : undefined),
    start: (first, text) => runOf(first as PlainChunk, text),
    extend: (run, text) => void run.pieces.push(text),
  },
};

function runOf(first: PlainChunk, next: string): TextRun {
  const update = first.update;
  return { params: { ...first, update: { ...update, content: { ...update.content } } }, pieces: [update.content.text, next] };
}

/**
 * The params a run of chunks is handed over as, or undefined when they do not all continue the
 * first: the three steps above in one (for tests, and the fuzzer's model of the transport).
 */
export function joinTextChunks(first: unknown, ...rest: unknown[]): unknown {
  if (rest.length === 0) return first;
  const run = textChunkRuns.start(first, rest[0]);
  if (run === undefined) return undefined;
  for (let i = 1; i < rest.length; i++) if (!textChunkRuns.extend(run, rest[i])) return undefined;
  return textChunkRuns.finish(run);
}

/**
 * Whether a chunk carries what the protocol log keeps of a message (`_meta`, annotations): the
 * log sees a joined run as one message (transport.ts `tap`), so such a chunk starts a run of
 * its own rather than be lost inside one. The thread would not read them on a continuing chunk.
 */
function hasOwnExtras(chunk: PlainChunk): boolean {
  const update = chunk.update as PlainChunk['update'] & { _meta?: unknown; content: { _meta?: unknown; annotations?: unknown } };
  return (chunk as { _meta?: unknown })._meta !== undefined || update._meta !== undefined || update.content._meta !== undefined || update.content.annotations !== undefined;
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
