/**
 * Routes `session/update`s and agent requests to sessions by `sessionId`.
 *
 * Updates for a session id we do not know yet are held (earlyUpdates.ts, bounded) and replayed
 * once the id turns out to be a session (an agent may announce commands before its
 * `session/new` answer arrives) or a child announced by a `subagent_update` (a child may speak
 * before its parent names it); an id that never does is given up, logged and counted. Updates
 * for a session that was closed here are dropped at once.
 *
 * Child sessions (subagents): a `subagent_update` on a session (or on a child) announces the
 * child it names, and from then on the child's updates and requests go to the session that owns
 * it (session/childSessions.ts), which shows them inside the child's card. The first announcer
 * owns a child (the schema: later updates change metadata, not ownership); an id that is already
 * a session or one of the announcer's own ancestors, and children past MAX_CHILD_DEPTH or
 * MAX_CHILDREN, are not routed (logged; their traffic is then an unknown session's).
 */
import type { AcpChatSession } from '../session/acpSession.js';
import { MAX_CHILD_DEPTH, type ChildSession } from '../session/childSessions.js';
import { EarlyUpdates, MAX_EARLY_UPDATES, type GivenUp } from './earlyUpdates.js';

/** Children routed per process: far above any real team, low enough that a flood stays small. */
export const MAX_CHILDREN = 10_000;
/** Ids of sessions (and their children) closed here, remembered so their late traffic is dropped at once. */
const MAX_GONE = 256;

/** Whoever a request or update with this session id is for: a session, or a subagent of one. */
export type RouteTarget = AcpChatSession | ChildSession;

export class SessionRouter {
  private readonly sessions = new Map<string, AcpChatSession>();
  private readonly children = new Map<string, { child: ChildSession; top: AcpChatSession }>();
  private readonly early: EarlyUpdates;
  private readonly gone = new Set<string>();
  /**
   * The session the last lookup found. Updates come in long runs for one session, and comparing
   * the fresh `sessionId` string JSON.parse made is cheaper than hashing it for the map.
   */
  private lastFound: AcpChatSession | undefined;

  constructor(
    private readonly log?: (line: string) => void,
    /** An update for a session that is gone or never existed (dropped). */
    private readonly onUnknownSession?: (sessionId: string) => void,
    now?: () => number,
  ) {
    this.early = new EarlyUpdates(now);
  }

  get(sessionId: unknown): AcpChatSession | undefined {
    const last = this.lastFound;
    if (last !== undefined && last.sessionId === sessionId) return last;
    if (typeof sessionId !== 'string') return undefined;
    const found = this.sessions.get(sessionId);
    if (found !== undefined) this.lastFound = found;
    return found;
  }

  /** A session, or a child session announced on one: what an agent request with this id is for. */
  target(sessionId: unknown): RouteTarget | undefined {
    return this.get(sessionId) ?? (typeof sessionId === 'string' ? this.children.get(sessionId)?.child : undefined);
  }

  all(): AcpChatSession[] {
    return [...this.sessions.values()];
  }

  add(session: AcpChatSession): void {
    // Reopened on this connection (a load replays it): its children are announced again, to it.
    const previous = this.sessions.get(session.sessionId);
    if (previous && previous !== session) for (const [id, link] of this.children) if (link.top === previous) this.children.delete(id);
    this.sessions.set(session.sessionId, session);
    this.gone.delete(session.sessionId);
    this.lastFound = undefined;
    const early = this.takeEarly(session.sessionId);
    for (const update of early) {
      session.handleUpdate(update);
      this.noteChild(session, [], update);
    }
  }

  /** A closed (or failed-to-open) session no longer receives anything. */
  remove(session: AcpChatSession): void {
    if (this.sessions.get(session.sessionId) === session) {
      this.sessions.delete(session.sessionId);
      this.noteGone(session.sessionId);
    }
    if (this.lastFound === session) this.lastFound = undefined;
    for (const [id, link] of this.children) {
      if (link.top !== session) continue;
      this.children.delete(id);
      this.noteGone(id);
    }
  }

  private noteGone(id: string): void {
    if (this.gone.size >= MAX_GONE) this.gone.delete(this.gone.values().next().value!);
    this.gone.add(id);
  }

  routeUpdate(params: unknown): void {
    const p = (typeof params === 'object' && params !== null ? params : {}) as { sessionId?: unknown; update?: unknown };
    const session = this.get(p.sessionId);
    if (session) {
      session.handleUpdate(p.update);
      this.noteChild(session, [], p.update);
      return;
    }
    const link = typeof p.sessionId === 'string' ? this.children.get(p.sessionId) : undefined;
    if (link) {
      link.child.handleUpdate(p.update);
      this.noteChild(link.top, link.child.path, p.update);
      return;
    }
    if (typeof p.sessionId === 'string' && p.sessionId !== '' && !this.gone.has(p.sessionId)) {
      const id = p.sessionId;
      if (!this.early.has(id)) this.log?.(`session/update for unknown session ${id} held until a session or subagent_update names it`);
      this.reportGivenUp(this.early.hold(id, p.update));
      return;
    }
    this.log?.(`session/update for unknown session ${String(p.sessionId)} ignored`);
    this.onUnknownSession?.(String(p.sessionId));
  }

  private takeEarly(id: string): unknown[] {
    const early = this.early.take(id);
    if (!early) return [];
    if (early.lost > 0) {
      this.log?.(`${early.lost} update(s) for ${id} arrived before it was known and were dropped (more than ${MAX_EARLY_UPDATES})`);
      this.onUnknownSession?.(id);
    }
    return early.updates;
  }

  private reportGivenUp(given: readonly GivenUp[]): void {
    for (const { id, updates } of given) {
      this.log?.(`dropped ${updates} update(s) for unknown session ${id}: nothing named it`);
      this.onUnknownSession?.(id);
    }
  }

  /** A `subagent_update` on `top` (or on its child at `path`) announcing a child not routed yet. */
  private noteChild(top: AcpChatSession, path: readonly string[], update: unknown): void {
    const u = update as { sessionUpdate?: unknown; sessionId?: unknown } | null;
    if (typeof u !== 'object' || u === null || u.sessionUpdate !== 'subagent_update') return;
    const id = u.sessionId;
    if (typeof id !== 'string' || id === '' || this.children.has(id)) return;
    if (this.sessions.has(id) || id === top.sessionId || path.includes(id)) {
      this.log?.(`subagent ${id} names a session that already exists; its traffic stays with that session`);
      return;
    }
    if (path.length >= MAX_CHILD_DEPTH || this.children.size >= MAX_CHILDREN) {
      this.log?.(`subagent ${id} not routed: ${path.length >= MAX_CHILD_DEPTH ? `nested deeper than ${MAX_CHILD_DEPTH}` : `more than ${MAX_CHILDREN} subagents`}`);
      return;
    }
    const child = top.children.open([...path, id]);
    this.children.set(id, { child, top });
    this.gone.delete(id);
    // What the child said before it was announced, shown now (its own announcements route further).
    for (const early of this.takeEarly(id)) {
      child.handleUpdate(early);
      this.noteChild(top, child.path, early);
    }
  }

  closeAll(info: { exitCode: number | null; signal: string | null; stderrTail: string }, expected: boolean, why?: string): void {
    this.reportGivenUp(this.early.clear());
    for (const session of this.sessions.values()) session.agentGone(info, expected, why);
  }
}
