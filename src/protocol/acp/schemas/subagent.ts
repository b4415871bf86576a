/**
 * `subagent_update` (SDK 2.4.0: unstable v1 behind the `subagents` client capability, baseline
 * v2). Only `sessionId` is required; each other field is a patch (omitted keeps, `null` clears)
 * and, as the schema says, a malformed value reads as omitted rather than failing the update.
 */
import { z } from 'zod';
import { meta } from './tolerant.js';

/** Present (a value or null) or absent (`undefined`); a malformed value reads as absent. */
function patch<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]).optional().catch(undefined);
}

export const subagentState = z.looseObject({ state: z.string(), stopReason: z.string().nullish().catch(undefined) });

export const subagentUpdate = z.looseObject({
  sessionId: z.string().min(1),
  title: patch(z.string()),
  description: patch(z.string()),
  // Any object replaces the capability set; only `cancel` (an object, `{}` included) grants a stop.
  capabilities: patch(z.looseObject({ cancel: z.unknown().optional() })),
  state: patch(subagentState),
  cwd: patch(z.string()),
  _meta: meta,
});
