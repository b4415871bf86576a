/**
 * Opens a session (new, load or resume) for one tab on a running agent, feeds its events to
 * the tab's thread and records its transcript. Everything tied to that session lives in the
 * tab's session scope, so ending the scope stops the listeners and the recording.
 */
import { AuthRequiredError } from '../../agents/acp/auth/login.js';
import type { McpParseResult } from '../../agents/acp/mcp/parse.js';
import { recordTranscript } from '../../history/recorder.js';
import type { TranscriptStore } from '../../history/store.js';
import type { SessionEvent } from '../../protocol/events.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import type { LiveSession, RunningAgent, SessionPlace } from '../agents/agentPort.js';
import type { ChatThread } from '../thread/chatThread.js';
import type { DisposableScope } from '../disposables.js';
import { errorText } from '../errorText.js';
import { describeMcpProblems } from '../agents/mcpServers.js';
import type { ProtocolLog } from '../protocolLog.js';
import type { SessionTab } from './sessionTabs.js';
import { sessionFolder } from '../editor/workspaceRoots.js';
import { sessionDirOf } from '../../worktrees/types.js';
import { t } from '../translate.js';

/** How a session is opened: fresh, or an earlier one by id (with or without replay). */
/** `note`: what the thread says above a new or forked session instead of "does not remember". */
export type SessionOpening = { kind: 'new'; note?: SessionNote } | { kind: 'load' | 'resume'; sessionId: string } | { kind: 'fork'; sessionId: string; note?: SessionNote };
export interface SessionNote { title: string; detail: string }

export interface SessionOpenerDeps {
  log: ProtocolLog;
  /** Every session's conversation is kept here for the history list (optional in tests). */
  transcripts?: TranscriptStore;
  /** MCP servers to hand each new, loaded or resumed session (settings + trusted mcp.json). */
  mcpServers?: () => Promise<McpParseResult>;
  /** `tab`'s turn state or session changed (status bar when it is shown, tab strip always). */
  tabChanged(tab: SessionTab, statusChanged: boolean): void;
  /** A session that cannot open marks the agent failed (login needed, refused). */
  agentFailed(status: AgentStatus): void;
}

/** How one open ended: the tab's session, the agent said no, or a later open took the tab. */
export type OpenOutcome = 'opened' | 'refused' | 'superseded';

export class SessionOpener {
  constructor(private readonly deps: SessionOpenerDeps) {}

  /** False when the session did not open or was superseded (the thread says why). */
  async open(running: RunningAgent, agentScope: DisposableScope, opening: SessionOpening, tab: SessionTab): Promise<boolean> {
    return (await this.openFor(running, agentScope, opening, tab)) === 'opened';
  }

  /**
   * As `open`, telling a refusal apart from being superseded: a later open for the same tab (a
   * second send while the first was still reattaching) owns the tab, so the earlier caller must
   * not treat its own closed session as the agent refusing and open yet another one.
   */
  openFor(running: RunningAgent, agentScope: DisposableScope, opening: SessionOpening, tab: SessionTab): Promise<OpenOutcome> {
    const attempt = this.attempt(running, agentScope, opening, tab);
    tab.pendingOpen = attempt;
    const clear = () => {
      if (tab.pendingOpen === attempt) tab.pendingOpen = undefined;
    };
    attempt.then(clear, clear);
    return attempt;
  }

  /** Settles once no open for `tab` is under way (each newer one is waited for too). */
  async settled(tab: SessionTab): Promise<void> {
    for (let latest = tab.pendingOpen; latest; ) {
      await latest.catch(() => undefined);
      const next = tab.pendingOpen;
      latest = next === latest ? undefined : next;
    }
  }

  private async attempt(running: RunningAgent, agentScope: DisposableScope, opening: SessionOpening, tab: SessionTab): Promise<OpenOutcome> {
    const scope = tab.renewScope();
    tab.session = undefined;
    const thread = tab.thread;
    let session: LiveSession;
    // A remote conversation picks up its context and task from the saved thread.
    const remoteTask = opening.kind === 'new' ? undefined : thread.session.remoteTask;
    const place = { ...(await this.place(tab)), ...(remoteTask ? { remoteTask } : {}) };
    try {
      session = opening.kind === 'new' ? await running.newSession(place)
        : opening.kind === 'fork' ? await running.forkSession(opening.sessionId, place)
        : opening.kind === 'load' ? await running.loadSession(opening.sessionId, place)
        : await running.resumeSession(opening.sessionId, place);
    } catch (error) {
      if (scope.isDisposed) return 'superseded';
      this.failed(running, opening, tab, error);
      return 'refused';
    }
    if (scope.isDisposed || agentScope.isDisposed) {
      // Superseded while the agent answered: nobody will ever use this session.
      void session.closeSession().catch(() => undefined);
      return 'superseded';
    }
    // A reopened thread was just shown (nothing to archive); this marks it as a session's, so a
    // later session on another agent process keeps it as history above.
    const fresh = opening.kind === 'new' || opening.kind === 'fork';
    thread.beginSession(running.config.name, fresh ? opening.note : undefined, fresh);
    tab.session = session;
    // Its recording holds every row the tab shows: what the next window brings back.
    tab.forgetConversation();
    tab.transcript = { agentName: running.config.name, sessionId: session.sessionId, cwd: session.cwd };
    // The thread listens first, so the recorder always saves a thread that already has the event.
    scope.add(session.onEvent((event) => this.onEvent(tab, event)));
    this.record(running.config.name, session, scope, thread);
    if (place.mcpProblems.length > 0) thread.notice('warning', t('Some MCP servers were left out or changed'), describeMcpProblems(place.mcpProblems));
    scope.add({
      dispose: () => {
        if (tab.session === session) tab.session = undefined;
        thread.settleAll();
        this.deps.tabChanged(tab, false);
      },
    });
    this.deps.tabChanged(tab, true);
    return 'opened';
  }

  private failed(running: RunningAgent, opening: SessionOpening, tab: SessionTab, error: unknown): void {
    const thread = tab.thread;
    this.deps.log.error(`session/${opening.kind} failed: ${errorText(error)}`);
    const name = running.config.name;
    if (opening.kind === 'fork') {
      // The caller carries on in a new session; the thread says so there.
      this.deps.tabChanged(tab, true);
      return;
    }
    if (opening.kind !== 'new') {
      // The agent refused to reopen it: the thread (saved transcript, if any) stays readable.
      thread.notice('error', t('{0} could not reopen the session', name), errorText(error));
      this.deps.tabChanged(tab, true);
      return;
    }
    if (error instanceof AuthRequiredError) {
      // The login the agent layer ran (or offered) did not get us in: say so where the user looks.
      thread.apply({ kind: 'auth_required', methods: error.methods, message: error.message });
      this.deps.agentFailed({
        state: 'failed',
        agentName: name,
        reason: t('{0} needs a login: {1}', name, error.loginOutcome),
        fix: t('Use "Log in" to choose one of the agent\'s own ways in again, or set its API key in agentChat.agents → env and restart the agent.'),
        needsLogin: true,
      });
      return;
    }
    thread.notice('error', t('{0} could not open a session', name), errorText(error));
    this.deps.agentFailed({ state: 'failed', agentName: name, reason: t('Could not open a session: {0}', errorText(error)) });
  }

  /**
   * Where sessions live and which MCP servers they get; a broken MCP config never blocks a
   * session. A tab with its own worktree works there, confined to it.
   */
  private async place(tab: SessionTab): Promise<SessionPlace & { mcpProblems: McpParseResult['problems'] }> {
    const worktree = tab.worktree;
    const where = worktree ? { cwd: sessionDirOf(worktree), roots: [worktree.path] } : { cwd: sessionFolder() };
    try {
      const mcp = await this.deps.mcpServers?.();
      return { ...where, mcpServers: mcp?.servers ?? [], mcpProblems: mcp?.problems ?? [] };
    } catch (error) {
      this.deps.log.warn(`MCP servers not read: ${errorText(error)}`);
      return { ...where, mcpProblems: [] };
    }
  }

  /** Keeps the session's conversation in the transcript store until the session scope ends. */
  private record(agentName: string, session: LiveSession, scope: DisposableScope, thread: ChatThread): void {
    const store = this.deps.transcripts;
    if (!store) return;
    const ids = { agentName, sessionId: session.sessionId, cwd: session.cwd };
    const recording = recordTranscript(store, ids, { onEvent: (l) => session.onEvent(l), snapshot: () => thread.snapshot() });
    // A replay (or a reopened transcript) arrived before the recorder listened: save it now.
    if (thread.entries.length > 0) store.schedule(ids, () => ({ ...ids, ...thread.snapshot() }));
    scope.add({ dispose: () => void recording.dispose().catch((e: unknown) => this.deps.log.warn(`transcript not saved: ${errorText(e)}`)) });
  }

  private onEvent(tab: SessionTab, event: SessionEvent): void {
    const { statusChanged, requested } = tab.thread.apply(event);
    if (statusChanged) this.deps.tabChanged(tab, true);
    if (requested) tab.thread.announce(requested);
  }
}
