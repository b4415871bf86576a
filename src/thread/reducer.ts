/**
 * The thread model: folds `SessionEvent`s into rows plus session facts, and says per event which
 * rows changed so a view re-renders only those. Pure: no `vscode`, no DOM, no IO.
 *
 * This class only dispatches; each concern lives in its own file. Streaming text is the hot
 * path (tens of thousands of chunks per turn), so every event costs O(1) or O(rows it touches):
 * rows are found through indexes, never by scanning, and the entries array is never copied.
 */
import { applyConsultation } from './children/consultations.js';
import type { SessionEvent } from '../protocol/events.js';
import type { ApplyResult, SessionFacts, SubagentEntry, ThreadEntry } from './types.js';
import { emptyState, flushStreaming, setSession, type FileWrite, type ThreadState } from './state.js';
import { applySubagentMessage } from './children/subagentMessages.js';
import { appendToStream, applyMessageChunk, applyMessageUpsert, applyPromptAccepted, applyPromptDelivery, applyPromptSent, applyPromptSteered } from './turns/messages.js';
import { applyTerminalOutput, applyToolCall, applyToolCallContentChunk } from './tools/toolCalls.js';
import { applyPermissionRequested, applyPermissionResolved, applyPermissionAutoApproved } from './tools/permissions.js';
import { applyElicitationCompleted, applyElicitationRequested, applyElicitationResolved } from './elicitations/elicitations.js';
import { applyPlan, applyPlanRemoved } from './plan.js';
import { applyCompaction, applyCompactionChunk } from './turns/compaction.js';
import { applyAgentTerminal, applyAgentTerminalChunk } from './tools/agentTerminals.js';
import { applyStopRefused, applyStopRequested } from './tools/stopRequests.js';
import { applyCheckpoint, applyCheckpointRedone, applyCheckpointRestored, applyFileSettled, applyFileUpdated, applyFileWritten, applyTurnChanges } from './review/checkpoints.js';
import { applyCancelRequested, applyTurnEnded, applyTurnState } from './turns/turns.js';
import {
  applyAuthRequired,
  applyCommands,
  applyConfigOptions,
  applyCurrentMode,
  applyLocalNotice,
  applyModes,
  applyRemoteTask,
  applyNotice,
  applySessionInfo,
  applyUsage,
} from './sessionFacts.js';
import { stateFromSnapshot, type ThreadSnapshot } from './restore.js';
import { applyChildEvent, applySubagent, applySubagentStop, askingIn, cardAt, changesBySubagent, childRowsOf, childSnapshots, markBackground, restoreChildren, type ChildFactory } from './children/subagents.js';
import { english, type Translate } from './translate.js';

export type { ThreadSnapshot } from './restore.js';

/** Facts a session knows before any event (from `session/new` / `session/resume`). */
export type SessionSeed = Partial<Omit<SessionFacts, 'turnState' | 'currentTurnId'>>;

export class ThreadModel {
  private state: ThreadState;

  /** `t`: the user's language for the rows the model words itself (the host passes its lookup). */
  constructor(seed: SessionSeed = {}, private readonly t: Translate = english) {
    this.state = emptyState({ commands: [], ...seed, turnState: 'idle' });
  }

  /** A model that continues a saved thread (see `snapshot()`). */
  static restore(snapshot: ThreadSnapshot, t: Translate = english): ThreadModel {
    const model = new ThreadModel({}, t);
    model.state = stateFromSnapshot(snapshot);
    restoreChildren(model.state, snapshot.children, model.makeChild);
    return model;
  }

  /** A child session's thread (a subagent card's inside): the same model, fresh or restored. */
  private readonly makeChild: ChildFactory = (snapshot) => (snapshot ? ThreadModel.restore(snapshot, this.t) : new ThreadModel({}, this.t));

  /** Questions waiting for the user here and in every child's thread. */
  asking(): number {
    return askingIn(this.state);
  }

  /** The rows of every subagent's thread (children of children too), by child session id. */
  childRows(into: Record<string, ThreadEntry[]> = {}): Record<string, ThreadEntry[]> {
    flushStreaming(this.state);
    return childRowsOf(this.state, into);
  }

  /** Adds which subagents (at any depth below this thread) reported changing each path during the top thread's `turnId`. */
  changedBy(into: Map<string, string[]>, turnId: string): Map<string, string[]> {
    return changesBySubagent(this.state, into, turnId, this.t);
  }

  /** The subagent card of the child at `path` (child ids from this thread down). */
  card(path: readonly string[]): SubagentEntry | undefined {
    return cardAt(this.state, path);
  }

  /**
   * The rows, live: read, don't keep or change. Row objects are never mutated once handed out,
   * but the array itself grows and has rows replaced; take `snapshot()` to keep a copy.
   */
  get entries(): ThreadEntry[] {
    flushStreaming(this.state);
    return this.state.entries;
  }

  /** The host's `fs/write_text_file` writes during `turnId` (only the latest turn's are kept). */
  writesOf(turnId: string): readonly FileWrite[] {
    return this.state.fileWrites.get(turnId) ?? [];
  }

  get session(): SessionFacts {
    return this.state.session;
  }

  /** A detached copy to persist or to send to a freshly loaded view. */
  snapshot(): ThreadSnapshot {
    flushStreaming(this.state);
    const children = childSnapshots(this.state);
    return { entries: this.state.entries.slice(), session: this.state.session, ...(children ? { children } : {}) };
  }

  /**
   * Merges facts that arrive outside `session/update` (the `session/new` or `session/resume`
   * answer: available modes, config options, commands).
   */
  seedSession(seed: SessionSeed): ApplyResult {
    const out: ApplyResult = { rows: [], session: false };
    setSession(this.state, out, seed);
    return out;
  }

  /**
   * `outerTurn`: for a subagent's thread, the turn of the thread it is nested in (a child has no
   * turns of its own), so what its children change is told per top-level turn.
   */
  apply(event: SessionEvent, outerTurn?: string): ApplyResult {
    const s = this.state;
    if (event.kind === 'message_chunk') {
      // Streaming text: most events of a turn, answered without the general setup below.
      const appended = appendToStream(s, event);
      if (appended) return appended;
    }
    const out: ApplyResult = { rows: [], session: false };
    // Only a chunk may find the streaming buffer pending; every other handler sees whole rows.
    if (event.kind !== 'message_chunk') flushStreaming(s);
    switch (event.kind) {
      case 'message_chunk':
        applyMessageChunk(s, event, out);
        break;
      case 'message_upsert':
        applyMessageUpsert(s, event, out);
        break;
      case 'tool_call':
        applyToolCall(s, event, out);
        break;
      case 'tool_call_content_chunk':
        applyToolCallContentChunk(s, event, out);
        break;
      case 'plan':
        applyPlan(s, event, out);
        break;
      case 'plan_removed':
        applyPlanRemoved(s, event, out);
        break;
      case 'available_commands':
        applyCommands(s, event, out);
        break;
      case 'current_mode':
        applyCurrentMode(s, event, out);
        break;
      case 'config_options':
        applyConfigOptions(s, event, out);
        break;
      case 'session_info':
        applySessionInfo(s, event, out);
        break;
      case 'usage':
        applyUsage(s, event, out);
        break;
      case 'notice':
        applyNotice(s, event, out);
        break;
      case 'compaction':
        applyCompaction(s, event, out);
        break;
      case 'compaction_chunk':
        applyCompactionChunk(s, event, out);
        break;
      case 'agent_terminal':
        applyAgentTerminal(s, event, out);
        break;
      case 'agent_terminal_chunk':
        applyAgentTerminalChunk(s, event, out);
        break;
      case 'state':
        applyTurnState(s, event, out);
        break;
      case 'subagent':
        applySubagent(s, event, out, this.makeChild, this.t);
        break;
      case 'child':
        applyChildEvent(s, event, out, this.makeChild, s.session.currentTurnId ?? outerTurn);
        break;
      case 'subagent_stop':
        applySubagentStop(s, event, out);
        break;
      case 'subagent_message':
        applySubagentMessage(s, event, out);
        break;
      case 'session_message':
      case 'session_message_chunk':
        // Resolved by the session into `subagent_message` events of the child they concern.
        break;
      case 'unknown':
        // Kept in the protocol log by the session; nothing to show in the thread.
        break;
      case 'prompt_sent':
        applyPromptSent(s, event, out);
        break;
      case 'prompt_accepted':
        applyPromptAccepted(s, event, out);
        break;
      case 'prompt_steered':
        applyPromptSteered(s, event, out);
        break;
      case 'prompt_delivery':
        applyPromptDelivery(s, event, out);
        break;
      case 'cancel_requested':
        applyCancelRequested(s, event, out);
        break;
      case 'turn_ended':
        applyTurnEnded(s, event, out);
        markBackground(s, out);
        break;
      case 'permission_requested':
        applyPermissionRequested(s, event, out);
        break;
      case 'permission_resolved':
        applyPermissionResolved(s, event, out);
        break;
      case 'permission_auto_approved':
        applyPermissionAutoApproved(s, event, out);
        break;
      case 'elicitation_requested':
        applyElicitationRequested(s, event, out);
        break;
      case 'elicitation_resolved':
        applyElicitationResolved(s, event, out);
        break;
      case 'elicitation_completed':
        applyElicitationCompleted(s, event, out);
        break;
      case 'terminal_output':
        applyTerminalOutput(s, event, out);
        break;
      case 'stop_requested':
        applyStopRequested(s, event, out);
        break;
      case 'stop_refused':
        applyStopRefused(s, event, out);
        break;
      case 'notice_local':
        applyLocalNotice(s, event, out);
        break;
      case 'modes':
        applyModes(s, event, out);
        break;
      case 'remote_task':
        applyRemoteTask(s, event, out);
        break;
      case 'auth_required':
        applyAuthRequired(s, event, out, this.t);
        break;
      case 'checkpoint':
        applyCheckpoint(s, event, out);
        break;
      case 'file_written':
        applyFileWritten(s, event);
        break;
      case 'consultation':
        applyConsultation(s, event, out);
        break;
      case 'turn_changes':
        applyTurnChanges(s, event, out, s.children.size > 0 ? changesBySubagent(s, new Map(), event.turnId, this.t) : undefined);
        break;
      case 'turn_file_settled':
        applyFileSettled(s, event, out);
        break;
      case 'turn_file_updated':
        applyFileUpdated(s, event, out);
        break;
      case 'checkpoint_restored':
        applyCheckpointRestored(s, event, out);
        break;
      case 'checkpoint_redone':
        applyCheckpointRedone(s, event, out);
        break;
      default: {
        // Compile-time exhaustiveness; at run time a stray kind changes nothing rather than
        // breaking the session it arrived in.
        const unreachable: never = event;
        void unreachable;
      }
    }
    return out;
  }
}
