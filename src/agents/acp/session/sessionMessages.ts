/**
 * Messages between a session and its children (`session_message`, `session_message_chunk`):
 * the task a parent gave a child and the child's report. Each session's transcript has its own
 * view of a message — the parent's outgoing task and the child's incoming one, the child's
 * outgoing report and the parent's incoming one — so the session it arrived on decides whose
 * card it belongs to:
 *
 * - on a session, a message whose recipient is one of its own children is that child's task,
 *   one whose sender is one of its children is that child's report;
 * - on a child, a message naming the child itself as recipient is its task, as sender its report.
 *
 * Both views of one message become one row in the child's thread: a view that links to the
 * other (`recipientMessageId` on the parent's outgoing task, `senderMessageId` on its incoming
 * report) is keyed by the id in the child's transcript, where the child's own view has it.
 * A message naming no child of the session it came on waits (bounded) for such a child to be
 * announced — an agent may send a child its task before the `subagent_update` naming the child —
 * and is shown then; one that never finds its child is never shown.
 *
 * Chunks carry only the message id; the participants come from `session_message`, which may
 * arrive after them (SDK 2.4.0). Such chunks wait, within bounds, for their message.
 */
import type { ContentBlock, SessionEvent } from '../../../protocol/events.js';

type Upsert = Extract<SessionEvent, { kind: 'session_message' }>;
type Chunk = Extract<SessionEvent, { kind: 'session_message_chunk' }>;

/** Chunks kept for messages not described yet: this many messages, this many chunks each. */
const MAX_WAITING_MESSAGES = 64;
const MAX_WAITING_CHUNKS = 256;
/** Messages remembered per family (their participants and where they went); the oldest go first. */
const MAX_MESSAGES = 4_096;
/** Messages kept while they name no announced child; the oldest is given up first. */
const MAX_UNROUTED = 64;

export interface MessageFamily {
  /** The child path of a child session of the family, if `sessionId` is one. */
  pathOf(sessionId: string): readonly string[] | undefined;
  /** Emits a child's event on the owning session, wrapped once per level of `path`. */
  emitAt(path: readonly string[], event: SessionEvent): void;
  log(line: string): void;
}

interface Participants {
  sender?: string;
  recipient?: string;
  senderMessageId?: string;
  recipientMessageId?: string;
}

type Route = { path: readonly string[]; role: 'task' | 'report'; rowKey: string };

interface Known extends Participants {
  /** Where it went, once resolved: the child's path, its role there, its row key in the child's thread. */
  route?: Route;
}

/** A message that named no announced child when it came: where it came and its latest content. */
interface Unrouted {
  self: readonly string[];
  messageId: string;
  content?: Upsert['content'];
}

export class SessionMessages {
  private readonly known = new Map<string, Known>();
  private readonly waiting = new Map<string, ContentBlock[]>();
  private readonly unrouted = new Map<string, Unrouted>();

  constructor(private readonly family: MessageFamily) {}

  /** An update of the transcript of the session at `self` (`[]`: the owning session, else a child's path). */
  handle(self: readonly string[], event: Upsert | Chunk): void {
    const key = `${self.join('/')}\u0000${event.messageId}`;
    if (event.kind === 'session_message_chunk') {
      const route = this.known.get(key)?.route;
      if (route) this.family.emitAt(route.path, { kind: 'subagent_message', role: route.role, messageId: route.rowKey, chunk: event.content });
      else this.wait(key, event.content);
      return;
    }
    const known = this.known.get(key) ?? this.remember(key);
    patch(known, 'sender', event.senderSessionId);
    patch(known, 'recipient', event.recipientSessionId);
    patch(known, 'senderMessageId', event.senderMessageId);
    patch(known, 'recipientMessageId', event.recipientMessageId);
    // The first place a message is shown stays its place; later links do not move it.
    known.route ??= this.resolve(self, known, event.messageId);
    const route = known.route;
    if (!route) {
      this.hold(key, self, event);
      this.family.log(`session_message ${event.messageId} names no subagent of this session (from ${known.sender ?? '?'} to ${known.recipient ?? '?'}); shown if one is announced`);
      return;
    }
    this.deliver(key, route, event.content);
  }

  /** A child of the family was announced: messages that named it before are shown now. */
  childAnnounced(): void {
    for (const [key, pending] of this.unrouted) {
      const known = this.known.get(key);
      const route = known ? (known.route ??= this.resolve(pending.self, known, pending.messageId)) : undefined;
      if (!known) this.unrouted.delete(key);
      if (!route) continue;
      this.unrouted.delete(key);
      this.family.log(`session_message ${pending.messageId} shown now that its subagent is announced`);
      this.deliver(key, route, pending.content);
    }
  }

  private deliver(key: string, route: Route, content: Upsert['content']): void {
    if (content !== undefined) this.family.emitAt(route.path, { kind: 'subagent_message', role: route.role, messageId: route.rowKey, content });
    const early = this.waiting.get(key);
    if (early) {
      this.waiting.delete(key);
      for (const chunk of early) this.family.emitAt(route.path, { kind: 'subagent_message', role: route.role, messageId: route.rowKey, chunk });
    }
  }

  private hold(key: string, self: readonly string[], event: Upsert): void {
    const pending = this.unrouted.get(key);
    if (pending) {
      if (event.content !== undefined) pending.content = event.content;
      return;
    }
    if (this.unrouted.size >= MAX_UNROUTED) {
      const oldest = this.unrouted.keys().next().value!;
      this.unrouted.delete(oldest);
      this.waiting.delete(oldest);
    }
    this.unrouted.set(key, { self, messageId: event.messageId, ...(event.content !== undefined ? { content: event.content } : {}) });
  }

  private resolve(self: readonly string[], p: Participants, messageId: string): Known['route'] {
    const childOf = (id: string | undefined) => {
      const path = id === undefined ? undefined : this.family.pathOf(id);
      return path && path.length === self.length + 1 && self.every((step, i) => path[i] === step) ? path : undefined;
    };
    const selfId = self[self.length - 1];
    // The parent's own views of a message: keyed by the child's view where they link to it.
    const toChild = childOf(p.recipient);
    if (toChild) return { path: toChild, role: 'task', rowKey: p.recipientMessageId ?? `parent:${messageId}` };
    const fromChild = childOf(p.sender);
    if (fromChild) return { path: fromChild, role: 'report', rowKey: p.senderMessageId ?? `parent:${messageId}` };
    if (selfId !== undefined && p.recipient === selfId) return { path: self, role: 'task', rowKey: messageId };
    if (selfId !== undefined && p.sender === selfId) return { path: self, role: 'report', rowKey: messageId };
    return undefined;
  }

  private remember(key: string): Known {
    if (this.known.size >= MAX_MESSAGES) this.known.delete(this.known.keys().next().value!);
    const known: Known = {};
    this.known.set(key, known);
    return known;
  }

  private wait(key: string, chunk: ContentBlock): void {
    const list = this.waiting.get(key);
    if (list) {
      if (list.length < MAX_WAITING_CHUNKS) list.push(chunk);
      return;
    }
    if (this.waiting.size >= MAX_WAITING_MESSAGES) {
      this.family.log(`session_message_chunk for ${key.split('\u0000')[1]} dropped: too many messages not described yet`);
      return;
    }
    this.waiting.set(key, [chunk]);
  }
}

function patch(known: Participants, field: keyof Participants, value: string | null | undefined): void {
  if (value === undefined) return;
  if (value === null) delete known[field];
  else known[field] = value;
}
