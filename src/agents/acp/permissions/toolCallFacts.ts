/**
 * What the agent has reported about each open tool call so far (kind, locations, raw input,
 * diffs), so a permission request that carries only the call's id is judged on the call as
 * the card shows it. Finished calls are forgotten; a session keeps a bounded number.
 */
import type { SessionEvent, ToolCallPatch } from '../../../protocol/events.js';

const KEPT_FIELDS = ['title', 'kind', 'locations', 'rawInput', 'content'] as const;
const FINAL = new Set(['completed', 'failed', 'cancelled']);
const MAX_OPEN_CALLS = 500;

export class ToolCallFacts {
  private readonly calls = new Map<string, ToolCallPatch>();

  observe(event: SessionEvent): void {
    if (event.kind !== 'tool_call') return;
    if (event.patch.status != null && FINAL.has(event.patch.status)) {
      this.calls.delete(event.toolCallId);
      return;
    }
    const known = event.replace ? {} : this.calls.get(event.toolCallId) ?? {};
    this.calls.delete(event.toolCallId);
    this.calls.set(event.toolCallId, merge(known, event.patch));
    if (this.calls.size > MAX_OPEN_CALLS) this.calls.delete(this.calls.keys().next().value!);
  }

  /** The call as known, with the request's own update over it. */
  withRequest(toolCallId: string, patch: ToolCallPatch): ToolCallPatch {
    return merge(this.calls.get(toolCallId) ?? {}, patch);
  }
}

/** ACP patch rules: absent keeps, `null` clears, a value replaces (arrays wholesale). */
function merge(known: ToolCallPatch, patch: ToolCallPatch): ToolCallPatch {
  const out: ToolCallPatch = { ...known };
  for (const key of KEPT_FIELDS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
