/**
 * What a turn changed on disk, as the thread shows it: snapshots, changed files, their hunks, and
 * reported diffs that differ from the disk. Part of the event language (`../events.ts`).
 */

/** A snapshot of one root (ids are the snapshot engine's, kept with the thread). */
export interface SnapshotRef {
  root: string;
  id: string;
}

/** One file a turn changed on disk, as the thread shows it. */
export interface ChangedFile {
  root: string;
  path: string;
  oldPath?: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed' | 'type-changed';
  added: number;
  deleted: number;
  binary: boolean;
  state?: 'kept' | 'undone';
  /** The file's hunks (text files under the size cap), for undo per hunk. */
  hunks?: ChangedHunk[];
  /** Other tabs whose turns overlapped this one and changed the same file (titles). */
  alsoChangedBy?: string[];
  /** The subagents whose tool calls reported changing this file (their cards' names), deepest helper included. */
  by?: string[];
  /**
   * Where the entry comes from when not from the disk: `reported` — the agent's tool calls and
   * fs writes in a root that had no snapshot; `outside` — a file outside every workspace root
   * (named, not tracked: `path` is absolute and `root` empty).
   */
  source?: 'reported' | 'outside';
  /** For `reported`: the texts the agent reported (null: the file did not exist), when both are known. */
  reported?: { oldText: string | null; newText: string | null };
  /** A tool call's reported result for this file differs from the disk at the turn's end. */
  diskDiffers?: true;
}

/** A tool call whose reported diff of `path` (absolute) is not what the disk held at the turn's end. */
export interface ReportedMismatch {
  toolCallId: string;
  path: string;
}

/** One line of a hunk: ' ' context, '-' removed, '+' added (without its terminator). */
export type ChangedHunkLine = [' ' | '-' | '+', string];

/** A hunk as the review lists it: its place (0-based lines) and sizes, a few context lines, what changed. */
export interface ChangedHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: ChangedHunkLine[];
  /** Lines left out of `lines` (a long hunk is cut). */
  more?: number;
}
