/**
 * The child sessions (subagents) of one ACP session. The agent announces a child with a
 * `subagent_update` on its parent; from then on the child's updates and requests carry the
 * child's session id. The router (connection/sessionRouter.ts) sends them here, and each
 * `ChildSession` hands them on to the session that owns it as `child` events (a grandchild's
 * wrapped twice), so the thread puts them inside the child's card and nothing else sees them.
 *
 * A child's permission requests and elicitations are served like its parent's, by desks of its
 * own whose request ids carry the child's id, so an answer finds its desk. A child is stopped
 * alone with `session/cancel` naming it, and only where the agent granted `capabilities.cancel`
 * for it (SDK 2.4.0: "Support for the method on ordinary sessions does not grant support on a
 * child"). A cancel of the parent's turn answers the children's questions cancelled too.
 */
import type { CancellationToken, MessageConnection } from 'vscode-jsonrpc/node';
import type { ElicitationAnswer, ElicitationVerdict } from '../../api.js';
import type { PermissionOutcome, SessionEvent, SubagentPatch } from '../../../protocol/events.js';
import { normalizeSessionUpdate } from '../../../protocol/acp/normalize.js';
import { cancelParams } from '../../../protocol/acp/outgoing.js';
import { PermissionDesk } from '../permissions/permissionDesk.js';
import type { PermissionAdvisor } from '../permissions/permissionAdvice.js';
import { ElicitationDesk } from '../elicitation/elicitationDesk.js';
import { t } from '../../translate.js';
import { SessionMessages } from './sessionMessages.js';

/** What the owning session lends its children. */
export interface ChildHost {
  connection: MessageConnection;
  /** The owning session's emit: events arrive there wrapped as `child` events. */
  emit(event: SessionEvent): void;
  /** The owning session's turn hooks for questions to the user (see AcpChatSession.waitingForUser). */
  waiting(): { answerCancelled: () => boolean; opened: () => void; settled: () => void };
  readonly cwd: string;
  readonly roots: string[];
  /** The parent's roots are fixed (a worktree session): a child's are the same. */
  readonly fixedRoots: boolean;
  readonly isClosed: boolean;
  advisor?: PermissionAdvisor;
  log(line: string): void;
}

/** How deep children of children may nest (a child's child is depth 2). Deeper ones are not routed. */
export const MAX_CHILD_DEPTH = 8;

export class ChildSession {
  readonly sessionId: string;
  private readonly permissions: PermissionDesk;
  private readonly elicitations: ElicitationDesk;
  private questions = 0;

  constructor(
    private readonly family: ChildSessions,
    private readonly host: ChildHost,
    /** Child ids from the owning session down to this one. */
    readonly path: readonly string[],
  ) {
    this.sessionId = path[path.length - 1]!;
    const prefix = `${this.sessionId}:`;
    this.permissions = new PermissionDesk((event) => this.emit(event), host.advisor, prefix);
    this.elicitations = new ElicitationDesk((event) => this.emit(event), prefix);
  }

  get cwd(): string {
    return this.host.cwd;
  }

  get roots(): string[] {
    return this.host.roots;
  }

  get fixedRoots(): boolean {
    return this.host.fixedRoots;
  }

  get isClosed(): boolean {
    return this.host.isClosed;
  }

  /** The children this child announced are of the same family (their paths run through it). */
  get owner(): ChildSessions {
    return this.family;
  }

  emit(event: SessionEvent): void {
    if (event.kind === 'file_written') {
      // The host wrote a file for the child: the parent's turn reviews it like its own writes.
      this.host.emit(event);
    }
    if (event.kind === 'subagent') this.family.note(event.childId, event.patch);
    this.permissions.observe(event);
    this.host.emit(wrap(this.path, event));
  }

  /** A `session/update` whose sessionId is this child's. */
  handleUpdate(update: unknown): void {
    const event = normalizeSessionUpdate(update);
    if (event.kind === 'unknown') this.host.log(`[${this.sessionId}] ignored unknown session/update kind "${event.sessionUpdate}"`);
    if (event.kind === 'subagent' && this.path.includes(event.childId)) {
      this.host.log(`[${this.sessionId}] ignored a subagent_update that names this child or one above it`);
      return;
    }
    if (event.kind === 'session_message' || event.kind === 'session_message_chunk') {
      this.family.messages.handle(this.path, event);
      return;
    }
    this.emit(event);
  }

  requestPermission(params: unknown, token: CancellationToken): Promise<unknown> {
    return this.permissions.serve(params, token, {
      fallbackToolCallId: `permission-${this.sessionId}-${++this.questions}`,
      cwd: this.cwd,
      ...this.host.waiting(),
    });
  }

  requestElicitation(params: unknown, token: CancellationToken): Promise<unknown> {
    return this.elicitations.serve(params, token, this.host.waiting());
  }

  /** True when the request was this child's. */
  answerPermission(requestId: string, outcome: PermissionOutcome): boolean {
    if (!requestId.startsWith(`${this.sessionId}:`)) return false;
    this.permissions.answer(requestId, outcome);
    return true;
  }

  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict | undefined {
    if (!requestId.startsWith(`${this.sessionId}:`)) return undefined;
    return this.elicitations.answer(requestId, answer);
  }

  completeElicitation(elicitationId: string): boolean {
    return this.elicitations.complete(elicitationId);
  }

  get asking(): number {
    return this.permissions.size + this.elicitations.size;
  }

  cancelQuestions(): void {
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
  }
}

interface ChildFacts {
  cancellable: boolean;
  working: boolean;
}

export class ChildSessions {
  private readonly byId = new Map<string, ChildSession>();
  /** What the agent said of each child it announced (here or deeper): may it be stopped, is it working. */
  private readonly facts = new Map<string, ChildFacts>();
  /** The tasks and reports between the family's sessions, put in the children's threads. */
  readonly messages: SessionMessages;

  constructor(private readonly host: ChildHost) {
    this.messages = new SessionMessages({
      pathOf: (sessionId) => this.byId.get(sessionId)?.path,
      emitAt: (path, event) => host.emit(wrap(path, event)),
      log: (line) => host.log(line),
    });
  }

  /** A child announced on the owning session (path of one) or on one of its children. */
  open(path: readonly string[]): ChildSession {
    const child = new ChildSession(this, this.host, path);
    this.byId.set(child.sessionId, child);
    this.messages.childAnnounced();
    return child;
  }

  get(childId: string): ChildSession | undefined {
    return this.byId.get(childId);
  }

  all(): IterableIterator<ChildSession> {
    return this.byId.values();
  }

  /** Every `subagent` event of the family passes here. */
  note(childId: string, patch: SubagentPatch): void {
    const facts = this.facts.get(childId) ?? { cancellable: false, working: false };
    if (patch.cancellable !== undefined) facts.cancellable = patch.cancellable;
    if (patch.state !== undefined) facts.working = patch.state?.state === 'running' || patch.state?.state === 'requires_action';
    this.facts.set(childId, facts);
  }

  get asking(): number {
    let n = 0;
    for (const child of this.byId.values()) n += child.asking;
    return n;
  }

  answerPermission(requestId: string, outcome: PermissionOutcome): boolean {
    for (const child of this.byId.values()) if (child.answerPermission(requestId, outcome)) return true;
    return false;
  }

  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict | undefined {
    for (const child of this.byId.values()) {
      const verdict = child.answerElicitation(requestId, answer);
      if (verdict) return verdict;
    }
    return undefined;
  }

  completeElicitation(elicitationId: string): boolean {
    for (const child of this.byId.values()) if (child.completeElicitation(elicitationId)) return true;
    return false;
  }

  /** The parent's turn was cancelled or the session ended: questions answered, stoppable workers stopped. */
  cancelAll(sendCancel: boolean): void {
    for (const child of this.byId.values()) child.cancelQuestions();
    if (!sendCancel) return;
    for (const [childId, facts] of this.facts) if (facts.cancellable && facts.working) this.sendCancel(childId);
  }

  /**
   * The user's Stop on one child's card. Refused on the card (never sent) unless the agent
   * granted `cancel` for that child; the card shows "stopping" until the child reports a state.
   */
  stop(childId: string): void {
    const child = this.byId.get(childId);
    const path = child ? child.path.slice(0, -1) : [];
    const say = (stop: Extract<SessionEvent, { kind: 'subagent_stop' }>['stop']) => this.host.emit(wrap(path, { kind: 'subagent_stop', childId, stop }));
    if (!this.facts.get(childId)?.cancellable) {
      say({ state: 'refused', message: t('The agent does not let this subagent be stopped on its own; stop the whole turn instead.') });
      return;
    }
    say({ state: 'stopping' });
    this.sendCancel(childId, (message) => say({ state: 'refused', message }));
  }

  private sendCancel(childId: string, failed?: (message: string) => void): void {
    this.host.connection.sendNotification('session/cancel', cancelParams(childId)).catch((err: unknown) => {
      const message = (err as Error).message;
      this.host.log(`could not send session/cancel for subagent ${childId}: ${message}`);
      failed?.(message);
    });
  }
}

/** The event as the owning session emits it: inside one `child` event per level of `path`. */
export function wrap(path: readonly string[], event: SessionEvent): SessionEvent {
  let wrapped = event;
  for (let i = path.length - 1; i >= 0; i--) wrapped = { kind: 'child', childId: path[i]!, event: wrapped };
  return wrapped;
}
