/**
 * What a session reports besides messages and tool calls: plans, compactions, commands, modes,
 * config options, usage, and why a turn stopped. Part of the event language (`../events.ts`).
 */

export type PlanEntryStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled';
export type PlanEntryPriority = 'high' | 'medium' | 'low';
export interface PlanEntry {
  content: string;
  priority: PlanEntryPriority;
  status: PlanEntryStatus;
}

/**
 * What a v2 plan shows besides a checklist (plan variants): a file the plan lives in, Markdown,
 * or a plan type this client does not know (kept by name, shown generically).
 */
export type PlanBody =
  | { type: 'file'; uri: string }
  | { type: 'markdown'; content: string }
  | { type: 'other'; planType: string };

/** Compaction statuses ACP names, plus extension/future ones as strings. */
export type CompactionStatus = 'in_progress' | 'completed' | 'failed' | 'cancelled' | (string & {});

export interface AvailableCommand {
  name: string;
  description: string;
  /** Hint shown after the command name when it takes free-text input. */
  inputHint?: string | null;
}

export interface SessionMode {
  id: string;
  name: string;
  description?: string | null;
}
export interface SessionModeState {
  currentModeId: string;
  availableModes: SessionMode[];
}

export interface ConfigSelectOption {
  value: string;
  name: string;
  description?: string | null;
}
export interface ConfigSelectGroup {
  group: string;
  name: string;
  options: ConfigSelectOption[];
}
export type SessionConfigOption =
  | {
      type: 'select';
      id: string;
      name: string;
      description?: string | null;
      category?: string | null;
      currentValue: string;
      options: ConfigSelectOption[] | ConfigSelectGroup[];
    }
  | {
      type: 'boolean';
      id: string;
      name: string;
      description?: string | null;
      category?: string | null;
      currentValue: boolean;
    };

export interface Usage {
  used: number;
  size: number;
  cost?: { amount: number; currency: string } | null;
}

/**
 * The five v1 stop reasons, v2's `error`, A2A's parked states (`input_required`: the agent asked
 * a question and the next prompt continues the same task; `auth_required`), and anything else
 * (custom `_…` or unknown) as a string.
 */
export type StopReason =
  | 'end_turn'
  | 'input_required'
  | 'auth_required'
  | 'max_tokens'
  | 'max_turn_requests'
  | 'refusal'
  | 'cancelled'
  | 'error'
  | (string & {});
