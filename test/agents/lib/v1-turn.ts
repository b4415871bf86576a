/**
 * One prompt turn of the v1 scripted agent: the helpers every scenario uses to talk to the
 * client (stream text, report tool calls, ask permission), all paced and cancellable.
 */
import { resolve } from 'node:path';
import type {
  AgentContext,
  ClientCapabilities,
  ContentBlock,
  PermissionOption,
  RequestPermissionOutcome,
  SessionUpdate,
  ToolCallUpdate,
} from '@agentclientprotocol/sdk';
import { sleep, whenAborted, within } from './timing.js';

export interface V1Session {
  id: string;
  cwd: string;
  turn: AbortController | null;
  /** Answers the user chose with an "always"/"never" option, by permission family. */
  remembered: Map<string, 'allow' | 'reject'>;
  toolCounter: number;
  messageCounter: number;
  modeId: string;
  model: string;
  /** What the session has cost so far (the `spend` scenario adds to it; usage_update reports the sum). */
  spent?: number;
}

/** The four options every scripted permission question offers (ids are stable for tests). */
export const PERMISSION_OPTIONS: PermissionOption[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Never', kind: 'reject_always' },
];

/** How long we wait for the client to answer a permission request after cancelling. */
const ANSWER_AFTER_CANCEL_MS = 3000;

export type PermissionResult =
  | { kind: 'allowed'; optionId: string; remembered: boolean }
  | { kind: 'rejected'; optionId: string; remembered: boolean }
  | { kind: 'cancelled' }
  | { kind: 'unanswered' }
  | { kind: 'error'; message: string };

export class V1Turn {
  constructor(
    readonly client: AgentContext,
    readonly session: V1Session,
    readonly caps: ClientCapabilities,
    readonly signal: AbortSignal,
    readonly delayMs: number,
  ) {}

  get sessionId(): string {
    return this.session.id;
  }

  get cancelled(): boolean {
    return this.signal.aborted;
  }

  /** Absolute path for a prompt-relative path (relative to the session cwd). */
  abs(path: string): string {
    return resolve(this.session.cwd, path);
  }

  nextToolId(prefix = 'call'): string {
    this.session.toolCounter += 1;
    return `${prefix}_${this.session.toolCounter}`;
  }

  nextMessageId(prefix = 'msg'): string {
    this.session.messageCounter += 1;
    return `${prefix}_${this.session.messageCounter}`;
  }

  send(update: SessionUpdate): Promise<void> {
    return this.client.notify('session/update', { sessionId: this.session.id, update });
  }

  /** Fixed pause between streamed pieces; throws `Aborted` once the turn is cancelled. */
  pause(ms = this.delayMs): Promise<void> {
    return sleep(ms, this.signal);
  }

  async say(parts: readonly string[], messageId?: string): Promise<void> {
    for (const [i, text] of parts.entries()) {
      if (i > 0) await this.pause();
      await this.send({ sessionUpdate: 'agent_message_chunk', content: text_(text), ...(messageId ? { messageId } : {}) });
    }
  }

  async think(parts: readonly string[], messageId?: string): Promise<void> {
    for (const [i, text] of parts.entries()) {
      if (i > 0) await this.pause();
      await this.send({ sessionUpdate: 'agent_thought_chunk', content: text_(text), ...(messageId ? { messageId } : {}) });
    }
  }

  /** Unpaced single chunk; safe to use after cancellation (pending updates before the reply). */
  sayNow(text: string): Promise<void> {
    return this.send({ sessionUpdate: 'agent_message_chunk', content: text_(text) });
  }

  /**
   * Asks the client with the four standard options. A remembered always/never answer for the
   * same `family` skips the question. After `session/cancel` the client must still answer; we
   * wait a bounded time for that so a broken client cannot hang the turn.
   */
  async ask(toolCall: ToolCallUpdate, family: string): Promise<PermissionResult> {
    const remembered = this.session.remembered.get(family);
    if (remembered === 'allow') return { kind: 'allowed', optionId: 'allow_always', remembered: true };
    if (remembered === 'reject') return { kind: 'rejected', optionId: 'reject_always', remembered: true };
    const answer = this.client
      .request('session/request_permission', { sessionId: this.session.id, toolCall, options: PERMISSION_OPTIONS })
      .then((r): RequestPermissionOutcome | { error: string } => r.outcome)
      .catch((err: unknown) => ({ error: describeError(err) }));
    const afterCancel = whenAborted(this.signal).then(() => within(answer, ANSWER_AFTER_CANCEL_MS, null));
    const outcome = await Promise.race([answer, afterCancel]);
    if (outcome !== null && 'error' in outcome) return { kind: 'error', message: outcome.error };
    return interpret(outcome, this.session.remembered, family);
  }
}

function interpret(
  outcome: RequestPermissionOutcome | null,
  memory: Map<string, 'allow' | 'reject'>,
  family: string,
): PermissionResult {
  if (outcome === null) return { kind: 'unanswered' };
  if (outcome.outcome === 'cancelled') return { kind: 'cancelled' };
  const optionId = outcome.optionId;
  switch (optionId) {
    case 'allow':
      return { kind: 'allowed', optionId, remembered: false };
    case 'allow_always':
      memory.set(family, 'allow');
      return { kind: 'allowed', optionId, remembered: false };
    case 'reject_always':
      memory.set(family, 'reject');
      return { kind: 'rejected', optionId, remembered: false };
    default:
      // 'reject' and any id we never offered: never treat the unknown as approval.
      return { kind: 'rejected', optionId, remembered: false };
  }
}

export function text_(text: string): ContentBlock {
  return { type: 'text', text };
}

/** Splits text into pieces of at most `size` characters (deterministic streaming). */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Short, human-readable description of a thrown value (for messages the tests read). */
export function describeError(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && 'message' in err) {
    return `${String((err as { code: unknown }).code)} ${String((err as { message: unknown }).message)}`;
  }
  return err instanceof Error ? err.message : String(err);
}
