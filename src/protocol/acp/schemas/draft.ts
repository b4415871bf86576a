/**
 * The early ACP draft (before v1): tool calls keyed by `id`, with `name`/`arguments`, and
 * updates with `status: "success"` and a free-form `output`. Some agents built against it are
 * still around; we read it and normalise it onto the v1 event shape.
 */
import { z } from 'zod';

export const draftToolCall = z.looseObject({
  id: z.string(),
  name: z.string(),
  arguments: z.unknown().optional(),
});

export const draftToolCallUpdate = z.looseObject({
  id: z.string(),
  status: z.string().optional().catch(undefined),
  output: z.unknown().optional(),
});

/** True when an update object uses the draft's `id` key instead of `toolCallId`. */
export function isDraftToolCall(update: Record<string, unknown>): boolean {
  return update.toolCallId === undefined && typeof update.id === 'string';
}
