/**
 * `subagent_update` (SDK 2.4.0: unstable v1 behind the `subagents` client capability, baseline
 * v2). Only `sessionId` is required; each other field is a patch (omitted keeps, `null` clears)
 * and, as the schema says, a malformed value reads as omitted rather than failing the update.
 */
import { z } from 'zod';
import { contentBlock } from './content.js';
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

/**
 * `session_message`: an upsert of a message between sessions (a parent and its child) as one
 * session's transcript has it. The participants and the links to the other side's view follow
 * the patch convention; `content` omitted keeps, `null` or `[]` clears, an array replaces.
 */
export const sessionMessage = z.looseObject({
  messageId: z.string().min(1),
  senderSessionId: patch(z.string()),
  recipientSessionId: patch(z.string()),
  senderMessageId: patch(z.string()),
  recipientMessageId: patch(z.string()),
  content: z.union([z.array(z.unknown()), z.null()]).optional().catch(undefined),
  _meta: meta,
});

/** `session_message_chunk`: one content block appended to such a message. */
export const sessionMessageChunk = z.looseObject({ messageId: z.string().min(1), content: contentBlock, _meta: meta });
