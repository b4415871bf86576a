/**
 * A session with a remote A2A agent: one contextId, a turn per prompt. The prompt after
 * INPUT_REQUIRED continues the same task; after a finished task a new one starts in the same
 * context. Cancel asks the server (CancelTask, time-boxed: a parked task may never answer) and
 * then marks the turn cancelled whatever the server does. Emits the same events as an ACP
 * session, so tabs, thread, history and webview serve it unchanged.
 */
import { randomUUID } from 'node:crypto';
import type { ContentBlock, PermissionOutcome, RemoteTaskRef, SessionEvent, StopTarget } from '../../../protocol/events.js';
import type { ChatSession, ElicitationVerdict } from '../../api.js';
import { A2aTurnMapper, type TurnEnd } from '../../../protocol/a2a/turnMapper.js';
import { parseResult } from '../../../protocol/a2a/parse.js';
import { isTerminal, type A2aState } from '../../../protocol/a2a/update.js';
import { causeOf } from '../connection/card.js';
import { knownSecrets, redactKnown } from '../../../services/redact.js';
import { taskJson, type Client } from '../connection/sdkClient.js';
import { runTurn } from './turnRunner.js';
import { t } from '../../translate.js';

export interface A2aSessionOptions {
  client: Client;
  streaming: boolean;
  cwd: string;
  agentUrl: string;
  log(line: string): void;
  /** Called on a 401/403 (or an AUTH_REQUIRED at start): true when a new secret was set and the prompt may be resent once. */
  onAuthFailure?(status: number | undefined): Promise<boolean>;
  /** The HTTP layer's memory of a 401/403 since the last reset. */
  authFailure(): number | undefined;
  resetAuthFailure(): void;
  /** Before each send: e.g. ask for the secret the card declares, once. */
  beforeSend?(): Promise<void>;
  cancelTimeoutMs?: number;
  backoffMs?: readonly number[];
  sessionId?: string;
  /** A reopened thread: the context and task it was in (from its saved session facts). */
  restore?: RemoteTaskRef;
}

/** How long a CancelTask (and a reopened thread's GetTask) may take before the client goes on without its answer. */
export const CANCEL_TIMEOUT_MS = 5_000;

interface Turn {
  id: string;
  abort: AbortController;
  ended: boolean;
  cancelRequested: boolean;
  done: Promise<void>;
  finish(end: TurnEnd, timedOut?: boolean): void;
}

export class A2aSession implements ChatSession {
  readonly sessionId: string;
  readonly mapper: A2aTurnMapper;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private turn: Turn | undefined;
  private turns = 0;
  private closed = false;
  private reported = '';
  /** Events from before anyone listened (the refresh of a reopened thread): sent to the first listener. */
  private early: SessionEvent[] | undefined = [];

  constructor(private readonly opts: A2aSessionOptions) {
    this.sessionId = opts.sessionId ?? `a2a-${randomUUID()}`;
    this.mapper = new A2aTurnMapper({ log: opts.log });
    if (opts.restore) {
      this.mapper.restore({ ...(opts.restore.taskId ? { taskId: opts.restore.taskId } : {}), ...(opts.restore.contextId ? { contextId: opts.restore.contextId } : {}), ...(opts.restore.state ? { state: opts.restore.state as A2aState } : {}) });
      this.reported = JSON.stringify(this.taskRef());
    }
  }

  /**
   * A reopened thread's task, asked of the server (GetTask, time-boxed): its state is refreshed
   * when the server still has it; when it does not, the thread says so and the next message
   * starts a new task in the same context. A task that had not ended but has now, or a server
   * that cannot be asked, changes nothing the user could lose: the context is kept either way.
   */
  async refresh(): Promise<void> {
    const taskId = this.mapper.taskId;
    if (!taskId) return;
    const before = this.mapper.state;
    const timeout = this.opts.cancelTimeoutMs ?? CANCEL_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const task = await Promise.race([
        this.opts.client.getTask({ id: taskId } as never),
        new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${timeout} ms`)), timeout); }),
      ]);
      const update = parseResult(taskJson(task as never));
      if (update.type !== 'task' || update.state === 'unknown') return;
      this.mapper.state = update.state;
      if (update.state === 'input_required' || update.state === 'auth_required') this.mapper.waitingFor(update.message);
      if (update.contextId && !this.mapper.contextId) this.mapper.contextId = update.contextId;
      if (before !== update.state) {
        this.emit({ kind: 'notice_local', severity: 'info', title: t('The agent\'s task is now {0}', describeState(update.state)), detail: isTerminal(update.state) ? t('Your next message starts a new task in this conversation.') : t('Your next message continues it.') });
      }
    } catch (err) {
      const code = (err as { code?: unknown })?.code;
      const gone = code === -32001 || /not found/i.test(`${(err as Error)?.message} ${causeOf(err)}`);
      if (gone) {
        this.mapper.restore({ ...(this.mapper.contextId ? { contextId: this.mapper.contextId } : {}) });
        this.emit({ kind: 'notice_local', severity: 'info', title: t('The agent no longer has the earlier task'), detail: t('Your next message starts a new task in the same conversation.') });
      } else {
        this.opts.log(`could not refresh task ${taskId}: ${causeOf(err)}`);
      }
    } finally {
      clearTimeout(timer);
      this.reportTask();
    }
  }

  /** The conversation's ids and task state, as saved with the thread. */
  taskRef(): RemoteTaskRef {
    const m = this.mapper;
    return { ...(m.contextId ? { contextId: m.contextId } : {}), ...(m.taskId ? { taskId: m.taskId } : {}), ...(m.state ? { state: m.state } : {}) };
  }

  /** Tells the thread where the conversation stands whenever that changed. */
  private reportTask(): void {
    const task = this.taskRef();
    const sig = JSON.stringify(task);
    if (sig === this.reported) return;
    this.reported = sig;
    this.emit({ kind: 'remote_task', task });
  }

  get cwd(): string {
    return this.opts.cwd;
  }
  get isClosed(): boolean {
    return this.closed;
  }

  onEvent(listener: (event: SessionEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    const early = this.early;
    this.early = undefined;
    // After the caller's other subscriptions of this tick (the thread, then its recorder).
    if (early?.length) queueMicrotask(() => { for (const e of early) this.emit(e); });
    return { dispose: () => this.listeners.delete(listener) };
  }

  prompt(content: ContentBlock[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('This session has ended; start a new one.'));
    if (this.turn) return Promise.reject(new Error('A turn is already running; cancel it first.'));
    const turn = this.startTurn();
    this.emit({ kind: 'prompt_sent', turnId: turn.id, content });
    void this.send(turn, promptText(content), this.mapper.beginTurn(), true);
    return turn.done;
  }

  private async send(turn: Turn, text: string, ids: { taskId?: string; contextId?: string }, mayAuth: boolean): Promise<void> {
    this.opts.resetAuthFailure();
    /** The task paused for credentials (AUTH_REQUIRED): the same flow as a 401 runs before the turn ends. */
    let authPause: TurnEnd | undefined;
    try {
      if (mayAuth) await this.opts.beforeSend?.();
      await runTurn({
        client: this.opts.client,
        streaming: this.opts.streaming,
        signal: turn.abort.signal,
        taskId: () => this.mapper.taskId,
        log: this.opts.log,
        ...(this.opts.backoffMs ? { backoffMs: this.opts.backoffMs } : {}),
        onUpdate: (update) => {
          if (turn.ended) return true;
          const r = this.mapper.apply(update);
          for (const e of r.events) this.emit(e);
          this.reportTask();
          if (r.end?.stopReason === 'auth_required' && mayAuth && this.opts.onAuthFailure) {
            authPause = r.end;
            return true;
          }
          if (r.end) turn.finish(r.end);
          return turn.ended;
        },
      }, text, ids);
      if (authPause && !turn.ended && !turn.cancelRequested) {
        // Ask for the secret as on a 401; with one, the same message goes again to the same task.
        if (await this.opts.onAuthFailure!(undefined).catch(() => false)) {
          if (turn.ended || turn.cancelRequested) return;
          return this.send(turn, text, this.mapper.beginTurn(), false);
        }
        turn.finish(authPause);
      }
    } catch (err) {
      if (turn.ended || turn.cancelRequested) return;
      const status = this.opts.authFailure();
      if (status !== undefined && mayAuth && this.opts.onAuthFailure && (await this.opts.onAuthFailure(status).catch(() => false))) {
        return this.send(turn, text, ids, false);
      }
      // The task may be gone with the server: the next prompt starts afresh in the context.
      if (this.mapper.state === 'working' || this.mapper.state === 'submitted') this.mapper.state = undefined;
      this.reportTask();
      turn.finish({ stopReason: 'error', error: describeError(err, status, this.opts.agentUrl) });
    }
  }

  /**
   * Cancels the running turn, or the task parked waiting for an answer. Resolves once the turn
   * is marked cancelled: by the server's CANCELED, else after the time box.
   */
  async cancel(): Promise<void> {
    const turn = this.turn;
    const taskId = this.mapper.taskId;
    if (!turn) {
      if (taskId && this.mapper.state === 'input_required') await this.cancelParked(taskId);
      return;
    }
    if (turn.cancelRequested) return turn.done;
    turn.cancelRequested = true;
    this.emit({ kind: 'cancel_requested', turnId: turn.id });
    if (taskId) {
      const answered = await this.cancelOnServer(taskId);
      if (answered && !turn.ended) {
        const r = this.mapper.apply(parseResult(taskJson(answered as never)));
        for (const e of r.events) this.emit(e);
      }
    }
    turn.abort.abort();
    // Whatever the server said, the user asked to stop: the turn is cancelled here.
    turn.finish({ stopReason: 'cancelled' }, !turn.ended && taskId !== undefined && this.mapper.state !== 'canceled');
    this.mapper.state = 'canceled';
    this.reportTask();
    return turn.done;
  }

  private async cancelParked(taskId: string): Promise<void> {
    const answered = await this.cancelOnServer(taskId);
    this.mapper.state = 'canceled';
    this.reportTask();
    this.emit({
      kind: 'notice_local',
      severity: 'info',
      title: answered ? t('The task waiting for your answer was cancelled.') : t('The agent did not confirm the cancel in time; the task is dropped here.'),
      detail: t('Your next message starts a new task in this conversation.'),
    });
  }

  /** CancelTask, time-boxed; undefined when the server refused, failed or did not answer. */
  private async cancelOnServer(taskId: string): Promise<unknown> {
    const timeout = this.opts.cancelTimeoutMs ?? CANCEL_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        this.opts.client.cancelTask({ id: taskId } as never),
        new Promise<undefined>((resolve) => { timer = setTimeout(() => { this.opts.log(`cancel of ${taskId} not answered in ${timeout} ms`); resolve(undefined); }, timeout); }),
      ]);
    } catch (err) {
      this.opts.log(`cancel of ${taskId} failed: ${causeOf(err)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  answerPermission(_requestId: string, _outcome: PermissionOutcome): void {
    // A2A has no permission requests.
  }
  answerElicitation(): ElicitationVerdict {
    // A2A asks for input by ending the turn (input-required), never by elicitation.
    return { ok: false, reason: 'unknown' };
  }
  async stopWork(_target: StopTarget): Promise<void> {
    // A2A has no tool calls or terminals to stop one by one.
  }
  async setMode(): Promise<void> {}
  async setConfigOption(): Promise<void> {}

  async closeSession(): Promise<void> {
    if (this.turn) await this.cancel();
    this.closed = true;
  }

  private startTurn(): Turn {
    let resolve!: () => void;
    const turn: Turn = {
      id: `a2a-turn-${++this.turns}`,
      abort: new AbortController(),
      ended: false,
      cancelRequested: false,
      done: new Promise<void>((r) => (resolve = r)),
      finish: (end, timedOut) => {
        if (turn.ended) return;
        turn.ended = true;
        if (this.turn === turn) this.turn = undefined;
        this.emit({ kind: 'turn_ended', turnId: turn.id, stopReason: end.stopReason, ...(end.error ? { error: end.error } : {}), ...(timedOut ? { timedOut } : {}) });
        turn.abort.abort();
        resolve();
      },
    };
    this.turn = turn;
    return turn;
  }

  private emit(event: SessionEvent): void {
    if (this.early) {
      this.early.push(event);
      return;
    }
    for (const listener of [...this.listeners]) listener(event);
  }
}

function describeState(state: A2aState): string {
  return state === 'input_required' ? t('waiting for your answer') : state === 'auth_required' ? t('waiting for credentials') : state;
}

/** A2A messages carry text here; links and embedded files go as their text or URI. */
function promptText(content: ContentBlock[]): string {
  return content
    .map((b) => (b.type === 'text' ? b.text : b.type === 'resource_link' ? b.uri : b.type === 'resource' && 'text' in b.resource ? b.resource.text : ''))
    .filter((t) => t !== '')
    .join('\n\n');
}

/** The error as the thread shows it; a server that echoed the secret back does not get it shown or saved. */
function describeError(err: unknown, status: number | undefined, url: string): { code?: number; message: string } {
  const described = describeUnredacted(err, status, url);
  return { ...described, message: redactKnown(described.message, knownSecrets()) };
}

function describeUnredacted(err: unknown, status: number | undefined, url: string): { code?: number; message: string } {
  const code = typeof (err as { code?: unknown })?.code === 'number' ? (err as { code: number }).code : undefined;
  const cause = causeOf(err);
  if (status === 401 || status === 403) return { message: `The agent at ${url} refused the request (HTTP ${status}). Log in again (Agent Chat: Log Out, then send) with a valid secret.` };
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|ECONNRESET|EHOSTUNREACH|kept ending/i.test(`${(err as Error)?.message} ${cause}`)) {
    return { message: `The agent at ${url} is unreachable (${cause}). Your thread is kept; send again to retry.` };
  }
  const message = (err as Error)?.message ?? String(err);
  return code === undefined ? { message } : { code, message };
}
