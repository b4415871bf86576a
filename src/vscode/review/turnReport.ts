/**
 * The agent's own account of a turn, checked against the disk where a snapshot exists:
 * entries for the changes row where the disk cannot speak (a root without a snapshot, a file
 * outside every root), and the tool calls whose reported result the disk at the turn's end
 * disagrees with (the disk wins; the card says so). No `vscode` here, so peer tests run it
 * with the real snapshot engine.
 */
import { applyPatch, reversePatch } from 'diff';
import type { ChangedFile, ReportedMismatch, SnapshotRef } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import type { FileWrite } from '../../thread/state.js';
import type { ThreadEntry } from '../../thread/types.js';
import { foldReported, relativeTo, reportedRowFiles, rootOf, toolCallEdits, turnToolCalls } from '../../thread/review/reportedChanges.js';

export interface TurnReportInput {
  entries: readonly ThreadEntry[];
  turnId: string;
  writes: readonly FileWrite[];
  /** The workspace roots now. */
  roots: readonly string[];
  /** The snapshots of the turn's end, one per root that had one before the prompt. */
  after: readonly SnapshotRef[];
}

export interface TurnReport {
  /** Reported entries for roots without a snapshot, and files outside every root. */
  files: ChangedFile[];
  differs: ReportedMismatch[];
  /** root + NUL + relative path of disk-reviewed files a tool call's diff disagrees with. */
  differing: Set<string>;
}

export async function turnReport(snapshots: Pick<Snapshotter, 'readFile'>, input: TurnReportInput): Promise<TurnReport> {
  const reported = foldReported(toolCallEdits(turnToolCalls(input.entries, input.turnId)), input.writes);
  const snapshotted = new Map(input.after.map((r) => [r.root, r.id]));
  const files = reportedRowFiles(reported, input.roots, new Set(snapshotted.keys()));
  const differs: ReportedMismatch[] = [];
  const differing = new Set<string>();
  for (const f of reported) {
    const by = f.newText !== undefined ? f.lastToolCallId : f.lastPatch?.toolCallId;
    if (!by) continue;
    const root = rootOf(f.path, input.roots);
    const end = root === undefined ? undefined : snapshotted.get(root);
    if (root === undefined || end === undefined) continue;
    const rel = relativeTo(root, f.path);
    const bytes = await snapshots.readFile(root, end, rel).catch(() => undefined);
    let same: boolean;
    if (f.newText !== undefined) same = f.newText === null ? bytes === undefined : bytes !== undefined && bytes.toString('utf8') === f.newText;
    // A v2 patch without texts: the disk agrees when the patch applies backwards to what it holds.
    else same = bytes !== undefined && applyPatch(bytes.toString('utf8'), reversePatch(f.lastPatch!.patch)) !== false;
    if (same) continue;
    differs.push({ toolCallId: by, path: f.path });
    differing.add(root + '\0' + rel);
  }
  return { files, differs, differing };
}
