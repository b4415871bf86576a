/**
 * Rebuilding the reducer's indexes from a saved snapshot (a persisted transcript), so a restored
 * thread keeps accepting events exactly as the live one did.
 */
import type { SessionFacts, ThreadEntry } from './types.js';
import { emptyState, type ThreadState } from './state.js';
import { indexTerminals } from './tools/toolCalls.js';

export interface ThreadSnapshot {
  entries: ThreadEntry[];
  session: SessionFacts;
  /** The threads of the child sessions its subagent cards stand for, by child session id. */
  children?: Record<string, ThreadSnapshot>;
}

export function stateFromSnapshot(snapshot: ThreadSnapshot): ThreadState {
  // Rows are copy-on-write, so sharing the row objects with the caller is safe; the array is ours.
  const state = emptyState({ ...snapshot.session });
  state.entries = snapshot.entries.slice();
  let maxId = 0;
  let lastTurnEnd = -1;
  state.entries.forEach((entry, index) => {
    const numeric = /^e(\d+)$/.exec(entry.id);
    if (numeric) maxId = Math.max(maxId, Number(numeric[1]));
    switch (entry.type) {
      case 'user':
        if (entry.turnId !== undefined) state.turnUserRows.set(entry.turnId, index);
        if (entry.messageId !== undefined) state.messages.user.set(entry.messageId, index);
        break;
      case 'agent':
      case 'thought':
        if (entry.messageId !== undefined) state.messages[entry.type].set(entry.messageId, index);
        break;
      case 'tool_call':
        state.toolCalls.set(entry.toolCallId, index);
        indexTerminals(state, index, entry.content);
        for (const view of Object.values(entry.terminals ?? {})) state.terminalViews.set(view.terminalId, view);
        if (entry.permission !== undefined) state.permissions.set(entry.permission.requestId, index);
        break;
      case 'plan':
        state.plans.set(entry.planId, index);
        break;
      case 'turn_end':
        state.endedTurns.add(entry.turnId);
        lastTurnEnd = index;
        state.agentTurns = Math.max(state.agentTurns, agentTurnNumber(entry.turnId));
        break;
      case 'compaction':
        state.compactions.set(entry.compactionId, index);
        break;
      case 'terminal':
        // The decoder starts fresh: bytes of a character split across a restart are not recoverable.
        state.agentTerminals.set(entry.terminalId, { decoder: new TextDecoder(), row: index });
        state.terminalViews.set(entry.terminalId, entry.terminal);
        break;
      case 'elicitation':
        // Open ones are settled as expired where a thread is saved (history/shape.ts) or archived.
        if (entry.status === 'pending') state.elicitations.set(entry.requestId, index);
        if (entry.prompt.mode === 'url' && entry.status === 'accepted' && !entry.completed) state.urlElicitations.set(entry.prompt.elicitationId, index);
        break;
      case 'notice':
      case 'changes':
      case 'subagent':
        // Children are rebuilt by the model (subagents.ts restoreChildren), which can make models.
        break;
      default: {
        const unreachable: never = entry;
        return unreachable;
      }
    }
  });
  // Ids must never be reused, whatever scheme the saved rows used.
  state.nextId = Math.max(maxId, state.entries.length) + 1;
  const turnId = snapshot.session.currentTurnId;
  if (snapshot.session.turnState !== 'idle') {
    // Saved mid-turn: the open turn's tool calls are those after the last turn end.
    const toolCallRows: number[] = [];
    for (let i = lastTurnEnd + 1; i < state.entries.length; i++) {
      if (state.entries[i]!.type === 'tool_call') toolCallRows.push(i);
    }
    state.turn = { open: true, id: turnId, toolCallRows };
  }
  return state;
}

/** Agent-started turns are numbered; a restored thread continues after the highest number. */
function agentTurnNumber(turnId: string): number {
  const match = /^agent-turn-(\d+)$/.exec(turnId);
  return match ? Number(match[1]) : 0;
}
