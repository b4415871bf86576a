/**
 * Routes `session/update`s and agent requests to sessions by `sessionId`.
 *
 * Updates for a session id we do not know yet are held while a `session/new` is in flight
 * (an agent may announce commands before its answer arrives) and replayed once the session
 * exists; otherwise they are logged and dropped.
 */
import type { AcpChatSession } from '../session/session.js';

const MAX_HELD = 1_000;

export class SessionRouter {
  private readonly sessions = new Map<string, AcpChatSession>();
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
    this.sessions.set(session.sessionId, session);
    this.lastFound = undefined;
    const early = this.held.get(session.sessionId) ?? [];
    this.held.delete(session.sessionId);
    for (const update of early) session.handleUpdate(update);
  }

  /** A closed (or failed-to-open) session no longer receives anything. */
  remove(session: AcpChatSession): void {
    if (this.sessions.get(session.sessionId) === session) this.sessions.delete(session.sessionId);
    if (this.lastFound === session) this.lastFound = undefined;
  }

  routeUpdate(params: unknown): void {
    const p = (typeof params === 'object' && params !== null ? params : {}) as { sessionId?: unknown; update?: unknown };
    const session = this.get(p.sessionId);
    if (session) {
      session.handleUpdate(p.update);
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

  closeAll(info: { exitCode: number | null; signal: string | null; stderrTail: string }, expected: boolean, why?: string): void {
    for (const session of this.sessions.values()) session.agentGone(info, expected, why);
  }
}
