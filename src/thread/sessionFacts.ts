/**
 * Session-level facts (usage, commands, modes, config options, title) and notices.
 * Facts are not rows: they change `session`, which views render in the header and status bar.
 */
import type { SessionEvent } from '../protocol/events.js';
import type { ApplyResult, NoticeEntry } from './types.js';
import { insertRow, newEntryId, setSession, type ThreadState } from './state.js';
import { english, type Translate } from './translate.js';

type Of<K extends SessionEvent['kind']> = Extract<SessionEvent, { kind: K }>;

export function applyUsage(state: ThreadState, event: Of<'usage'>, out: ApplyResult): void {
  setSession(state, out, { usage: { ...event.usage } });
}

export function applyCommands(state: ThreadState, event: Of<'available_commands'>, out: ApplyResult): void {
  setSession(state, out, { commands: event.commands.map((c) => ({ ...c })) });
}

export function applyCurrentMode(state: ThreadState, event: Of<'current_mode'>, out: ApplyResult): void {
  const modes = state.session.modes;
  // The available modes come with the session (constructor / `seedSession`); without them the
  // current id is still worth keeping.
  setSession(state, out, {
    modes: modes === undefined
      ? { currentModeId: event.currentModeId, availableModes: [] }
      : { ...modes, currentModeId: event.currentModeId },
  });
}

export function applyModes(state: ThreadState, event: Of<'modes'>, out: ApplyResult): void {
  setSession(state, out, { modes: { currentModeId: event.modes.currentModeId, availableModes: event.modes.availableModes.map((m) => ({ ...m })) } });
}

/** A notice row for now; the method list stays on the event for a view that offers "Log in". */
export function applyAuthRequired(state: ThreadState, event: Of<'auth_required'>, out: ApplyResult, t: Translate = english): void {
  const names = event.methods.map((m) => m.name).join(', ');
  const detail = [event.message, names ? t('Log in with: {0}', names) : undefined].filter(Boolean).join('\n');
  const entry: NoticeEntry = { type: 'notice', id: newEntryId(state), severity: 'warning', title: t('The agent needs you to log in') };
  if (detail) entry.detail = detail;
  insertRow(state, out, entry);
}

export function applyRemoteTask(state: ThreadState, event: Of<'remote_task'>, out: ApplyResult): void {
  setSession(state, out, { remoteTask: { ...event.task } });
}

export function applyConfigOptions(state: ThreadState, event: Of<'config_options'>, out: ApplyResult): void {
  setSession(state, out, { configOptions: event.configOptions.map((o) => ({ ...o })) });
}

/** undefined keeps, null clears, a value replaces. */
export function applySessionInfo(state: ThreadState, event: Of<'session_info'>, out: ApplyResult): void {
  const patch: { title?: string | null; updatedAt?: string | null } = {};
  if (event.title !== undefined) patch.title = event.title;
  if (event.updatedAt !== undefined) patch.updatedAt = event.updatedAt;
  if (patch.title === undefined && patch.updatedAt === undefined) return;
  setSession(state, out, patch);
}

export function applyNotice(state: ThreadState, event: Of<'notice'>, out: ApplyResult): void {
  const entry: NoticeEntry = { type: 'notice', id: newEntryId(state), severity: event.severity, title: event.title, live: true };
  if (event.description !== undefined && event.description !== null) entry.detail = event.description;
  insertRow(state, out, entry);
}

export function applyLocalNotice(state: ThreadState, event: Of<'notice_local'>, out: ApplyResult): void {
  const entry: NoticeEntry = { type: 'notice', id: newEntryId(state), severity: event.severity, title: event.title };
  if (event.detail !== undefined) entry.detail = event.detail;
  insertRow(state, out, entry);
}
