/**
 * What the editor tools need from the editor: files as it sees them (the `FileSystemHost`
 * reads unsaved buffers and writes through the editor), its problems and the selection, and a
 * question to the user. `src/vscode/editor/vscodeEditorTools.ts` implements it with the VS Code
 * API; the peer tests with the disk and in-memory buffers.
 */
import type { FileSystemHost } from '../hostServices.js';

export type ProblemSeverity = 'error' | 'warning' | 'info' | 'hint';

export interface EditorProblem {
  /** Absolute. */
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  severity: ProblemSeverity;
  message: string;
  /** The tool that reported it (`ts`, `eslint`) and its code, when known. */
  source?: string;
  code?: string;
}

export interface EditorSelection {
  /** Absolute path of the file shown in the active editor. */
  path: string;
  /** 1-based line and column of the start and end (equal when nothing is selected). */
  start: { line: number; column: number };
  end: { line: number; column: number };
  /** The selected text ('' for a bare cursor). */
  text: string;
}

export interface EditorToolsHost extends FileSystemHost {
  /** Every problem the editor knows of now (the tools filter by path and root). */
  problems(): Promise<EditorProblem[]>;
  /** The active text editor's selection, or undefined when no text editor is active. */
  selection(): Promise<EditorSelection | undefined>;
  /**
   * A write to a target that always asks (secrets, `.git/`, `.vscode/`): true when the user
   * allows it. `reason` says why it is sensitive, in English; `reasonIn` says the same in the
   * language of the lookup it is given (the editor passes its own, `vscode.l10n.t`).
   */
  confirmSensitiveWrite(path: string, reason: string, reasonIn: (t: (message: string, ...args: Array<string | number>) => string) => string): Promise<boolean>;
}
