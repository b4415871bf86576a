/**
 * A2A updates → the session event language, for one session (one contextId). Pure: the A2A
 * client in `src/agents/a2a` feeds it what the server sent and emits what comes out.
 *
 * | A2A | events |
 * |---|---|
 * | SUBMITTED / WORKING + message | one `thought` row per turn, replaced with the latest progress |
 * | artifact (append / lastChunk) | an agent message per artifact id: append → chunks, else upsert |
 * | INPUT_REQUIRED / AUTH_REQUIRED | the question as an agent message; turn ends `input_required` / `auth_required` |
 * | COMPLETED | `end_turn`; CANCELED → `cancelled`; REJECTED → `refusal`; FAILED → `error` with the agent's words |
 *
 * Events for another task are dropped (logged). Artifacts are keyed by task and artifact id, so
 * a snapshot after a resubscribe, or a replay of a reopened thread, replaces rather than repeats.
 */
import type { ContentBlock, SessionEvent, StopReason } from '../events.js';
import { blockSize, partToBlock } from './content.js';
import type { A2aArtifact, A2aMessage, A2aState, A2aUpdate } from './update.js';
import { isTerminal } from './update.js';

export const DEFAULT_ARTIFACT_CAP = 50 * 1024 * 1024;

export interface TurnEnd {
  stopReason: StopReason;
  error?: { code?: number; message: string };
}

export interface MapResult {
  events: SessionEvent[];
  /** Set when this update ends the UI turn. */
  end?: TurnEnd;
}

export class A2aTurnMapper {
  taskId: string | undefined;
  contextId: string | undefined;
  state: A2aState | undefined;
  private turn = 0;
  /**
   * The question the user is answering this turn. A stream on a continued task may open with a
   * snapshot taken before the answer was read (still INPUT_REQUIRED, same question): that is
   * not the agent asking again, and must neither end the turn nor repeat the question.
   */
  private answering: string | undefined;
  private lastQuestion: string | undefined;
  /** Characters shown per artifact message id (dedup on snapshots, and the cap). */
  private readonly shown = new Map<string, number>();
  private readonly truncated = new Set<string>();

  constructor(private readonly opts: { log(line: string): void; artifactCap?: number }) {}

  /** Where the next message goes: the same task while it waits for input, else a new task in the context. */
  beginTurn(): { taskId?: string; contextId?: string } {
    this.turn++;
    const continues = this.taskId !== undefined && this.state !== undefined && !isTerminal(this.state);
    if (!continues) this.taskId = undefined;
    this.answering = continues ? this.lastQuestion : undefined;
    return { ...(continues ? { taskId: this.taskId } : {}), ...(this.contextId ? { contextId: this.contextId } : {}) };
  }

  /** Restores where a saved thread was (reopen): its task and context. */
  restore(ids: { taskId?: string; contextId?: string; state?: A2aState }): void {
    this.taskId = ids.taskId;
    this.contextId = ids.contextId;
    this.state = ids.state;
  }

  /**
   * A reopened thread's task still waits for `question` (from GetTask): the snapshot a stream
   * opens with while the answer is read is then not taken for the agent asking again.
   */
  waitingFor(question: A2aMessage | undefined): void {
    this.lastQuestion = questionKey(question);
  }

  apply(update: A2aUpdate): MapResult {
    if (update.type === 'unknown') {
      this.opts.log(`ignored A2A event (${update.reason})`);
      return { events: [{ kind: 'unknown', sessionUpdate: 'a2a', raw: update.raw, reason: update.reason }] };
    }
    const taskId = update.taskId;
    if (taskId !== undefined) {
      if (this.taskId === undefined) this.taskId = taskId;
      else if (taskId !== this.taskId) {
        this.opts.log(`ignored an event for task ${taskId} (this turn is task ${this.taskId})`);
        return { events: [] };
      }
    }
    if (update.contextId && !this.contextId) this.contextId = update.contextId;
    switch (update.type) {
      case 'artifact':
        return { events: this.artifact(update.artifact, update.append) };
      case 'message':
        return { events: this.message(update.message, `reply:${this.turn}`), end: update.taskId ? undefined : { stopReason: 'end_turn' } };
      case 'task': {
        const events = update.artifacts.flatMap((a) => this.snapshotArtifact(a));
        if (this.answering !== undefined && (update.state === 'input_required' || update.state === 'auth_required') && questionKey(update.message) === this.answering) {
          return { events };
        }
        return this.status(update.state, update.rawState, update.message, events);
      }
      case 'status':
        return this.status(update.state, update.rawState, update.message, []);
    }
  }

  private status(state: A2aState, rawState: string | undefined, message: A2aMessage | undefined, events: SessionEvent[]): MapResult {
    if (state === 'unknown') {
      this.opts.log(`ignored unknown task state "${rawState ?? ''}"`);
      return { events };
    }
    this.state = state;
    const key = `status:${this.turn}:${message?.messageId ?? state}`;
    switch (state) {
      case 'submitted':
      case 'working':
        if (message && message.parts.length > 0) {
          events.push({ kind: 'message_upsert', role: 'thought', messageId: this.id(`progress:${this.turn}`), content: message.parts.map(partToBlock) });
        }
        return { events };
      case 'input_required':
      case 'auth_required':
        this.lastQuestion = questionKey(message);
        this.answering = undefined;
        events.push(...this.message(message, key));
        return { events, end: { stopReason: state } };
      case 'completed':
        events.push(...this.message(message, key));
        return { events, end: { stopReason: 'end_turn' } };
      case 'canceled':
        events.push(...this.message(message, key));
        return { events, end: { stopReason: 'cancelled' } };
      case 'rejected':
        events.push(...this.message(message, key));
        return { events, end: { stopReason: 'refusal' } };
      case 'failed': {
        const words = message ? textOf(message) : '';
        return { events, end: { stopReason: 'error', error: { message: words || 'The remote agent reported that the task failed.' } } };
      }
    }
  }

  private message(message: A2aMessage | undefined, key: string): SessionEvent[] {
    if (!message || message.parts.length === 0) return [];
    return [{ kind: 'message_upsert', role: 'agent', messageId: this.id(key), content: message.parts.map(partToBlock) }];
  }

  /** A task snapshot: show an artifact only when it differs from what is on screen. */
  private snapshotArtifact(artifact: A2aArtifact): SessionEvent[] {
    const id = this.id(`artifact:${artifact.artifactId}`);
    const blocks = artifact.parts.map(partToBlock);
    const size = blocks.reduce((n, b) => n + blockSize(b), 0);
    if (this.shown.get(id) === size || this.truncated.has(id)) return [];
    return this.artifact(artifact, false);
  }

  private artifact(artifact: A2aArtifact, append: boolean): SessionEvent[] {
    const id = this.id(`artifact:${artifact.artifactId}`);
    if (this.truncated.has(id)) return [];
    const cap = this.opts.artifactCap ?? DEFAULT_ARTIFACT_CAP;
    const continuing = append && this.shown.has(id);
    let used = continuing ? this.shown.get(id)! : 0;
    const blocks: ContentBlock[] = [];
    if (!continuing && artifact.name) blocks.push({ type: 'text', text: `**${artifact.name.replace(/[*_`[\]<>]/g, '')}**\n\n` });
    for (const part of artifact.parts) {
      const block = partToBlock(part);
      const size = blockSize(block);
      if (used + size > cap) {
        if (block.type === 'text') blocks.push({ ...block, text: block.text.slice(0, Math.max(0, cap - used)) });
        blocks.push({ type: 'text', text: `\n\n_(truncated: this artifact passed ${Math.round(cap / 1024 / 1024)} MB; the rest was not shown)_` });
        this.truncated.add(id);
        this.opts.log(`artifact ${artifact.artifactId} truncated at ${cap} characters`);
        break;
      }
      used += size;
      blocks.push(block);
    }
    this.shown.set(id, used);
    if (continuing) return blocks.map((content) => ({ kind: 'message_chunk', role: 'agent', messageId: id, content }));
    return [{ kind: 'message_upsert', role: 'agent', messageId: id, content: blocks }];
  }

  /** Message ids are scoped by task: the same artifact id in two tasks is two rows. */
  private id(key: string): string {
    return `a2a:${this.taskId ?? 'none'}:${key}`;
  }
}

function questionKey(message: A2aMessage | undefined): string {
  return message?.messageId ?? (message ? JSON.stringify(message.parts) : '');
}

function textOf(message: A2aMessage): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('').trim();
}
