/**
 * One conversation of the calling agent with a consulted agent: a session of that agent (for a
 * remote one, one A2A context; its task goes on across rounds while it waits for input), and
 * the card the user sees in the calling thread. Each `ask` is one round: the caller's message
 * goes out as a prompt, the consulted agent's messages and artifacts are gathered from the
 * session's events until its turn ends, and the round's outcome comes back for the tool result.
 *
 * The card is the whole exchange as the session's own events tell it (the same events a tab of
 * that agent would show), so nothing the consulted agent sends bypasses the thread's renderer.
 * A consulted local agent's own permission requests and questions (forms, pages to open) are
 * shown in the calling thread (their ids prefixed with the card's) and the user's answers go back
 * to its session.
 */
import { randomUUID } from 'node:crypto';
import type { ConsultationFacts, ContentBlock, PermissionOutcome, SessionEvent, StopReason, ToolCallContent, ToolCallStatus } from '../../protocol/events.js';
import type { ChatSession, ElicitationAnswer, ElicitationVerdict } from '../api.js';
import { t } from '../translate.js';

/** A consulted agent's session: turns, cancel, and an end when the conversation is dropped. */
export interface ConsultSession extends ChatSession {
  closeSession(): Promise<void>;
}

export type RoundEnd =
  | { kind: 'ended'; stopReason: StopReason; error?: string }
  /** Our own end: the calling turn stopped, the agent gave up on the call, the user stopped this consultation, or the time ran out. */
  | { kind: 'stopped'; why: 'cancelled' | 'user' | 'timeout' };

export interface RoundOutcome {
  end: RoundEnd;
  /** What the consulted agent said this round (status messages, direct replies). */
  reply: ContentBlock[];
  /** Artifacts that arrived or changed this round, by artifact key. */
  artifacts: Array<{ name: string; blocks: ContentBlock[] }>;
}

interface Item {
  from: ConsultationFacts['from'][number];
  /** The message id for the consulted agent's messages (chunks and snapshots land on it). */
  key?: string;
  blocks: ContentBlock[];
}

/** How often a streaming card is redrawn at most. */
const CARD_INTERVAL_MS = 50;

export class Consultation {
  /** The handle the calling agent continues the conversation with. */
  readonly handle = `consult-${randomUUID().slice(0, 8)}`;
  /** The card's id in the calling thread: ours alone, never told to the agent. */
  readonly cardId = `agent-chat-consult-${randomUUID()}`;
  /** The user said yes to this conversation (once, or by a rule). */
  allowed = false;
  private readonly items: Item[] = [];
  private progress: string | undefined;
  private state = 'starting';
  private status: ToolCallStatus = 'pending';
  private round: Promise<RoundOutcome> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sessionPromise: Promise<ConsultSession> | undefined;
  private session: ConsultSession | undefined;
  private forwarding: { dispose(): void } | undefined;
  /** The agent item chunks without a message id go on, until anything else is said. */
  private openItem: Item | undefined;
  private readonly userStop = new AbortController();
  /** Aborted once the user pressed Stop on this card: no round of it runs again. */
  readonly stoppedByUser = this.userStop.signal;

  constructor(
    readonly agent: string,
    private readonly title: string,
    private readonly open: () => Promise<ConsultSession>,
    private readonly emit: (event: SessionEvent) => void,
  ) {}

  get busy(): boolean {
    return this.round !== undefined;
  }

  /** A note of ours on the card (asked, refused, stopped): shown in the card, not from either agent. */
  note(text: string, state: string, status: ToolCallStatus): void {
    this.openItem = undefined;
    this.items.push({ from: 'note', blocks: [{ type: 'text', text }] });
    this.state = state;
    this.status = status;
    this.draw(true);
  }

  /** Shows the caller's message on the card before anything is sent (the permission question sits on it). */
  show(message: string): void {
    this.openItem = undefined;
    this.items.push({ from: 'caller', blocks: [{ type: 'text', text: message }] });
    this.draw(true);
  }

  /**
   * One round: `message` (already on the card through `show`) goes to the consulted agent;
   * resolves with what came back once its turn ended, or once `signal` aborts or `timeoutMs`
   * passes (then the consulted agent's turn is cancelled: CancelTask for a remote agent).
   */
  async ask(message: string, signal: AbortSignal, timeoutMs: number): Promise<RoundOutcome> {
    if (this.round) throw new Error('busy');
    const run = this.run(message, signal, timeoutMs);
    this.round = run;
    try {
      return await run;
    } finally {
      this.round = undefined;
    }
  }

  /** The user's Stop on the card: a running round is cancelled; an idle conversation ends. */
  stopByUser(): void {
    if (this.userStop.signal.aborted) return;
    this.userStop.abort();
    if (!this.round && this.allowed) this.note(t('Stopped by the user.'), 'cancelled', 'cancelled');
  }

  /** True when `requestId` was a forwarded question of the consulted agent's (answered then). */
  answerPermission(requestId: string, outcome: PermissionOutcome): boolean {
    const prefix = `${this.cardId}:`;
    if (!requestId.startsWith(prefix) || !this.session) return false;
    this.session.answerPermission(requestId.slice(prefix.length), outcome);
    return true;
  }

  /** The verdict on a forwarded question of the consulted agent's; undefined: not one of this card's. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict | undefined {
    const prefix = `${this.cardId}:`;
    if (!requestId.startsWith(prefix) || !this.session) return undefined;
    return this.session.answerElicitation(requestId.slice(prefix.length), answer);
  }

  private async run(message: string, callerSignal: AbortSignal, timeoutMs: number): Promise<RoundOutcome> {
    const signal = AbortSignal.any([callerSignal, this.userStop.signal]);
    this.state = 'working';
    this.status = 'in_progress';
    this.draw(true);
    const session = await this.sessionNow();
    const reply = new Set<Item>();
    const artifacts = new Set<Item>();
    let ended: RoundEnd | undefined;
    const sub = session.onEvent((event) => {
      if (event.kind === 'message_upsert' || event.kind === 'message_chunk') {
        if (event.role === 'thought') {
          if (event.kind === 'message_upsert') this.progress = textOf(event.content ?? []);
          this.draw(false);
          return;
        }
        if (event.role !== 'agent') return;
        const item = this.agentItem(event.messageId, reply);
        if (event.kind === 'message_upsert') item.blocks = [...(event.content ?? [])];
        else item.blocks = appendBlock(item.blocks, event.content);
        (isArtifactKey(item.key) ? artifacts : reply).add(item);
        this.draw(false);
      } else if (event.kind === 'remote_task' && event.task.state) {
        this.state = stateWords(event.task.state);
      } else if (event.kind === 'turn_ended') {
        ended = { kind: 'ended', stopReason: event.stopReason, ...(event.error ? { error: event.error.message } : {}) };
      }
    });
    let stoppedBy: 'cancelled' | 'user' | 'timeout' | undefined;
    const stop = (why: 'cancelled' | 'user' | 'timeout') => {
      if (stoppedBy || ended) return;
      stoppedBy = why;
      void session.cancel().catch(() => undefined);
    };
    const onAbort = () => stop(this.userStop.signal.aborted ? 'user' : 'cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    try {
      if (signal.aborted) onAbort();
      else await session.prompt([{ type: 'text', text: message }]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      sub.dispose();
    }
    this.progress = undefined;
    this.openItem = undefined;
    const end: RoundEnd = stoppedBy ? { kind: 'stopped', why: stoppedBy } : ended ?? { kind: 'ended', stopReason: 'end_turn' };
    this.settle(end);
    return {
      end,
      reply: [...reply].flatMap((i) => i.blocks),
      artifacts: [...artifacts].map((i) => ({ name: artifactName(i.key), blocks: i.blocks })),
    };
  }

  private settle(end: RoundEnd): void {
    if (end.kind === 'stopped') {
      this.state = end.why === 'timeout' ? 'timed out' : 'cancelled';
      this.status = end.why === 'timeout' ? 'failed' : 'cancelled';
      if (end.why === 'user') this.items.push({ from: 'note', blocks: [{ type: 'text', text: t('Stopped by the user.') }] });
    } else {
      switch (end.stopReason) {
        case 'input_required':
          this.state = 'input-required';
          // The round is over; the conversation waits for the calling agent's answer.
          this.status = 'completed';
          break;
        case 'auth_required':
          this.state = 'auth-required';
          this.status = 'failed';
          break;
        case 'end_turn':
          this.state = 'completed';
          this.status = 'completed';
          break;
        case 'cancelled':
          this.state = 'cancelled';
          this.status = 'cancelled';
          break;
        case 'refusal':
          this.state = 'rejected';
          this.status = 'failed';
          break;
        default:
          this.state = 'failed';
          this.status = 'failed';
          if (end.error) this.items.push({ from: 'note', blocks: [{ type: 'text', text: end.error }] });
      }
    }
    this.draw(true);
  }

  private async sessionNow(): Promise<ConsultSession> {
    this.sessionPromise ??= this.open().then((s) => {
      this.session = s;
      this.forwarding = s.onEvent((event) => this.forward(event));
      return s;
    });
    return this.sessionPromise;
  }

  /**
   * A consulted local agent's own questions to the user (permissions, forms, pages to open), into the calling thread: a card of
   * their own there (named after the consulted agent), ids prefixed with this card's so
   * answers find their way back and never meet the calling session's own.
   */
  private forward(event: SessionEvent): void {
    const id = (raw: string) => `${this.cardId}:${raw}`;
    if (event.kind === 'permission_requested' || event.kind === 'permission_auto_approved') {
      const what = event.toolCall.title ?? event.title ?? t('a tool call');
      const toolCall = { ...event.toolCall, title: t('{0}: {1}', this.title, what) };
      if (event.kind === 'permission_requested') this.emit({ ...event, requestId: id(event.requestId), toolCallId: id(event.toolCallId), toolCall });
      else this.emit({ ...event, toolCallId: id(event.toolCallId), toolCall });
    } else if (event.kind === 'permission_resolved') {
      this.emit({ ...event, requestId: id(event.requestId) });
    } else if (event.kind === 'elicitation_requested') {
      // Named after the consulted agent: the user must know who asks, not take it for their own agent.
      const prompt = event.prompt.mode === 'url'
        ? { ...event.prompt, elicitationId: id(event.prompt.elicitationId), message: t('{0}: {1}', this.title, event.prompt.message) }
        : { ...event.prompt, title: t('{0}: {1}', this.title, event.prompt.title ?? event.prompt.message) };
      this.emit({ kind: 'elicitation_requested', requestId: id(event.requestId), prompt, ...(event.toolCallId ? { toolCallId: id(event.toolCallId) } : {}) });
    } else if (event.kind === 'elicitation_resolved') {
      this.emit({ ...event, requestId: id(event.requestId) });
    } else if (event.kind === 'elicitation_completed') {
      this.emit({ ...event, elicitationId: id(event.elicitationId) });
    }
  }

  private agentItem(messageId: string | undefined, round: Set<Item>): Item {
    if (messageId === undefined && this.openItem && round.has(this.openItem)) return this.openItem;
    const found = messageId === undefined ? undefined : this.items.find((i) => i.from === 'agent' && i.key === messageId);
    if (found) return found;
    const item: Item = { from: 'agent', blocks: [], ...(messageId !== undefined ? { key: messageId } : {}) };
    this.items.push(item);
    this.openItem = messageId === undefined ? item : undefined;
    return item;
  }

  /** The card now (`now`), or within the next interval while the consulted agent streams. */
  private draw(now: boolean): void {
    if (!now) {
      this.timer ??= setTimeout(() => this.draw(true), CARD_INTERVAL_MS);
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    const content: ToolCallContent[] = [];
    const from: ConsultationFacts['from'] = [];
    for (const item of this.items) {
      for (const block of item.blocks) {
        content.push({ type: 'content', content: block });
        from.push(item.from);
      }
    }
    if (this.progress && this.status === 'in_progress') {
      content.push({ type: 'content', content: { type: 'text', text: this.progress } });
      from.push('note');
    }
    this.emit({
      kind: 'consultation',
      toolCallId: this.cardId,
      title: t('Consulting {0}', this.title),
      status: this.status,
      content,
      consultation: { agent: this.agent, from, state: this.state },
    });
  }

  /** Ends the conversation: a running round is cancelled, the consulted session closed. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const session = this.session ?? (await this.sessionPromise?.catch(() => undefined));
    await session?.closeSession().catch(() => undefined);
    this.forwarding?.dispose();
  }
}

/** A2A artifact messages are keyed `a2a:<task>:artifact:<id>` (see protocol/a2a/turnMapper.ts). */
function isArtifactKey(key: string | undefined): boolean {
  return key !== undefined && /:artifact:/.test(key);
}

function artifactName(key: string | undefined): string {
  return key?.replace(/^.*:artifact:/, '') ?? 'artifact';
}

function appendBlock(blocks: ContentBlock[], block: ContentBlock): ContentBlock[] {
  const last = blocks.at(-1);
  if (last?.type === 'text' && block.type === 'text') return [...blocks.slice(0, -1), { ...last, text: last.text + block.text }];
  return [...blocks, block];
}

function textOf(blocks: ContentBlock[]): string {
  return blocks.map((b) => (b.type === 'text' ? b.text : '')).join('').trim();
}

/** A2A task states as the card and the tool result say them (the v0.3 spelling). */
function stateWords(state: string): string {
  return state.replace(/_/g, '-').replace(/^canceled$/, 'cancelled');
}
