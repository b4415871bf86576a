/**
 * Serving `elicitation/create` for one session: parse the request (a bad form is refused with
 * -32602 naming the field, and said in the thread), show it, and wait for the user, a cancel of
 * the turn, the agent withdrawing it (`$/cancel_request`), or the session ending. Each request is
 * answered exactly once; the user's answer is checked against the form again here, whatever the
 * panel already checked.
 */
import { ResponseError, type CancellationToken } from 'vscode-jsonrpc/node';
import type { ElicitationAction, ElicitationPrompt, ElicitationValue, SessionEvent } from '../../../protocol/events.js';
import { parseElicitation } from '../../../protocol/acp/parseElicitation.js';
import { ErrorCode } from '../../../services/errorCodes.js';
import { checkElicitationAnswer } from '../../../thread/elicitations/elicitationAnswer.js';
import type { ElicitationAnswer, ElicitationVerdict } from '../../api.js';
import { t } from '../../translate.js';


interface Pending {
  prompt: ElicitationPrompt;
  settle: (answer: { action: ElicitationAction; content?: Record<string, ElicitationValue> } | 'withdrawn') => void;
}

export interface ElicitationHooks {
  /** After a cancel (or the end of the session) every request is answered cancel, late ones too. */
  answerCancelled: () => boolean;
  opened: () => void;
  settled: () => void;
}

export class ElicitationDesk {
  private readonly pending = new Map<string, Pending>();
  /** URL flows the user agreed to open, until the agent says they are complete. */
  private readonly openFlows = new Set<string>();
  private next = 1;

  constructor(
    private readonly emit: (event: SessionEvent) => void,
    /** Prefix of this desk's request ids (a child session's desk beside its parent's). */
    private readonly idPrefix = '',
  ) {}

  get size(): number {
    return this.pending.size;
  }

  async serve(params: unknown, token: CancellationToken, hooks: ElicitationHooks): Promise<unknown> {
    const parsed = parseElicitation(params);
    if (!parsed.ok) {
      this.emit({ kind: 'notice_local', severity: 'warning', title: t('The agent asked for input in a form this panel cannot show'), detail: parsed.error });
      throw new ResponseError(ErrorCode.invalidParams, `Invalid params: ${parsed.error}`);
    }
    if (hooks.answerCancelled()) return { action: 'cancel' };
    const { prompt, toolCallId } = parsed.value;
    const requestId = `${this.idPrefix}elicit-${this.next++}`;
    const settled = new Promise<Parameters<Pending['settle']>[0]>((resolve) => this.pending.set(requestId, { prompt, settle: resolve }));
    this.emit({ kind: 'elicitation_requested', requestId, prompt, ...(toolCallId ? { toolCallId } : {}) });
    hooks.opened();
    const withdraw = () => this.settle(requestId, { action: 'cancel' }, 'withdrawn');
    const sub = token.onCancellationRequested(withdraw);
    if (token.isCancellationRequested) withdraw();
    try {
      const answer = await settled;
      if (answer === 'withdrawn') throw new ResponseError(ErrorCode.requestCancelled, 'Elicitation request cancelled.');
      return answer.content === undefined ? { action: answer.action } : { action: answer.action, content: answer.content };
    } finally {
      sub.dispose();
      hooks.settled();
    }
  }

  /** The user's answer. A form that does not hold is not sent: the caller shows the errors. */
  answer(requestId: string, answer: ElicitationAnswer): ElicitationVerdict {
    const p = this.pending.get(requestId);
    if (!p) return { ok: false, reason: 'unknown' };
    if (answer.action !== 'accept' || p.prompt.mode === 'url') {
      if (answer.action === 'accept' && p.prompt.mode === 'url') this.openFlows.add(p.prompt.elicitationId);
      this.settle(requestId, { action: answer.action });
      return { ok: true };
    }
    const check = checkElicitationAnswer(p.prompt.fields, answer.content ?? {});
    if (!check.ok) return { ok: false, reason: 'invalid', errors: check.errors };
    this.settle(requestId, { action: 'accept', content: check.content });
    return { ok: true };
  }

  /** `elicitation/complete` for a flow of this session: shown done. False when it is not ours. */
  complete(elicitationId: string): boolean {
    if (!this.openFlows.delete(elicitationId)) return false;
    this.emit({ kind: 'elicitation_completed', elicitationId });
    return true;
  }

  /** Answers every open request `cancel` (turn cancelled, session ended). */
  cancelAll(): void {
    for (const requestId of [...this.pending.keys()]) this.settle(requestId, { action: 'cancel' });
  }

  private settle(requestId: string, answer: { action: ElicitationAction; content?: Record<string, ElicitationValue> }, how?: 'withdrawn'): void {
    const p = this.pending.get(requestId);
    if (!p) return;
    this.pending.delete(requestId);
    p.settle(how ?? answer);
    this.emit({ kind: 'elicitation_resolved', requestId, action: answer.action, ...(answer.content ? { content: answer.content } : {}) });
  }
}
