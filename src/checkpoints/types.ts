/** The snapshot engine's vocabulary (plain data; the editor layer shows and stores it). */

/** One root's state at a moment: a commit in the root's private repository. */
export interface Snapshot {
  root: string;
  /** Commit id; what threads record to find the snapshot again after a reload. */
  id: string;
  tree: string;
  createdAt: number;
  label: string;
}

/** Why no snapshot was taken; `message` is shown in the thread as is. */
export type SnapshotRefusalReason = 'home-directory' | 'too-many-files' | 'git-missing' | 'not-a-folder' | 'failed';

export interface SnapshotRefusal {
  reason: SnapshotRefusalReason;
  message: string;
}

export type SnapshotResult = { ok: true; snapshot: Snapshot } | { ok: false; refusal: SnapshotRefusal };

export type ChangeStatus = 'added' | 'deleted' | 'modified' | 'renamed' | 'type-changed';

/** A file that differs between a snapshot and now (paths relative to the root, `/`-separated). */
export interface FileChange {
  path: string;
  /** Where a renamed file was. */
  oldPath?: string;
  status: ChangeStatus;
  /** Lines added / deleted; 0 for binary files. */
  added: number;
  deleted: number;
  binary: boolean;
  /** Blob ids and modes on each side ('' / '000000' when absent). */
  oldId: string;
  newId: string;
  oldMode: string;
  newMode: string;
}

export interface ChangeSet {
  root: string;
  from: string;
  /** Tree of "now" when one was written (empty when compared with the index directly). */
  toTree: string;
  files: FileChange[];
  added: number;
  deleted: number;
}

export interface SnapshotLimits {
  /** Refuse roots with more files than this (not counting ignored ones). */
  maxFiles: number;
  /** Snapshots kept per root; older ones are dropped. */
  keep: number;
  /** Size cap of a root's private object store, bytes. */
  maxStoreBytes: number;
}

export const DEFAULT_LIMITS: SnapshotLimits = { maxFiles: 50_000, keep: 50, maxStoreBytes: 512 * 1024 * 1024 };
