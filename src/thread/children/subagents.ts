/**
 * Child sessions (subagents) in a thread. Each child announced here gets a card row
 * (`SubagentEntry`) where it was announced, and a thread of its own — a `ThreadModel` like this
 * one, made by the factory the reducer passes in — that its events (`child` events) are applied
 * to. The card carries a summary the view can draw without the child's rows: its latest tool
 * call or message ("now"), how many tool calls and changed files, how many questions wait.
 *
 * Each child event costs the child's own apply plus a look at the rows it changed; a streamed
 * chunk updates the card only while the "now" line is still short.
 */
import type { ChildEvent, SessionEvent, SubagentPatch } from '../../protocol/events.js';
import type { ApplyResult, RowChange, SubagentEntry, ThreadEntry } from '../types.js';
import { insertRow, newEntryId, replaceRow, type ThreadState } from '../state.js';
import type { ThreadSnapshot } from '../restore.js';
import { english, type Translate } from '../translate.js';

/** What the parent needs of a child's thread model (the reducer's `ThreadModel`). */
export interface ChildModel {
  /** `turn`: the turn of the thread it is nested in (the top thread's), so changes are told per turn. */
  apply(event: SessionEvent, turn?: string): ApplyResult;
  snapshot(): ThreadSnapshot;
  /** Questions (permissions, elicitations) waiting for the user in it and its children. */
  asking(): number;
  /** The card of its child at `path` (ids from it down). */
  card(path: readonly string[]): SubagentEntry | undefined;
  /** Adds which of its children (at any depth) reported changing each path during `turnId` (see changesBySubagent). */
  changedBy(into: Map<string, string[]>, turnId: string): Map<string, string[]>;
  /** Adds its children's rows (at any depth) to `into`, by child id. */
  childRows(into: Record<string, ThreadEntry[]>): Record<string, ThreadEntry[]>;
  /** Its rows (read once, when a restored thread counts what its tool calls changed). */
  readonly entries: readonly ThreadEntry[];
}

export type ChildFactory = (snapshot?: ThreadSnapshot) => ChildModel;

export interface ChildThread {
  model: ChildModel;
  /** The card's row in this thread. */
  row: number;
  /** Paths its tool calls reported changing (diffs, file changes), over its whole life: the card's count. */
  files: Set<string>;
  /** The same by the top thread's turn they were reported in: a turn's changes row names only that turn's helpers. */
  turnFiles: Map<string, Set<string>>;
  /** The row the "now" line was taken from, while it may still grow by appends, and its text so far. */
  nowRow?: string;
  nowText?: string;
}

/** The "now" line stops growing with streamed text past this many characters. */
const NOW_CHARS = 120;
/** Turns whose changed paths a child remembers (a turn's changes row is republished while it is reviewed). */
const TURNS_KEPT = 32;

type Of<K extends SessionEvent['kind']> = Extract<SessionEvent, { kind: K }>;

export function applySubagent(state: ThreadState, event: Of<'subagent'>, out: ApplyResult, make: ChildFactory, t: Translate = english): void {
  const child = state.children.get(event.childId) ?? openChild(state, out, event.childId, make, false);
  const before = state.entries[child.row] as SubagentEntry;
  const row = patchCard(before, event.patch);
  if (row.background && isWorking(before.state) && row.state !== undefined && !isWorking(row.state)) {
    // A helper that outlived its turn finished: said where the user reads, not only on the card.
    const name = cardName(row, t);
    insertRow(state, out, { type: 'notice', id: newEntryId(state), severity: 'info', title: t('Subagent “{0}” finished in the background', name) });
    delete row.background;
  }
  replaceRow(state, out, child.row, row);
}

/** `turn`: the top thread's turn running now (undefined between turns: a background helper's changes are no turn's). */
export function applyChildEvent(state: ThreadState, event: ChildEvent, out: ApplyResult, make: ChildFactory, turn: string | undefined): void {
  const child = state.children.get(event.childId) ?? openChild(state, out, event.childId, make, true);
  const result = child.model.apply(event.event, turn);
  if (result.rows.length > 0) (out.children ??= []).push({ childId: event.childId, rows: result.rows });
  if (result.children) (out.children ??= []).push(...result.children);
  const before = state.entries[child.row] as SubagentEntry;
  const row = summarize(before, child, result.rows, event.event, turn);
  if (row !== before) replaceRow(state, out, child.row, row);
}

export function applySubagentStop(state: ThreadState, event: Of<'subagent_stop'>, out: ApplyResult): void {
  const child = state.children.get(event.childId);
  if (!child) return;
  const before = state.entries[child.row] as SubagentEntry;
  const row: SubagentEntry = { ...before };
  if (event.stop) row.stop = { ...event.stop };
  else delete row.stop;
  replaceRow(state, out, child.row, row);
}

/** The turn ended: children still working go on in the background (their end is announced). */
export function markBackground(state: ThreadState, out: ApplyResult): void {
  for (const child of state.children.values()) {
    const row = state.entries[child.row] as SubagentEntry;
    if (isWorking(row.state) && !row.background) replaceRow(state, out, child.row, { ...row, background: true });
  }
}

/** The children's threads, for a snapshot (recursively, through each child's own snapshot). */
export function childSnapshots(state: ThreadState): Record<string, ThreadSnapshot> | undefined {
  if (state.children.size === 0) return undefined;
  const out: Record<string, ThreadSnapshot> = {};
  for (const [id, child] of state.children) out[id] = child.model.snapshot();
  return out;
}

/** Rebuilds a restored thread's children from its cards and their saved threads. */
export function restoreChildren(state: ThreadState, saved: Record<string, ThreadSnapshot> | undefined, make: ChildFactory): void {
  state.entries.forEach((entry, index) => {
    if (entry.type !== 'subagent' || state.children.has(entry.childId)) return;
    const snapshot = saved && Object.hasOwn(saved, entry.childId) ? saved[entry.childId] : undefined;
    const model = make(snapshot);
    const files = new Set<string>();
    for (const row of model.entries) if (row.type === 'tool_call') for (const path of changedPaths(row)) files.add(path);
    state.children.set(entry.childId, { model, row: index, files, turnFiles: new Map() });
  });
}

export function askingIn(state: ThreadState): number {
  let n = state.permissions.size + state.elicitations.size;
  for (const child of state.children.values()) n += child.model.asking();
  return n;
}

function openChild(state: ThreadState, out: ApplyResult, childId: string, make: ChildFactory, orphan: boolean): ChildThread {
  const entry: SubagentEntry = { type: 'subagent', id: newEntryId(state), childId, toolCalls: 0, filesChanged: 0, rows: 0 };
  if (orphan) entry.orphan = true;
  const child: ChildThread = { model: make(), row: insertRow(state, out, entry), files: new Set(), turnFiles: new Map() };
  state.children.set(childId, child);
  return child;
}

function patchCard(before: SubagentEntry, patch: SubagentPatch): SubagentEntry {
  const row: SubagentEntry = { ...before };
  setOrClear(row, 'title', patch.title);
  setOrClear(row, 'description', patch.description);
  setOrClear(row, 'agentType', patch.agentType);
  setOrClear(row, 'model', patch.model);
  if (patch.state !== undefined) {
    if (patch.state === null) {
      delete row.state;
      delete row.stopReason;
    } else {
      row.state = patch.state.state;
      if (patch.state.stopReason !== undefined) row.stopReason = patch.state.stopReason;
      else delete row.stopReason;
    }
    // The agent said how the work stands now: a stop the user asked for has had its answer.
    if (row.stop?.state === 'stopping' && !isWorking(row.state)) delete row.stop;
  }
  if (patch.cancellable !== undefined) {
    if (patch.cancellable) row.cancellable = true;
    else delete row.cancellable;
  }
  return row;
}

function setOrClear(row: SubagentEntry, key: 'title' | 'description' | 'agentType' | 'model', value: string | null | undefined): void {
  if (value === undefined) return;
  if (value === null || value === '') delete row[key];
  else row[key] = value;
}

/** The card after the child's rows changed; the same object when nothing the card shows did. */
function summarize(before: SubagentEntry, child: ChildThread, rows: readonly RowChange[], event: SessionEvent, turn: string | undefined): SubagentEntry {
  let row = before;
  const edit = (): SubagentEntry => (row === before ? (row = { ...before }) : row);
  for (const change of rows) {
    if (change.op === 'append') {
      if (change.id === child.nowRow && child.nowText !== undefined && child.nowText.length < NOW_CHARS) {
        child.nowText += change.text;
        edit().now = oneLine(child.nowText);
      }
      continue;
    }
    const entry = change.entry;
    if (change.op === 'insert') edit().rows = row.rows + 1;
    const now = nowOf(entry);
    if (now !== undefined && (change.op === 'insert' || entry.type === 'tool_call') && oneLine(now) !== row.now) {
      edit().now = oneLine(now);
      child.nowRow = entry.id;
      child.nowText = now;
    }
    if (entry.type === 'tool_call') {
      if (change.op === 'insert') edit().toolCalls = row.toolCalls + 1;
      let grew = false;
      const paths = changedPaths(entry);
      for (const path of paths) if (!child.files.has(path)) (child.files.add(path), (grew = true));
      if (grew) edit().filesChanged = child.files.size;
      if (turn !== undefined && paths.length > 0) noteTurnFiles(child, turn, paths);
    }
  }
  if (touchesQuestions(event)) {
    const asking = child.model.asking();
    if ((row.asking ?? 0) !== asking) {
      if (asking > 0) edit().asking = asking;
      else delete edit().asking;
    }
  }
  return row;
}

function noteTurnFiles(child: ChildThread, turn: string, paths: readonly string[]): void {
  let set = child.turnFiles.get(turn);
  if (!set) {
    if (child.turnFiles.size >= TURNS_KEPT) child.turnFiles.delete(child.turnFiles.keys().next().value!);
    child.turnFiles.set(turn, (set = new Set()));
  }
  for (const path of paths) set.add(path);
}

function touchesQuestions(event: SessionEvent): boolean {
  switch (event.kind) {
    case 'permission_requested':
    case 'permission_resolved':
    case 'elicitation_requested':
    case 'elicitation_resolved':
    case 'child':
      return true;
    default:
      return false;
  }
}

function nowOf(entry: ThreadEntry): string | undefined {
  switch (entry.type) {
    case 'tool_call':
      return entry.title;
    case 'agent':
    case 'thought': {
      const first = entry.content.find((b) => b.type === 'text');
      return first?.type === 'text' && first.text.trim() !== '' ? first.text.slice(0, NOW_CHARS * 2) : undefined;
    }
    case 'subagent':
      return entry.title ?? entry.description;
    default:
      return undefined;
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NOW_CHARS ? `${line.slice(0, NOW_CHARS - 1)}…` : line;
}

function changedPaths(entry: Extract<ThreadEntry, { type: 'tool_call' }>): string[] {
  const paths: string[] = [];
  for (const item of entry.content) {
    if (item.type === 'diff') paths.push(item.path);
    else if (item.type === 'file_changes') for (const change of item.changes) paths.push(change.path);
  }
  return paths;
}

export function isWorking(state: string | undefined): boolean {
  return state === 'running' || state === 'requires_action';
}

/** How a card names its child: title, else description, else its kind, else "Subagent". */
export function cardName(row: Pick<SubagentEntry, 'title' | 'description' | 'agentType'>, t: Translate = english): string {
  return row.title ?? row.description ?? row.agentType ?? t('Subagent');
}

/** The innermost event of a child event, and the child ids it passed through (empty: the session's own). */
export function unwrapChild(event: SessionEvent): { event: SessionEvent; path: string[] } {
  const path: string[] = [];
  let inner = event;
  while (inner.kind === 'child') {
    path.push(inner.childId);
    inner = inner.event;
  }
  return { event: inner, path };
}

/** The card of the child at `path` (ids from this thread down), if it was announced. */
export function cardAt(state: ThreadState, path: readonly string[]): SubagentEntry | undefined {
  const [first, ...rest] = path;
  const child = first === undefined ? undefined : state.children.get(first);
  if (!child) return undefined;
  if (rest.length === 0) return state.entries[child.row] as SubagentEntry;
  return child.model.card(rest);
}

/** Every child thread's rows at any depth, by child id (what a freshly loaded view needs). */
export function childRowsOf(state: ThreadState, into: Record<string, ThreadEntry[]> = {}): Record<string, ThreadEntry[]> {
  for (const [id, child] of state.children) {
    into[id] = child.model.entries.slice();
    child.model.childRows(into);
  }
  return into;
}

/**
 * Which subagents' tool calls reported changing each path (diffs, file changes) during the top
 * thread's turn `turnId`, by the names their cards show, children of children included: that
 * turn's changes row says "by …" beside a file. Paths are keyed as `changedPathKey` makes them.
 */
export function changesBySubagent(state: ThreadState, into: Map<string, string[]>, turnId: string, t: Translate = english): Map<string, string[]> {
  for (const child of state.children.values()) {
    const name = cardName(state.entries[child.row] as SubagentEntry, t);
    for (const path of child.turnFiles.get(turnId) ?? []) {
      const key = changedPathKey(path);
      const names = into.get(key) ?? [];
      if (!names.includes(name)) names.push(name);
      into.set(key, names);
    }
    child.model.changedBy(into, turnId);
  }
  return into;
}

/** One spelling per path: `/` separators, no trailing one (a tool call's path and a root + relative path meet). */
export function changedPathKey(path: string): string {
  return path.replace(/\\/g, '/').replace(/\/+$/, '');
}
