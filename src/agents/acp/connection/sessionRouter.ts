/**
 * Routes `session/update`s and agent requests to sessions by `sessionId`.
 *
 * Updates for a session id we do not know yet are held while a `session/new` is in flight
 * (an agent may announce commands before its answer arrives) and replayed once the session
 * exists; otherwise they are logged and dropped.
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

const MAX_HELD = 1_000;
/** Children routed per process: far above any real team, low enough that a flood stays small. */
export const MAX_CHILDREN = 10_000;

/** Whoever a request or update with this session id is for: a session, or a subagent of one. */
export type RouteTarget = AcpChatSession | ChildSession;

export class SessionRouter {
  private readonly sessions = new Map<string, AcpChatSession>();
  private readonly children = new Map<string, { child: ChildSession; top: AcpChatSession }>();
  private readonly held = new Map<string, unknown[]>();
  private creating = 0;
  /**
   * The session the last lookup found. Updates come in long runs for one session, and comparing
   * the fresh `sessionId` string JSON.parse made is cheaper than hashing it for the map.
   */
  private lastFound: AcpChatSession | undefined;

  constructor(
    private readonly log?: (line: string) => void,
    /** An update for a session that is gone or never existed (dropped). */
    private readonly onUnknownSession?: (sessionId: string) => void,
  ) {}

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

  expectSession(): void {
    this.creating++;
  }

  sessionSettled(): void {
    this.creating = Math.max(0, this.creating - 1);
    if (this.creating === 0) {
      for (const [id, updates] of this.held) {
        this.log?.(`dropped ${updates.length} update(s) for unknown session ${id}`);
        this.onUnknownSession?.(id);
      }
      this.held.clear();
    }
  }

  add(session: AcpChatSession): void {
    // Reopened on this connection (a load replays it): its children are announced again, to it.
    const previous = this.sessions.get(session.sessionId);
    if (previous && previous !== session) for (const [id, link] of this.children) if (link.top === previous) this.children.delete(id);
    this.sessions.set(session.sessionId, session);
    this.lastFound = undefined;
    const early = this.held.get(session.sessionId) ?? [];
    this.held.delete(session.sessionId);
    for (const update of early) {
      session.handleUpdate(update);
      this.noteChild(session, [], update);
    }
    this.releaseHeldChildren();
  }

  /** Updates held for ids that turned out to be children announced meanwhile (a replay's, say). */
  private releaseHeldChildren(): void {
    let found = true;
    while (found) {
      found = false;
      for (const [id, updates] of this.held) {
        const link = this.children.get(id);
        if (!link) continue;
        this.held.delete(id);
        found = true;
        for (const update of updates) {
          link.child.handleUpdate(update);
          this.noteChild(link.top, link.child.path, update);
        }
      }
    }
  }

  /** A closed (or failed-to-open) session no longer receives anything. */
  remove(session: AcpChatSession): void {
    if (this.sessions.get(session.sessionId) === session) this.sessions.delete(session.sessionId);
    if (this.lastFound === session) this.lastFound = undefined;
    for (const [id, link] of this.children) if (link.top === session) this.children.delete(id);
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
    if (this.creating > 0 && typeof p.sessionId === 'string') {
      const list = this.held.get(p.sessionId) ?? [];
      if (list.length < MAX_HELD) list.push(p.update);
      this.held.set(p.sessionId, list);
      return;
    }
    this.log?.(`session/update for unknown session ${String(p.sessionId)} ignored`);
    this.onUnknownSession?.(String(p.sessionId));
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
    this.children.set(id, { child: top.children.open([...path, id]), top });
  }

  closeAll(info: { exitCode: number | null; signal: string | null; stderrTail: string }, expected: boolean, why?: string): void {
    for (const session of this.sessions.values()) session.agentGone(info, expected, why);
  }
}
