/**
 * Why a restore wrote nothing. Both are thrown by restoreSnapshot / applyOld (restore.ts) and
 * leave the files as they were before the call; the editor layer says which files and why.
 */

/**
 * The snapshot lacks the saved copy of some files the restore would write (an object gone from
 * the private store), so nothing was written. Thrown before any file is touched.
 */
export class SnapshotIncomplete extends Error {
  constructor(
    /**
     * Paths relative to the root, `/`-separated, sorted: files whose saved bytes are gone, or
     * folders (ending in `/`; `./` for the root itself) whose whole listing is gone.
     */
    readonly paths: string[],
  ) {
    super(`The checkpoint lacks the saved copy of ${paths.length === 1 ? paths[0] : `${paths.length} files (${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''})`}; nothing was restored.`);
    this.name = 'SnapshotIncomplete';
  }
}

/**
 * Writing or removing `path` failed partway through a restore (a folder in its place, a disk
 * full, a permission); every file already written was put back as it was just before the
 * restore. `notRolledBack` lists files that could not be put back (empty: the disk is exactly
 * as before the restore).
 */
export class RestoreWriteFailed extends Error {
  constructor(
    /** The file that could not be written or removed, relative to the root. */
    readonly path: string,
    /** The operating system's reason. */
    readonly reason: string,
    readonly notRolledBack: string[],
    options?: { cause?: unknown },
  ) {
    super(`Could not restore ${path}: ${reason}. ${notRolledBack.length
      ? `The files already written were put back, except ${notRolledBack.join(', ')}.`
      : 'Nothing was changed: the files already written were put back.'}`, options);
    this.name = 'RestoreWriteFailed';
  }
}
