/**
 * Turning a thread into read-only history above a new session (no `vscode` import, unit-tested).
 *
 * Used when the agent behind a thread is gone: after a window reload (the process died with the
 * old extension host) and when another agent process takes over (restart, switch). A new session
 * reuses wire ids freely (`call_1`, plan `main`, message ids), and the thread model finds rows by
 * those ids, so history rows get their ids re-keyed under a unique prefix: a new session's
 * events can never patch an old row. Whatever was still in flight is shown as cancelled.
 */
import type { SessionFacts, SubagentEntry, ThreadEntry, ToolCallEntry } from '../../thread/types.js';
import { ThreadModel, type ThreadSnapshot } from '../../thread/reducer.js';
import { t } from '../translate.js';

/** Why a subagent still working is cut short: the window reloaded, or its session ended otherwise. */
export type Interruption = NonNullable<SubagentEntry['interrupted']>;

export function archiveSnapshot(snapshot: ThreadSnapshot, prefix: string, interruption: Interruption = 'ended'): ThreadSnapshot {
  const session: SessionFacts = { turnState: 'idle', commands: [], title: snapshot.session.title ?? undefined };
  const archived: ThreadSnapshot = { entries: snapshot.entries.map((entry) => archiveEntry(entry, prefix, interruption)), session };
  if (snapshot.children) {
    archived.children = Object.fromEntries(Object.entries(snapshot.children).map(([id, child]) => [prefix + id, archiveSnapshot(child, prefix, interruption)]));
  }
  return archived;
}

function archiveEntry(entry: ThreadEntry, prefix: string, interruption: Interruption): ThreadEntry {
  switch (entry.type) {
    case 'user':
      return { ...entry, messageId: rekey(prefix, entry.messageId), turnId: rekey(prefix, entry.turnId) };
    case 'agent':
    case 'thought':
      return { ...entry, messageId: rekey(prefix, entry.messageId) };
    case 'tool_call':
      return archiveToolCall(entry, prefix);
    case 'plan':
      return { ...entry, planId: prefix + entry.planId };
    case 'turn_end':
    case 'changes':
      return { ...entry, turnId: prefix + entry.turnId };
    case 'compaction':
      return { ...entry, compactionId: prefix + entry.compactionId };
    case 'terminal':
      return { ...entry, terminalId: prefix + entry.terminalId, terminal: { ...entry.terminal, terminalId: prefix + entry.terminalId } };
    case 'elicitation':
      // An archived question can no longer be answered; its request id must not match a live one.
      return { ...entry, requestId: prefix + entry.requestId, ...(entry.status === 'pending' ? { status: 'expired' as const } : {}) };
    case 'notice':
      return entry;
    case 'subagent': {
      // An archived child can no longer be stopped or answered; what it was doing is over here.
      const { cancellable: _cancellable, stop: _stop, asking: _asking, background: _background, ...rest } = entry;
      const working = entry.state === 'running' || entry.state === 'requires_action';
      return { ...rest, childId: prefix + entry.childId, ...(working ? { state: 'idle', stopReason: 'cancelled', interrupted: interruption } : {}) };
    }
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

function archiveToolCall(entry: ToolCallEntry, prefix: string): ToolCallEntry {
  const unfinished = entry.status === 'pending' || entry.status === 'in_progress' || entry.status === 'paused';
  const terminals = entry.terminals
    ? Object.fromEntries(Object.values(entry.terminals).map((t) => [prefix + t.terminalId, { ...t, terminalId: prefix + t.terminalId }]))
    : undefined;
  const archived: ToolCallEntry = {
    ...entry,
    toolCallId: prefix + entry.toolCallId,
    status: unfinished ? 'cancelled' : entry.status,
    content: entry.content.map((c) => (c.type === 'terminal' ? { ...c, terminalId: prefix + c.terminalId } : c)),
    terminals,
  };
  if (archived.permission) {
    delete archived.permission;
    archived.permissionOutcome ??= 'cancelled';
  }
  if (!terminals) delete archived.terminals;
  return archived;
}

function rekey(prefix: string, id: string | undefined): string | undefined {
  return id === undefined ? undefined : prefix + id;
}

/** A unique prefix per archiving, so history archived twice never collides with itself. */
export function archivePrefix(now = Date.now()): string {
  return `h${now.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}:`;
}

/** The history as a live model that a new session can continue, with a divider notice. */
export function archivedThread(snapshot: ThreadSnapshot, note: { title: string; detail?: string }, interruption: Interruption = 'ended'): ThreadModel {
  const model = ThreadModel.restore(archiveSnapshot(snapshot, archivePrefix(), interruption), t);
  model.apply({ kind: 'notice_local', severity: 'info', title: note.title, detail: note.detail });
  return model;
}
