/**
 * What the agent itself says a turn changed: the diffs and file operations of its tool calls
 * and the host's `fs/write_text_file` writes. The review works from the disk; this is its
 * fallback for a root that had no snapshot, the way to name files outside every root, and the
 * check that a tool call's diff matches what the disk ended with. Pure (no `vscode`, no DOM).
 */
import { diffLines, type StructuredPatch } from 'diff';
import type { ChangedFile } from '../../protocol/events.js';
import { matchChanges, parseGitPatch } from '../fileDiff.js';
import type { FileWrite } from '../state.js';
import type { ThreadEntry, ToolCallEntry } from '../types.js';

/**
 * One file edit as reported. For the texts, `undefined` means not told and `null` means the
 * file did not exist (before) or no longer exists (after).
 */
export interface ReportedEdit {
  /** Absolute. */
  path: string;
  /** Where a move came from (absolute). */
  oldPath?: string;
  oldText?: string | null;
  newText?: string | null;
  /** Line counts from a patch, when the texts are not known. */
  added?: number;
  deleted?: number;
  /** The tool call that reported it; undefined for an fs write the host served. */
  toolCallId?: string;
  /** A v2 diff's patch section for the file: what the file should look like after, when no text is given. */
  patch?: StructuredPatch;
}

/** One file after folding every edit of the turn to it. */
export interface ReportedFile {
  path: string;
  oldPath?: string;
  status: ChangedFile['status'];
  oldText?: string | null;
  newText?: string | null;
  added: number;
  deleted: number;
  /** The tool call that reported the file's final text last (for the disk check). */
  lastToolCallId?: string;
  /** The latest patch reported for the file when no later edit gave its text (for the disk check). */
  lastPatch?: { toolCallId: string; patch: StructuredPatch };
}

/**
 * The reported texts travel with the thread (saved, sent to the panel) so Undo works after a
 * reload; beyond this size a file is listed without them, and Undo says it cannot be exact.
 */
const MAX_REPORTED_CHARS = 512_000;

/** Tool calls whose kind says they change files: their locations name files even without a diff. */
const EDITING_KINDS = new Set(['edit', 'delete', 'move']);

/** The tool call rows of one turn: after its user row, up to the next user row. */
export function turnToolCalls(entries: readonly ThreadEntry[], turnId: string): ToolCallEntry[] {
  const start = entries.findIndex((e) => e.type === 'user' && e.turnId === turnId);
  if (start < 0) return [];
  const out: ToolCallEntry[] = [];
  for (let i = start + 1; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.type === 'user') break;
    if (e.type === 'tool_call') out.push(e);
  }
  return out;
}

/** Every edit the turn's tool calls reported (failed calls are left out: their edit most likely did not happen). */
export function toolCallEdits(calls: readonly ToolCallEntry[]): ReportedEdit[] {
  const out: ReportedEdit[] = [];
  for (const call of calls) {
    if (call.status === 'failed') continue;
    const named = new Set<string>();
    for (const item of call.content) {
      if (item.type === 'diff') {
        out.push({ path: item.path, oldText: item.oldText, newText: item.newText, toolCallId: call.toolCallId });
        named.add(item.path);
      } else if (item.type === 'file_changes') {
        for (const { change, file } of matchChanges(item.changes, parseGitPatch(item.patch))) {
          if (!change || change.fileType === 'directory') continue;
          const counts = file ? { added: file.added, deleted: file.removed } : {};
          const edit: ReportedEdit = { path: change.path, toolCallId: call.toolCallId, ...counts };
          if (file && file.patch.hunks.length && (change.operation === 'modify' || change.operation === 'move')) edit.patch = file.patch;
          if (change.operation === 'add' || change.operation === 'copy') edit.oldText = null;
          else if (change.operation === 'delete') edit.newText = null;
          else if (change.operation === 'move' && change.oldPath) edit.oldPath = change.oldPath;
          out.push(edit);
          named.add(change.path);
        }
      }
    }
    if (!EDITING_KINDS.has(call.kind)) continue;
    for (const loc of call.locations) if (!named.has(loc.path)) { out.push({ path: loc.path, toolCallId: call.toolCallId }); named.add(loc.path); }
  }
  return out;
}

/**
 * Folds a turn's edits into one entry per file: the first known old text, the last known new
 * text. Writes the host served are what really reached the file, so where a file has any, its
 * texts come from them (first write's old text, last write's new text), over the tool calls'.
 * A file created and deleted again, or whose texts end as they began, is left out.
 */
export function foldReported(edits: readonly ReportedEdit[], writes: readonly FileWrite[] = []): ReportedFile[] {
  const files = new Map<string, ReportedFile & { known: boolean }>();
  const order: string[] = [];
  const fold = (e: ReportedEdit) => {
    let f = files.get(e.path);
    if (!f && e.oldPath && files.has(e.oldPath)) {
      // A move of a file already edited this turn: the entry moves with it.
      const from = files.get(e.oldPath)!;
      files.delete(e.oldPath);
      f = { ...from, path: e.path, oldPath: from.oldPath ?? e.oldPath };
    }
    if (!f) {
      f = { path: e.path, status: 'modified', added: 0, deleted: 0, known: false };
      if (e.oldPath) f.oldPath = e.oldPath;
      order.push(e.path);
    }
    if (f.oldText === undefined && e.oldText !== undefined) f.oldText = e.oldText;
    if (e.newText !== undefined) f.newText = e.newText;
    if (e.added !== undefined || e.deleted !== undefined) { f.added += e.added ?? 0; f.deleted += e.deleted ?? 0; f.known = true; }
    if (e.toolCallId && e.newText !== undefined) { f.lastToolCallId = e.toolCallId; delete f.lastPatch; }
    if (e.toolCallId && e.patch) f.lastPatch = { toolCallId: e.toolCallId, patch: e.patch };
    files.set(e.path, f);
  };
  for (const e of edits) fold(e);
  const written = new Map<string, FileWrite[]>();
  for (const w of writes) written.set(w.path, [...(written.get(w.path) ?? []), w]);
  for (const [path, list] of written) {
    if (!files.has(path)) fold({ path });
    const f = files.get(path)!;
    f.oldText = list[0]!.oldText;
    f.newText = list[list.length - 1]!.newText;
  }
  const out: ReportedFile[] = [];
  for (const path of order) {
    const f = files.get(path);
    if (!f) continue;
    const { known, ...file } = f;
    if (file.oldText === null && file.newText === null) continue;
    if (typeof file.oldText === 'string' && file.oldText === file.newText && !file.oldPath) continue;
    file.status = file.oldText === null ? 'added' : file.newText === null ? 'deleted' : file.oldPath ? 'renamed' : 'modified';
    if (file.oldText !== undefined && file.newText !== undefined) Object.assign(file, lineCounts(file.oldText ?? '', file.newText ?? ''));
    else if (!known) { file.added = 0; file.deleted = 0; }
    out.push(file);
  }
  return out;
}

/** The workspace root holding `path` (the deepest one), or undefined outside every root. */
export function rootOf(path: string, roots: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const root of roots) {
    const r = root.replace(/[\\/]+$/, '');
    if (path === r || path.startsWith(r + '/') || path.startsWith(r + '\\')) {
      if (!best || r.length > best.length) best = r;
    }
  }
  return best;
}

/** `path` under `root`, with forward slashes (as the disk review names files). */
export function relativeTo(root: string, path: string): string {
  return path.slice(root.replace(/[\\/]+$/, '').length + 1).replace(/\\/g, '/');
}

/**
 * The changes row's entries for reported files: those in a root without a snapshot (`reported`,
 * with their texts for an exact undo when both are known) and those outside every root
 * (`outside`, named only). Files in a root that has a snapshot are the disk's to show.
 */
export function reportedRowFiles(files: readonly ReportedFile[], roots: readonly string[], snapshotted: ReadonlySet<string>): ChangedFile[] {
  const out: ChangedFile[] = [];
  for (const f of files) {
    const root = rootOf(f.path, roots);
    const counts = { added: f.added, deleted: f.deleted, binary: false };
    if (root === undefined) {
      out.push({ root: '', path: f.path, ...(f.oldPath ? { oldPath: f.oldPath } : {}), status: f.status, ...counts, source: 'outside' });
      continue;
    }
    if (snapshotted.has(root)) continue;
    const oldRoot = f.oldPath ? rootOf(f.oldPath, roots) : undefined;
    const entry: ChangedFile = { root, path: relativeTo(root, f.path), status: f.status, ...counts, source: 'reported' };
    if (f.oldPath) entry.oldPath = oldRoot === root ? relativeTo(root, f.oldPath) : f.oldPath;
    const size = (f.oldText?.length ?? 0) + (f.newText?.length ?? 0);
    if (f.oldText !== undefined && f.newText !== undefined && !f.oldPath && size <= MAX_REPORTED_CHARS) entry.reported = { oldText: f.oldText, newText: f.newText };
    out.push(entry);
  }
  return out;
}

export type ReportedUndo =
  | { kind: 'write'; text: string }
  | { kind: 'delete' }
  /** The file on disk is not what the agent reported: it changed since, and is left alone. */
  | { kind: 'changed-since' }
  /** The agent did not report both texts: there is nothing exact to go back to. */
  | { kind: 'unknown' };

/** How to undo a reported file, given its text on disk now (undefined: it does not exist). */
export function reportedUndoPlan(file: Pick<ChangedFile, 'reported'>, disk: string | undefined): ReportedUndo {
  const r = file.reported;
  if (!r) return { kind: 'unknown' };
  const expected = r.newText ?? undefined;
  if (disk !== expected) return { kind: 'changed-since' };
  return r.oldText === null ? { kind: 'delete' } : { kind: 'write', text: r.oldText };
}

function lineCounts(before: string, after: string): { added: number; deleted: number } {
  let added = 0;
  let deleted = 0;
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) deleted += part.count ?? 0;
  }
  return { added, deleted };
}

/** The turn a tool call belongs to: that of the nearest user row above it. */
export function turnOfToolCall(entries: readonly ThreadEntry[], toolCallId: string): string | undefined {
  const index = entries.findIndex((e) => e.type === 'tool_call' && e.toolCallId === toolCallId);
  for (let i = index - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'user') return e.turnId;
  }
  return undefined;
}

/** The one file a tool call's diff item is about (undefined for a v2 diff of several files). */
export function diffItemPath(call: ToolCallEntry, contentIndex: number): string | undefined {
  const item = call.content[contentIndex];
  if (item?.type === 'diff') return item.path;
  if (item?.type === 'file_changes' && item.changes.length === 1) return item.changes[0]!.path;
  return undefined;
}
