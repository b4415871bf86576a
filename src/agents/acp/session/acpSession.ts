/**
 * One ACP session (implements `ChatSession`): prompts, cancel, permissions, the pickers, and
 * the end of the session. How turns start and end is `turnLifecycle.ts`; stopping one tool
 * call or terminal while the turn goes on (v2) is `workStops.ts`.
 *
 * Cancel (seed 001): send `session/cancel`, emit `cancel_requested` at once, answer every
 * pending permission `cancelled`, keep applying late updates, treat an error answer as
 * cancelled, and give control back after a bounded wait even if the agent never answers.
 */
import type { CancellationToken, MessageConnection } from 'vscode-jsonrpc/node';
import type { ChatSession, ElicitationAnswer, ElicitationVerdict, SteerOutcome } from '../../api.js';
import type { ContentBlock, PermissionOutcome, SessionEvent, StopTarget } from '../../../protocol/events.js';
import { normalizeSessionUpdate } from '../../../protocol/acp/normalize.js';
import { cancelParams, promptParams } from '../../../protocol/acp/outgoing.js';
import { parsePromptResult, type SessionSetup } from '../../../protocol/acp/parseAgentResults.js';
import { isAuthRequired } from '../auth/retry.js';
import { SessionSettings, setConfigOption, setMode, setupEvents } from './sessionOptions.js';
import type { PromptCapabilities } from '../connection/capabilities.js';
import { EventHub } from '../connection/eventHub.js';
import { filterPromptBlocks } from './promptFilter.js';
import { PermissionDesk, type HostQuestion } from '../permissions/permissionDesk.js';
import type { PermissionAdvisor } from '../permissions/permissionAdvice.js';
import { ElicitationDesk } from '../elicitation/elicitationDesk.js';
import type { Turn } from './turn.js';
import { TurnLifecycle, type SessionTurnState } from './turnLifecycle.js';
import { WorkStops } from './workStops.js';
import { ChildSessions } from './childSessions.js';
import { t } from '../../translate.js';

export type { SessionTurnState } from './turnLifecycle.js';

export interface AcpSessionOptions {
  connection: MessageConnection;
  sessionId: string;
  protocolVersion: 1 | 2;
  promptCapabilities: PromptCapabilities;
  /** Absolute; `session/new` cwd. */
  cwd: string;
  /** Where fs/terminal requests may reach (cwd first). */
  roots: string[];
  /**
   * The roots were given for this session (a thread's own worktree), not taken from the
   * workspace: the workspace folders changing does not move them in or out of reach.
   */
  fixedRoots?: boolean;
  /** What `session/new` returned besides the id (modes, config options, commands). */
  setup?: SessionSetup;
  /** Bounded wait for the agent to confirm a cancel (default 10 s). */
  cancelTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * A prompt answered "authentication required": run the login flow once. `true` = logged in
   * on this connection, resend the prompt; `false` = no retry (the event says what to offer).
   */
  onAuthRequired?: (error: unknown) => Promise<{ retry: true } | { retry: false; event?: SessionEvent }>;
  /** The user's auto-approve rules, asked before a permission card is shown. */
  permissionAdvisor?: PermissionAdvisor;
  /** `session/close` (after gating and sending) — the client forgets the session. */
  close?: () => Promise<void>;
  /** What this object holds here (routing, the editor tools endpoint), without `session/close`. */
  release?: () => Promise<void>;
  /** The consultations this session's agent started (consult tools): Stop on their cards, their agents' questions. */
  consultations?: ConsultationRoutes;
}

/** What the panel reaches of a session's consultations: each card's Stop, a consulted agent's question answered. */
export interface ConsultationRoutes {
  /** False: no consultation of this session has that card. */
  stop(cardId: string): boolean;
  /** False: not a consulted agent's question. */
  answerPermission(requestId: string, outcome: PermissionOutcome): boolean;
  /** Undefined: not a consulted agent's form or page. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict | undefined;
}

export const DEFAULT_CANCEL_TIMEOUT_MS = 10_000;

export class AcpChatSession implements ChatSession {
  readonly sessionId: string;
  readonly protocolVersion: 1 | 2;
  readonly cwd: string;
  readonly roots: string[];
  /** See `AcpSessionOptions.fixedRoots`. */
  readonly fixedRoots: boolean;
  private readonly settings = new SessionSettings();
  /** Set once the agent failed to confirm a cancel within the bounded wait. */
  unresponsive = false;
  private readonly hub = new EventHub<SessionEvent>((message) => this.log(message));
  private readonly permissions: PermissionDesk;
  private readonly elicitations = new ElicitationDesk((event) => this.emit(event));
  private readonly turns: TurnLifecycle;
  private readonly stops: WorkStops;
  /** Its subagents: child sessions the agent announced on it (routed here by the router). */
  readonly children: ChildSessions;
  private closed = false;

  constructor(private readonly opts: AcpSessionOptions) {
    this.sessionId = opts.sessionId;
    this.protocolVersion = opts.protocolVersion;
    this.permissions = new PermissionDesk((event) => this.emit(event), opts.permissionAdvisor);
    this.turns = new TurnLifecycle({
      protocolVersion: opts.protocolVersion,
      emit: (event) => this.emit(event),
      log: (line) => this.log(line),
    });
    this.stops = new WorkStops({
      connection: opts.connection,
      sessionId: opts.sessionId,
      protocolVersion: opts.protocolVersion,
      emit: (event) => this.emit(event),
      log: (line) => this.log(line),
      isClosed: () => this.closed,
    });
    this.cwd = opts.cwd;
    this.roots = opts.roots;
    this.fixedRoots = opts.fixedRoots === true;
    const session = this;
    this.children = new ChildSessions({
      connection: opts.connection,
      emit: (event) => this.emit(event),
      waiting: () => this.waitingForUser(),
      cwd: opts.cwd,
      roots: opts.roots,
      fixedRoots: opts.fixedRoots === true,
      get isClosed() {
        return session.closed;
      },
      advisor: opts.permissionAdvisor,
      log: (line) => this.log(line),
    });
    this.applySetup(opts.setup ?? {});
  }

  /**
   * Modes, config options and commands as they stand now: from the session/new|load|resume
   * answer, then our changes and the agent's pushes. The same facts arrive as events
   * (`modes`, `config_options`, `available_commands`), so a thread needs no seeding.
   */
  get setup(): SessionSetup {
    return this.settings.setup;
  }

  /** Announces an answer's extras (held until the first listener). */
  applySetup(setup: SessionSetup): void {
    for (const event of setupEvents(setup)) this.emit(event);
  }

  /** `session/set_mode` (v1 only); the new current mode is emitted once the agent agreed. */
  async setMode(modeId: string): Promise<void> {
    this.assertOpen();
    await setMode(this.opts.connection, this.protocolVersion, this.sessionId, modeId);
    this.emit({ kind: 'current_mode', currentModeId: modeId });
  }

  /** `session/set_config_option`; the answer's complete option list replaces ours and is emitted. */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    this.assertOpen();
    const configOptions = await setConfigOption(this.opts.connection, this.protocolVersion, this.sessionId, configId, value);
    this.emit({ kind: 'config_options', configOptions });
  }

  /**
   * Ends the session: `session/close` when the agent supports it (it cancels in-flight work),
   * otherwise only here. A running turn ends cancelled; the thread stays readable.
   */
  async closeSession(): Promise<void> {
    if (!this.endHere()) return;
    await this.opts.close?.();
  }

  /**
   * Another object now holds this session id (it was reopened on this connection): this one
   * ends here and lets go of what it holds, without `session/close`, which would end the
   * reopened session on the agent too.
   */
  async supersede(): Promise<void> {
    if (!this.endHere()) return;
    await this.opts.release?.();
  }

  /** Questions answered cancelled, a running turn ended cancelled; false if already ended. */
  private endHere(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.children.cancelAll(false);
    const turn = this.turns.current;
    if (turn) this.turns.end(turn, { stopReason: 'cancelled' });
    this.turns.state = 'idle';
    return true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('This session has ended; start a new one.');
  }

  get turnState(): SessionTurnState {
    return this.turns.state;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onEvent(listener: (event: SessionEvent) => void): { dispose(): void } {
    return this.hub.on(listener);
  }

  emit(event: SessionEvent): void {
    // Streamed text, nearly all of the traffic, is none of the watchers' business below.
    if (event.kind === 'message_chunk') {
      this.hub.emit(event);
      return;
    }
    const shown = this.stops.follow(event);
    if (shown.kind === 'subagent') this.children.note(shown.childId, shown.patch);
    this.settings.observe(shown);
    this.permissions.observe(shown);
    this.hub.emit(shown);
  }

  /** Stops one subagent's work where the agent allows it (`session/cancel` with the child's id). */
  stopSubagent(childId: string): void {
    if (this.closed) return;
    // A consultation's card has Stop too: it stops that consultation alone.
    if (this.opts.consultations?.stop(childId)) return;
    this.children.stop(childId);
  }

  /** v2: stops one tool call or agent-owned terminal that offers it; the turn goes on. */
  stopWork(target: StopTarget): Promise<void> {
    return this.stops.stop(target);
  }

  /** A `session/update` for this session, in wire order, in or outside a turn. */
  handleUpdate(update: unknown): void {
    const event = normalizeSessionUpdate(update);
    if (event.kind === 'unknown') this.log(`ignored unknown session/update kind "${event.sessionUpdate}"`);
    if (event.kind === 'subagent' && event.childId === this.sessionId) {
      this.log('ignored a subagent_update that names this session as its own child');
      return;
    }
    if (event.kind === 'session_message' || event.kind === 'session_message_chunk') {
      this.children.messages.handle([], event);
      return;
    }
    this.emit(event);
    if (event.kind === 'state' && this.protocolVersion === 2) this.turns.applyState(event);
  }

  /**
   * Starts a turn. Blocks the agent cannot take are downgraded/dropped first. Resolves when
   * the turn has ended (a `turn_ended` event was emitted); never rejects for agent errors,
   * which become events. Rejects if a turn is already running or the session has ended.
   */
  prompt(content: ContentBlock[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('This session has ended; start a new one.'));
    if (this.turns.current) return Promise.reject(new Error('A turn is already running; cancel it first.'));
    const blocks = filterPromptBlocks(content, this.opts.promptCapabilities);
    const turn = this.turns.start();
    this.emit({ kind: 'prompt_sent', turnId: turn.id, content: blocks });
    this.sendPrompt(turn, blocks, true);
    return turn.done;
  }

  /**
   * v2 (prompt lifecycle RFD): `session/prompt` while a turn runs asks the agent to take the
   * message into it; the answer means it did. A refusal (e.g. `-32600` "a turn is already
   * running") changes nothing here: the caller stops the turn and sends the prompt after. v1 has
   * no such thing — its prompt request is the turn — so this is v2 only.
   */
  async steer(content: ContentBlock[]): Promise<SteerOutcome> {
    const turn = this.turns.current;
    if (this.closed || !turn || turn.cancelRequested) return 'no_turn';
    if (this.protocolVersion !== 2) return 'refused';
    const blocks = filterPromptBlocks(content, this.opts.promptCapabilities);
    let result: unknown;
    try {
      result = await this.opts.connection.sendRequest('session/prompt', promptParams(this.sessionId, blocks));
    } catch (err) {
      this.log(`the agent did not take a prompt during its turn: ${(err as Error)?.message ?? String(err)}`);
      return 'refused';
    }
    const parsed = parsePromptResult(result, 2);
    const messageId = parsed.ok && parsed.value.protocolVersion === 2 ? parsed.value.messageId : undefined;
    this.emit({ kind: 'prompt_steered', content: blocks, ...(messageId ? { messageId } : {}) });
    return 'delivered';
  }

  private sendPrompt(turn: Turn, blocks: ContentBlock[], mayAuth: boolean): void {
    const onError = (err: unknown) => {
      if (!isAuthRequired(err) || turn.cancelRequested) this.turns.onPromptError(turn, err);
      else if (mayAuth && this.opts.onAuthRequired) void this.authThenRetry(turn, blocks, err);
      else this.endForLogin(turn, err);
    };
    try {
      this.opts.connection.sendRequest('session/prompt', promptParams(this.sessionId, blocks)).then((result) => this.turns.onPromptResult(turn, result), onError);
    } catch (err) {
      this.turns.onPromptError(turn, err);
    }
  }

  /** One login, one resend of the same prompt in the same turn; a second refusal ends the turn. */
  private async authThenRetry(turn: Turn, blocks: ContentBlock[], err: unknown): Promise<void> {
    let verdict: Awaited<ReturnType<NonNullable<AcpSessionOptions['onAuthRequired']>>>;
    turn.loggingIn = true;
    try {
      verdict = await this.opts.onAuthRequired!(err);
    } catch (authErr) {
      this.log(`login failed: ${(authErr as Error).message}`);
      verdict = { retry: false };
    } finally {
      turn.loggingIn = false;
    }
    // A login that restarted the agent has already ended this turn; its notice still matters.
    if (!verdict.retry && verdict.event) this.emit(verdict.event);
    if (turn.ended) return;
    if (verdict.retry && !turn.cancelRequested && !this.closed) {
      this.sendPrompt(turn, blocks, false);
      return;
    }
    if (turn.cancelRequested) this.turns.onPromptError(turn, err);
    else this.endForLogin(turn, err);
  }

  /** Not a fault of the agent: the turn ends waiting for a login the user can start from its end row. */
  private endForLogin(turn: Turn, err: unknown): void {
    if (turn.ended) return;
    const refusal = err as { code?: number; message?: string };
    this.turns.end(turn, {
      stopReason: 'auth_required',
      error: { ...(refusal.code !== undefined ? { code: refusal.code } : {}), message: `The agent needs a login to answer (${refusal.message ?? 'authentication required'}).` },
    });
  }

  /** Resolves when control is back: the agent ended the turn, or the bounded wait ran out. */
  cancel(): Promise<void> {
    const turn = this.turns.current;
    if (!turn) return Promise.resolve();
    if (turn.cancelRequested) return turn.done;
    turn.cancelRequested = true;
    this.turns.state = 'cancelling';
    this.opts.connection.sendNotification('session/cancel', cancelParams(this.sessionId)).catch((err: unknown) => {
      this.log(`could not send session/cancel: ${(err as Error).message}`);
    });
    this.emit({ kind: 'cancel_requested', turnId: turn.id });
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.children.cancelAll(true);
    const waitMs = this.opts.cancelTimeoutMs ?? DEFAULT_CANCEL_TIMEOUT_MS;
    turn.timer = setTimeout(() => {
      this.unresponsive = true;
      this.emit({
        kind: 'notice_local',
        severity: 'warning',
        title: t('The agent did not confirm the cancel'),
        detail: t('No answer within {0} s; control was given back. The agent may still be working — restart it if it stays unresponsive.', Math.round(waitMs / 100) / 10),
      });
      this.turns.end(turn, { stopReason: 'cancelled', timedOut: true });
    }, waitMs);
    return turn.done;
  }

  answerPermission(requestId: string, outcome: PermissionOutcome): void {
    if (this.opts.consultations?.answerPermission(requestId, outcome)) return;
    if (!this.children.answerPermission(requestId, outcome)) this.permissions.answer(requestId, outcome);
  }

  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict {
    return this.opts.consultations?.answerElicitation(requestId, answer) ?? this.children.answerElicitation(requestId, answer) ?? this.elicitations.answer(requestId, answer);
  }

  /** `elicitation/complete`: true when the page flow was one this session (or a subagent of it) opened. */
  completeElicitation(elicitationId: string): boolean {
    return this.elicitations.complete(elicitationId) || this.children.completeElicitation(elicitationId);
  }

  /** Serves `elicitation/create`; like a permission question, the turn waits for the user. */
  requestElicitation(params: unknown, token: CancellationToken): Promise<unknown> {
    return this.elicitations.serve(params, token, this.waitingForUser());
  }

  /**
   * A question of the host's own on a card of this thread (may the agent consult another
   * agent?): rules first, then the user, waiting like an agent's permission request.
   */
  askHost(question: HostQuestion, signal?: AbortSignal): Promise<PermissionOutcome> {
    return this.permissions.askHost(question, { cwd: this.cwd, ...this.waitingForUser() }, signal);
  }

  /** Serves `session/request_permission`; the answer waits for the user, a cancel, or the agent withdrawing it. */
  requestPermission(params: unknown, token: CancellationToken): Promise<unknown> {
    return this.permissions.serve(params, token, {
      fallbackToolCallId: `permission-${this.turns.started}-${this.permissions.size + 1}`,
      cwd: this.cwd,
      ...this.waitingForUser(),
    });
  }

  /**
   * A question to the user (a permission or an elicitation) holds the turn in `requires_action`
   * until the last open one is settled; after a cancel, or once the session ended, each is
   * answered cancelled at once.
   */
  private waitingForUser() {
    return {
      answerCancelled: () => Boolean(this.turns.current?.cancelRequested) || this.closed,
      opened: () => {
        if (this.turns.current) this.turns.state = 'requires_action';
      },
      settled: () => {
        const turn = this.turns.current;
        if (turn && !turn.cancelRequested && this.permissions.size === 0 && this.elicitations.size === 0 && this.children.asking === 0) this.turns.state = 'running';
      },
    };
  }

  /**
   * The agent process is gone (crash, or we stopped it — `why` says why when it was not the
   * user, e.g. a login restart): end the turn, keep the thread.
   */
  agentGone(info: { exitCode: number | null; signal: string | null; stderrTail: string }, expected: boolean, why?: string): void {
    if (this.closed) return;
    this.closed = true;
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.children.cancelAll(false);
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.exitCode}`;
    const turn = this.turns.current;
    if (turn?.loggingIn && expected) {
      // A terminal or API-key login restarts the agent: this turn ends for want of a login, not by a fault.
      this.turns.end(turn, { stopReason: 'auth_required', error: { message: why ?? 'The agent needs a login: it was restarted to log in. Send again to continue.' } });
    } else if (turn) {
      const message = expected ? why ?? 'The agent was stopped during the turn.' : `The agent ${how} during the turn.`;
      const data = { exitCode: info.exitCode, signal: info.signal, ...(expected || !info.stderrTail ? {} : { stderrTail: info.stderrTail }) };
      this.turns.end(turn, { stopReason: 'error', error: { message, data } });
    }
    // No notice besides: the turn's end says it here, and the agent's failure panel gives the
    // command, exit code or signal and stderr once (the lifecycle's `exited`).
    this.turns.state = 'idle';
  }

  private log(line: string): void {
    this.opts.log?.(`[${this.sessionId}] ${line}`);
  }
}
