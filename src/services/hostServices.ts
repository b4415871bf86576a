/**
 * What the agent layers need from the editor to serve an agent's requests: files, the
 * workspace roots, and the error a refusal turns into. `src/vscode` implements them with the
 * real VS Code API; tests and benchmarks with plain node (`nodeFileSystem.ts`).
 */

/** `fs/*` served against the workspace. Paths are absolute; errors are thrown as `HostServiceError`. */
export interface FileSystemHost {
  /** Unsaved editor text wins over disk. `line` is 1-based; `limit` is a line count. */
  readTextFile(path: string, line?: number, limit?: number): Promise<string>;
  /** Leaves the file holding exactly `content` (through the editor, undoable, where a document is open), creating missing files and folders. */
  writeTextFile(path: string, content: string): Promise<void>;
  /**
   * Runs a whole write request (its path checks included) under the host's account of writes
   * in flight, from the moment it arrives, so a turn that ends meanwhile can wait for it.
   */
  trackWrite?<T>(request: () => Promise<T>): Promise<T>;
}

/** Workspace roots a session may touch (fs confinement follows them). */
export interface WorkspaceHost {
  roots(): string[];
}

/** A refusal or failure that becomes a JSON-RPC error answer and a visible notice. */
export class HostServiceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
