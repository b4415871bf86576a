/**
 * One A2A stream event or task snapshot, whichever protocol version carried it. Both wire
 * dialects (v0.3 `kind`-tagged objects, v1.0 `result.*` wrappers) parse into this shape, so the
 * turn mapping is written once. Plain data, no SDK types.
 */

/** Task states of both versions, lower-cased v1.0 names (`TASK_STATE_INPUT_REQUIRED` → input_required). */
export type A2aState =
  | 'submitted'
  | 'working'
  | 'input_required'
  | 'auth_required'
  | 'completed'
  | 'canceled'
  | 'rejected'
  | 'failed'
  | 'unknown';

export type A2aPart =
  | { type: 'text'; text: string }
  | { type: 'file'; uri?: string; bytes?: string; name?: string; mediaType?: string }
  | { type: 'data'; data: unknown }
  /** A part kind this client does not know: shown as a note, kept for the log. */
  | { type: 'unknown'; raw: unknown };

export interface A2aArtifact {
  artifactId: string;
  name?: string;
  parts: A2aPart[];
}

export interface A2aMessage {
  messageId?: string;
  role: 'user' | 'agent';
  parts: A2aPart[];
}

export type A2aUpdate =
  | {
      type: 'task';
      taskId: string;
      contextId?: string;
      state: A2aState;
      /** The wire state as sent, for the log when it is unknown. */
      rawState?: string;
      message?: A2aMessage;
      artifacts: A2aArtifact[];
    }
  | {
      type: 'status';
      taskId: string;
      contextId?: string;
      state: A2aState;
      rawState?: string;
      message?: A2aMessage;
      /** v0.3 only: the server says the stream ends here. */
      final?: boolean;
    }
  | { type: 'artifact'; taskId: string; contextId?: string; artifact: A2aArtifact; append: boolean; lastChunk: boolean }
  /** A direct answer without a task: the turn is over once it is shown. */
  | { type: 'message'; taskId?: string; contextId?: string; message: A2aMessage }
  | { type: 'unknown'; raw: unknown; reason: string };

const TERMINAL: ReadonlySet<A2aState> = new Set(['completed', 'canceled', 'rejected', 'failed']);

/** A state after which the task takes no more messages. */
export function isTerminal(state: A2aState): boolean {
  return TERMINAL.has(state);
}
