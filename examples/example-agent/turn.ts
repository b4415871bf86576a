/**
 * Small helpers for one prompt turn: everything an agent tells the client goes through
 * `session/update` notifications, so these wrap the common ones.
 */
import type { AgentContext, ClientCapabilities, SessionUpdate } from '@agentclientprotocol/sdk';

/** Pause between streamed pieces, so the chat visibly streams. */
const STREAM_DELAY_MS = 25;

export class Cancelled extends Error {}

export class Turn {
  constructor(
    readonly client: AgentContext,
    readonly sessionId: string,
    readonly cwd: string,
    readonly caps: ClientCapabilities,
    readonly signal: AbortSignal,
    private readonly counter: { value: number },
  ) {}

  /** Tool call ids must be unique within the session, across turns. */
  newToolCallId(name: string): string {
    this.counter.value += 1;
    return `${name}-${this.counter.value}`;
  }

  /** Sends one session update. */
  update(update: SessionUpdate): Promise<void> {
    return this.client.notify('session/update', { sessionId: this.sessionId, update });
  }

  /** Waits a little; throws `Cancelled` if the user pressed stop. */
  async pause(ms = STREAM_DELAY_MS): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (this.signal.aborted) throw new Cancelled();
  }

  /** Streams Markdown the way a model does: a few words at a time. */
  async say(markdown: string): Promise<void> {
    for (const piece of markdown.match(/\S+\s*|\s+/g) ?? []) {
      await this.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: piece } });
      await this.pause();
    }
  }

  /** Streams the agent's reasoning; clients usually show it folded away. */
  async think(text: string): Promise<void> {
    for (const piece of text.match(/\S+\s*/g) ?? []) {
      await this.update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: piece } });
      await this.pause();
    }
  }
}
