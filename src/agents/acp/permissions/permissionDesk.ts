/**
 * Serving `session/request_permission` for one session: parse and bind to a tool call card,
 * wait for the user, a cancel, or the agent withdrawing it, and tell the thread each step.
 * The session supplies only what depends on its turn (see PermissionHooks).
 */
import { ResponseError, type CancellationToken } from 'vscode-jsonrpc/node';
import type { PermissionOption, PermissionOutcome, SessionEvent, ToolCallPatch } from '../../../protocol/events.js';
import { permissionResult } from '../../../protocol/acp/outgoing.js';
import { ErrorCode } from '../../../services/errorCodes.js';
import { readPermissionParams } from './permissionParams.js';
import { PendingPermissions } from './permissions.js';
import type { PermissionAdvisor, PermissionQuestion, SessionAdvice } from './permissionAdvice.js';
import { ToolCallFacts } from './toolCallFacts.js';
import { t } from '../../translate.js';

export interface PermissionHooks {
  /** Id for a v2 request with no tool call to attach to. */
  fallbackToolCallId: string;
  /** After a cancel (or the end of the session) every request is answered cancelled, late ones too. */
  answerCancelled: () => boolean;
  opened: () => void;
  settled: () => void;
  /** The session's working folder (a relative path or a command without cwd lands there). */
  cwd: string;
}

/** What the host asks the user about on its own card (see `askHost`). */
export interface HostQuestion {
  toolCallId: string;
  toolCall: ToolCallPatch;
  options: PermissionOption[];
  title: string;
  consult: { agent: string };
}

export class PermissionDesk {
  private readonly pending: PendingPermissions;
  private readonly facts = new ToolCallFacts();

  constructor(
    private readonly emit: (event: SessionEvent) => void,
    /** The user's auto-approve rules; without it every request asks. */
    private readonly advisor?: PermissionAdvisor,
    /** Prefix of this desk's request ids (a child session's desk beside its parent's). */
    idPrefix = '',
  ) {
    this.pending = new PendingPermissions(idPrefix);
  }

  /** Every session event passes here, so a request is judged on the whole tool call. */
  observe(event: SessionEvent): void {
    this.facts.observe(event);
  }

  get size(): number {
    return this.pending.size;
  }

  answer(requestId: string, outcome: PermissionOutcome): void {
    if (this.pending.answer(requestId, outcome)) this.emit({ kind: 'permission_resolved', requestId, outcome });
  }

  cancelAll(): void {
    for (const requestId of this.pending.cancelAll()) {
      this.emit({ kind: 'permission_resolved', requestId, outcome: { outcome: 'cancelled' } });
    }
  }

  async serve(params: unknown, token: CancellationToken, hooks: PermissionHooks): Promise<unknown> {
    const parsed = readPermissionParams(params, hooks.fallbackToolCallId);
    if (!parsed.ok) {
      this.emit({ kind: 'notice_local', severity: 'warning', title: t('Malformed permission request'), detail: parsed.message });
      throw new ResponseError(ErrorCode.invalidParams, parsed.message);
    }
    if (hooks.answerCancelled()) return { outcome: { outcome: 'cancelled' } };
    const { toolCallId, toolCall, options, title, description, command } = parsed.value;
    // Without rules the card shows at once (no turn of the event loop in between).
    let advice: SessionAdvice = { kind: 'ask' };
    if (this.advisor) {
      advice = await this.advise(this.advisor, { toolCall: this.facts.withRequest(toolCallId, toolCall), ...(command ? { command } : {}), cwd: hooks.cwd }, options);
      if (token.isCancellationRequested) throw new ResponseError(ErrorCode.requestCancelled, 'Permission request cancelled.');
      if (hooks.answerCancelled()) return { outcome: { outcome: 'cancelled' } };
    }
    if (advice.kind === 'answer') {
      this.emit({ kind: 'permission_auto_approved', toolCallId, toolCall, options, optionId: advice.optionId, rule: advice.rule, ...(title ? { title } : {}) });
      return permissionResult({ outcome: 'selected', optionId: advice.optionId });
    }
    const { requestId, settled } = this.pending.open(toolCallId, options);
    this.emit({
      kind: 'permission_requested',
      requestId,
      toolCallId,
      toolCall,
      options,
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(command ? { command: { command: command.command, cwd: command.cwd } } : {}),
      ...(advice.offer ? { ruleOffer: advice.offer } : {}),
    });
    hooks.opened();
    const withdraw = () => {
      if (this.pending.withdraw(requestId)) this.emit({ kind: 'permission_resolved', requestId, outcome: { outcome: 'cancelled' } });
    };
    const sub = token.onCancellationRequested(withdraw);
    if (token.isCancellationRequested) withdraw();
    try {
      const result = await settled;
      if (result.kind === 'withdrawn') throw new ResponseError(ErrorCode.requestCancelled, 'Permission request cancelled.');
      return permissionResult(result.outcome);
    } finally {
      sub.dispose();
      hooks.settled();
    }
  }

  /**
   * A question of the host's own, on a card of its own (may the agent consult another agent?):
   * judged by the same rules and shown on the card the same way as an agent's request, so
   * "Always allow …" makes a rule the rules view lists and revokes. Cancelled by a cancel of
   * the turn, the end of the session, or `signal`.
   */
  async askHost(question: HostQuestion, hooks: Pick<PermissionHooks, 'answerCancelled' | 'opened' | 'settled' | 'cwd'>, signal?: AbortSignal): Promise<PermissionOutcome> {
    const cancelled: PermissionOutcome = { outcome: 'cancelled' };
    if (hooks.answerCancelled() || signal?.aborted) return cancelled;
    const { toolCallId, toolCall, options, title } = question;
    let advice: SessionAdvice = { kind: 'ask' };
    if (this.advisor) {
      advice = await this.advise(this.advisor, { toolCall, cwd: hooks.cwd, consult: question.consult }, options);
      if (hooks.answerCancelled() || signal?.aborted) return cancelled;
    }
    if (advice.kind === 'answer') {
      this.emit({ kind: 'permission_auto_approved', toolCallId, toolCall, options, optionId: advice.optionId, rule: advice.rule, title });
      return { outcome: 'selected', optionId: advice.optionId };
    }
    const { requestId, settled } = this.pending.open(toolCallId, options);
    this.emit({ kind: 'permission_requested', requestId, toolCallId, toolCall, options, title, ...(advice.offer ? { ruleOffer: advice.offer } : {}) });
    hooks.opened();
    const withdraw = () => {
      if (this.pending.withdraw(requestId)) this.emit({ kind: 'permission_resolved', requestId, outcome: cancelled });
    };
    signal?.addEventListener('abort', withdraw, { once: true });
    try {
      const result = await settled;
      return result.kind === 'withdrawn' ? cancelled : result.outcome;
    } finally {
      signal?.removeEventListener('abort', withdraw);
      hooks.settled();
    }
  }

  /**
   * The rules' say. An advisor that fails asks the user: a broken rule check must never turn
   * into an answer. The answer is always an option this request offered.
   */
  private async advise(advisor: PermissionAdvisor, question: PermissionQuestion, options: PermissionOption[]): Promise<SessionAdvice> {
    try {
      const advice = await advisor(question, options);
      if (advice.kind === 'answer' && !options.some((o) => o.optionId === advice.optionId && (o.kind === 'allow_once' || o.kind === 'allow_always'))) {
        return { kind: 'ask' };
      }
      return advice;
    } catch {
      return { kind: 'ask' };
    }
  }
}
