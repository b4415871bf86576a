/**
 * Session state and per-turn helpers of the ACP v2 scripted agent. Everything sent is also
 * kept as history so `session/resume` with `replayFrom: {type:"start"}` can replay it.
 */
import type { AgentContext, ContentBlock, SessionUpdate, StateUpdate } from '@agentclientprotocol/sdk/experimental/v2';
import { sleep } from './timing.js';

/** An update the SDK would refuse to build (old spellings, unknown kinds), sent as a raw line. */
export type RawUpdate = { sessionUpdate: string; [key: string]: unknown };

type Sent = { raw: false; update: SessionUpdate } | { raw: true; update: RawUpdate };

export interface V2Session {
  id: string;
  cwd: string;
  title: string | null;
  history: Sent[];
  /** The latest state snapshot (replayed after resume). */
  state: StateUpdate;
  turn: RunningTurn | null;
  counter: number;
  /** Tool calls the client may cancel with `tool_call/cancel`, by id. */
  cancellable: Map<string, AbortController>;
  /** Agent-owned terminals the client may stop with `terminal/cancel`, by id. */
  cancellableTerminals: Map<string, AbortController>;
  /** Tool calls that advertise cancel but whose `tool_call/cancel` is refused, with the message. */
  refusedCancels: Map<string, string>;
}

export interface RunningTurn {
  /** Aborted by `session/cancel`: the turn ends cancelled. */
  controller: AbortController;
  /** Aborted when a prompt is taken into the turn (`--accept-while-working`): the work so far stops, the turn goes on. */
  steer: AbortController;
  /** The prompt taken into the turn, with the id of its user message. */
  steered?: { prompt: ContentBlock[]; messageId: string };
  done: Promise<void>;
}

export type SendRaw = (message: Record<string, unknown>) => Promise<void>;

export class V2Turn {
  constructor(
    readonly client: AgentContext,
    readonly session: V2Session,
    readonly signal: AbortSignal,
    readonly delayMs: number,
    private readonly raw: SendRaw,
  ) {}

  /** The same turn under another signal (what goes on after a prompt was taken into it). */
  withSignal(signal: AbortSignal): V2Turn {
    return new V2Turn(this.client, this.session, signal, this.delayMs, this.raw);
  }

  get cancelled(): boolean {
    return this.signal.aborted;
  }

  nextId(prefix: string): string {
    this.session.counter += 1;
    return `${prefix}_${this.session.counter}`;
  }

  async send(update: SessionUpdate): Promise<void> {
    if (update.sessionUpdate === 'state_update') this.session.state = update as StateUpdate;
    else this.session.history.push({ raw: false, update });
    await this.client.notify('session/update', { sessionId: this.session.id, update });
  }

  async sendRaw(update: RawUpdate): Promise<void> {
    this.session.history.push({ raw: true, update });
    await this.raw({ method: 'session/update', params: { sessionId: this.session.id, update } });
  }

  state(state: StateUpdate): Promise<void> {
    return this.send({ sessionUpdate: 'state_update', ...state } as SessionUpdate);
  }

  pause(ms = this.delayMs): Promise<void> {
    return sleep(ms, this.signal);
  }

  async chunks(kind: 'agent_message_chunk' | 'agent_thought_chunk', messageId: string, parts: readonly string[]): Promise<void> {
    for (const [i, text] of parts.entries()) {
      if (i > 0) await this.pause();
      await this.send({ sessionUpdate: kind, messageId, content: { type: 'text', text } } as SessionUpdate);
    }
  }

  upsert(kind: 'agent_message' | 'agent_thought', messageId: string, content: ContentBlock[] | null | undefined): Promise<void> {
    return this.send({ sessionUpdate: kind, messageId, ...(content === undefined ? { _meta: { touched: true } } : { content }) } as SessionUpdate);
  }
}

/** Replays a session's history (for `session/resume`), then its current state snapshot. */
export async function replay(client: AgentContext, session: V2Session, raw: SendRaw, withHistory: boolean): Promise<void> {
  if (withHistory) {
    for (const sent of session.history) {
      if (sent.raw) await raw({ method: 'session/update', params: { sessionId: session.id, update: sent.update } });
      else await client.notify('session/update', { sessionId: session.id, update: sent.update });
    }
  }
  await client.notify('session/update', {
    sessionId: session.id,
    update: { sessionUpdate: 'state_update', ...session.state } as SessionUpdate,
  });
}

export function text(text: string): ContentBlock {
  return { type: 'text', text };
}
