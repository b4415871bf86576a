/**
 * Tool calls: their kinds, statuses, content, diffs, locations and the patch convention of an
 * update; the work a user can stop on its own; how a terminal ended. Part of the event language
 * (`../events.ts`).
 */
import type { ContentBlock } from './content.js';

export type ToolKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'think'
  | 'fetch'
  | 'switch_mode'
  | 'other';

/** Wire statuses plus the client-local `cancelled` (v1) that v2 also sends, and v2 `paused`. */
export type ToolCallStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'cancelled' | 'paused';

export type ToolCallContent =
  | { type: 'content'; content: ContentBlock }
  | { type: 'diff'; path: string; oldText: string | null; newText: string }
  | { type: 'terminal'; terminalId: string }
  /**
   * v2 "diff file states" (`{type:"diff", changes, patch?}` on the wire): which files changed
   * how, plus optional patch text. Its own internal type so code reading v1 diffs (old/new
   * text) never mistakes one for the other.
   */
  | { type: 'file_changes'; changes: FileChange[]; patch?: DiffPatch };

/** One file operation of a v2 diff. Unknown operations (extensions, future ACP) are kept as is. */
export interface FileChange {
  operation: 'add' | 'delete' | 'modify' | 'move' | 'copy' | (string & {});
  /** Absolute path after the operation. */
  path: string;
  /** Absolute path before a move or copy. */
  oldPath?: string;
  fileType?: 'text' | 'binary' | 'directory' | 'symlink' | (string & {});
  mimeType?: string;
}

/** Renderable patch text; `git_patch` is the only format ACP defines. */
export interface DiffPatch {
  format: 'git_patch' | (string & {});
  text: string;
}

export interface ToolCallLocation {
  path: string;
  line?: number | null;
}

/** Fields of a tool call; in a patch every field is optional with the patch convention. */
export interface ToolCallFields {
  title: string;
  /** Programmatic tool name (v1 `name`, early-draft `name`). */
  name: string | null;
  kind: ToolKind;
  status: ToolCallStatus;
  content: ToolCallContent[];
  locations: ToolCallLocation[];
  rawInput: unknown;
  rawOutput: unknown;
}

export type ToolCallPatch = { [K in keyof ToolCallFields]?: ToolCallFields[K] | null } & {
  /**
   * v2 `capabilities.cancel`: whether the client may now send `tool_call/cancel` for this call.
   * Undefined keeps; the wire's `capabilities` object replaces as a whole, so any value given
   * (null or malformed included) settles it to true or false.
   */
  cancellable?: boolean;
};

/** One piece of work the user can stop on its own (v2): a tool call or an agent-owned terminal. */
export type StopTarget = { type: 'tool_call'; toolCallId: string } | { type: 'terminal'; terminalId: string };

export interface TerminalExitStatus {
  exitCode?: number | null;
  signal?: string | null;
}
