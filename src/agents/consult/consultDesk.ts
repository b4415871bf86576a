/**
 * The consult tools of one calling session (`list_agents`, `ask_agent`): which agents may be
 * consulted, the user's yes before a conversation starts (through the session's permission
 * desk and the auto-approve rules, on the consultation's own card), the conversations by handle,
 * and the bounds — how deep consultations may nest, a number of consultations per calling turn,
 * a time limit per call, and every round still running cancelled when the calling turn is
 * stopped or ends. The user may also stop one consultation from its card.
 *
 * Failures are tool results with `isError` in words the calling agent's model can act on.
 */
import type { PermissionOutcome, SessionEvent, ToolCallPatch } from '../../protocol/events.js';
import type { HostQuestion } from '../acp/permissions/permissionDesk.js';
import type { ElicitationAnswer, ElicitationVerdict } from '../api.js';
import { toolError, toolText, type ToolResult } from '../../services/editorTools/toolList.js';
import type { ConsultToolName } from '../../services/editorTools/consultToolList.js';
import { Consultation, type ConsultSession } from './consultation.js';
import { roundResult } from './consultResult.js';
import { t } from '../translate.js';

/** A configured agent as a consultation starts it: its card's words and a fresh session. */
export interface ConsultPeer {
  readonly agentTitle?: string;
  readonly about?: { description?: string; skills: Array<{ name: string; description?: string; examples: string[] }> };
  newSession(place: { cwd: string }): Promise<ConsultSession>;
  /** A local agent whose process has ended: started again for the next conversation. */
  gone?(): boolean;
  dispose?(): Promise<void>;
}

export interface ConsultDirectory {
  /** The names of the agents that may be consulted now (the settings decide). */
  names(): string[];
  /**
   * The agent ready to talk to (a remote agent's card read, a local agent's process started)
   * for callers at `place.depth` (0 when absent); rejects with a sentence the agent can read.
   */
  peer(name: string, place?: { depth: number }): Promise<ConsultPeer>;
}

export interface ConsultLimits {
  /** ask_agent calls per calling turn. */
  perTurn: number;
  /** How long one ask_agent may wait for the consulted agent. */
  timeoutMs: number;
}

export const DEFAULT_CONSULT_LIMITS: ConsultLimits = { perTurn: 10, timeoutMs: 300_000 };

/** How deep consultations nest unless configured: a consulted agent consults no one. */
export const DEFAULT_CONSULT_DEPTH = 1;

export interface ConsultOptions {
  /** Asked as each session opens: `agentChat.consultAgents` is on and the workspace trusted. */
  enabled(): boolean;
  directory: ConsultDirectory;
  limits?(): ConsultLimits;
  /**
   * How many consultations deep the calling session is: 0 for the user's own agent, 1 for an
   * agent it consulted, and so on. Absent: 0.
   */
  depth?: number;
  /** How deep consultations may nest (`agentChat.consultMaxDepth`); absent: DEFAULT_CONSULT_DEPTH. */
  maxDepth?(): number;
}

/** True when a session at `options.depth` may consult (the depth it is at is below the limit). */
export function mayConsultAtDepth(options: ConsultOptions): boolean {
  return (options.depth ?? 0) < (options.maxDepth?.() ?? DEFAULT_CONSULT_DEPTH);
}

/** What the calling session lends the desk. */
export interface ConsultCaller {
  cwd: string;
  emit(event: SessionEvent): void;
  onEvent(listener: (event: SessionEvent) => void): { dispose(): void };
  /** The user's yes or no on the consultation's card (rules first). */
  askHost(question: HostQuestion, signal?: AbortSignal): Promise<PermissionOutcome>;
}

const ALLOW = 'allow';
const DENY = 'deny';

export class ConsultDesk {
  private readonly conversations = new Map<string, Consultation>();
  /** Every conversation shown in this thread, allowed or not, by card id (Stop, forwarded questions). */
  private readonly opened = new Map<string, Consultation>();
  /** Aborts every round of the calling turn when it is stopped or ends. */
  private turnStop = new AbortController();
  private asksThisTurn = 0;
  private readonly sub: { dispose(): void };

  constructor(private readonly caller: ConsultCaller, private readonly options: ConsultOptions) {
    this.sub = caller.onEvent((event) => {
      if (event.kind === 'prompt_sent') {
        this.turnStop = new AbortController();
        this.asksThisTurn = 0;
      } else if (event.kind === 'cancel_requested' || event.kind === 'turn_ended') {
        // Stop on the turn cancels the consultation; a turn that ended leaves none running.
        this.turnStop.abort();
      }
    });
  }

  async call(name: ConsultToolName, args: unknown, signal?: AbortSignal): Promise<ToolResult> {
    try {
      return name === 'list_agents' ? await this.listAgents() : await this.askAgent(argsObject(args), signal);
    } catch (err) {
      return toolError(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async listAgents(): Promise<ToolResult> {
    const names = this.options.directory.names();
    if (names.length === 0) return toolText('No agents can be consulted: none is configured as consultable in agentChat.agents.');
    const entries = await Promise.all(names.map(async (name) => {
      try {
        const peer = await this.options.directory.peer(name);
        const lines = [`- ${name}${peer.agentTitle && peer.agentTitle !== name ? ` (${peer.agentTitle})` : ''}${peer.about?.description ? `: ${peer.about.description}` : ''}`];
        for (const skill of peer.about?.skills ?? []) {
          const examples = skill.examples.length ? ` Examples: ${skill.examples.map((e) => JSON.stringify(e)).join(', ')}.` : '';
          lines.push(`  - skill ${skill.name}${skill.description ? `: ${skill.description}` : ''}${examples}`);
        }
        return lines.join('\n');
      } catch (err) {
        return `- ${name}: unavailable now (${err instanceof Error ? err.message : String(err)})`;
      }
    }));
    return toolText(`Agents you can consult with ask_agent (pass the name as "agent"):\n${entries.join('\n')}`);
  }

  private async askAgent(a: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ToolResult> {
    if (typeof a.agent !== 'string' || a.agent.trim() === '') return toolError('agent must be the name of an agent from list_agents.');
    if (typeof a.message !== 'string' || a.message.trim() === '') return toolError('message must be a non-empty string: what to ask or tell the agent.');
    if (!mayConsultAtDepth(this.options)) {
      return toolError(`You are yourself being consulted by another agent, and consultations may nest only ${this.options.maxDepth?.() ?? DEFAULT_CONSULT_DEPTH} deep (agentChat.consultMaxDepth): you cannot consult further. Answer with what you know.`);
    }
    const limits = this.options.limits?.() ?? DEFAULT_CONSULT_LIMITS;
    if (this.asksThisTurn >= limits.perTurn) {
      return toolError(`Limit reached: at most ${limits.perTurn} ask_agent calls per turn (agentChat.consultMaxPerTurn). Finish with what you have, or tell the user.`);
    }
    let conversation: Consultation | undefined;
    if (a.conversation !== undefined) {
      conversation = typeof a.conversation === 'string' ? this.conversations.get(a.conversation) : undefined;
      if (!conversation) return toolError(`Unknown conversation ${JSON.stringify(a.conversation)}; leave it out to start a new one.`);
      if (conversation.agent !== a.agent) return toolError(`Conversation ${conversation.handle} is with ${conversation.agent}, not ${a.agent}.`);
      if (conversation.stoppedByUser.aborted) return toolError(`The user stopped your consultation of ${conversation.agent} (conversation ${conversation.handle}). Do not ask ${conversation.agent} again in this turn; go on without it.`);
      if (conversation.busy) return toolError(`Conversation ${conversation.handle} is still waiting for ${conversation.agent}'s answer.`);
    } else if (!this.options.directory.names().includes(a.agent)) {
      return toolError(`No consultable agent is named ${JSON.stringify(a.agent)}. Call list_agents for the names.`);
    }
    this.asksThisTurn++;
    const stop = anyOf(this.turnStop.signal, signal);
    if (!conversation) {
      const started = await this.start(a.agent, a.message, stop);
      if ('error' in started) return started.error;
      conversation = started.conversation;
    } else {
      conversation.show(a.message);
    }
    const outcome = await conversation.ask(a.message, stop, limits.timeoutMs);
    return roundResult(conversation, outcome, limits.timeoutMs);
  }

  /** A new conversation: the card, the user's yes, the agent's session. */
  private async start(agent: string, message: string, stop: AbortSignal): Promise<{ conversation: Consultation } | { error: ToolResult }> {
    let peer: ConsultPeer;
    try {
      peer = await this.options.directory.peer(agent, { depth: this.options.depth ?? 0 });
    } catch (err) {
      return { error: toolError(`${agent} cannot be consulted now: ${err instanceof Error ? err.message : String(err)}`) };
    }
    const title = peer.agentTitle ?? agent;
    const conversation = new Consultation(agent, title, () => peer.newSession({ cwd: this.caller.cwd }), (e) => this.caller.emit(e));
    this.opened.set(conversation.cardId, conversation);
    conversation.show(message);
    const toolCall: ToolCallPatch = { title: t('Consulting {0}', title), kind: 'fetch', status: 'pending' };
    const outcome = await this.caller.askHost({
      toolCallId: conversation.cardId,
      toolCall,
      title: t('Let the agent consult {0}?', title),
      options: [
        { optionId: ALLOW, name: t('Allow'), kind: 'allow_once' },
        { optionId: DENY, name: t('Deny'), kind: 'reject_once' },
      ],
      consult: { agent },
    }, anyOf(stop, conversation.stoppedByUser));
    if (outcome.outcome !== 'selected' || outcome.optionId !== ALLOW) {
      const cancelled = outcome.outcome === 'cancelled';
      conversation.note(cancelled ? t('Stopped before the user answered.') : t('The user did not allow this consultation.'), cancelled ? 'cancelled' : 'denied', cancelled ? 'cancelled' : 'failed');
      if (conversation.stoppedByUser.aborted) return { error: toolError(`The consultation of ${agent} was stopped by the user. Do not ask ${agent} again in this turn; go on without it.`) };
      return { error: toolError(cancelled ? `The consultation of ${agent} was stopped before the user answered.` : `The user did not allow consulting ${agent}. Do not ask again in this turn; go on without it.`) };
    }
    conversation.allowed = true;
    this.conversations.set(conversation.handle, conversation);
    return { conversation };
  }

  /**
   * The user's Stop on one consultation's card: only that conversation's round (or its
   * question to the user) is cancelled; the calling turn goes on. False: not one of ours.
   */
  stop(cardId: string): boolean {
    const conversation = this.opened.get(cardId);
    if (!conversation) return false;
    conversation.stopByUser();
    return true;
  }

  /** The user's answer to a consulted local agent's own permission request, shown in this thread. */
  answerPermission(requestId: string, outcome: PermissionOutcome): boolean {
    for (const conversation of this.opened.values()) if (conversation.answerPermission(requestId, outcome)) return true;
    return false;
  }

  /** The user's answer to a consulted local agent's form or page, shown in this thread; undefined: not one of theirs. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): ElicitationVerdict | undefined {
    for (const conversation of this.opened.values()) {
      const verdict = conversation.answerElicitation(requestId, answer);
      if (verdict) return verdict;
    }
    return undefined;
  }

  /** The calling session ended: every conversation is cancelled and closed. */
  async dispose(): Promise<void> {
    this.sub.dispose();
    this.turnStop.abort();
    await Promise.all([...this.opened.values()].map((c) => c.close()));
    this.conversations.clear();
    this.opened.clear();
  }
}

function argsObject(args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) throw new Error('arguments must be an object.');
  return args as Record<string, unknown>;
}

/** Aborts when either does (the calling turn stopped, or the agent gave up on the call). */
export function anyOf(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  return b ? AbortSignal.any([a, b]) : a;
}
