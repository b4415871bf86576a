/**
 * `session/update` payloads, one schema per `sessionUpdate` kind, in every dialect we read:
 * ACP v1 (stable), the v2 draft (message upserts, state updates, plan variants, tool call
 * content chunks) and the pre-v1 draft (tool calls keyed by `id`).
 *
 * Deliberately a lookup table, not a union: a union rejects unknown kinds (which ACP says to
 * ignore, not fail on) and costs time per variant tried. Looking the kind up is O(1).
 */
import { z } from 'zod';
import { contentBlock } from './content.js';
import { availableCommandList, configOptionList } from './config.js';
import { toolCall, toolCallContentChunk, toolCallUpdate } from './toolCall.js';
import { lenientArray, lenientArrayRequired, meta, opt } from './tolerant.js';
import { sessionMessage, sessionMessageChunk, subagentUpdate } from './subagent.js';

/** `*_chunk`: one content block appended; `messageId` optional in v1, required in v2 (tolerated). */
export const contentChunk = z.looseObject({ content: contentBlock, messageId: opt(z.string()), _meta: meta });

/** v2 whole-message upsert: content omitted = keep, null/[] = clear, array = replace. */
export const messageUpsert = z.looseObject({
  messageId: z.string(),
  content: z.union([z.array(z.unknown()), z.null()]).optional().catch(undefined),
  _meta: meta,
});
/** Items of an upsert's content: bad ones dropped (the spec's skip-invalid-items). */
export const upsertContent = lenientArrayRequired(contentBlock);

export const planEntry = z.looseObject({
  content: z.string(),
  priority: z.string().catch('medium'),
  status: z.string().catch('pending'),
});
export const planV1 = z.looseObject({ entries: lenientArrayRequired(planEntry) });

/** v2 `plan_update`: `items` (a checklist), unstable `file` / `markdown`, or an unknown type. */
export const planUpdate = z.looseObject({
  plan: z.looseObject({
    type: z.string(),
    // The schema names it `planId`; an earlier doc example used `id`.
    planId: opt(z.string()),
    id: opt(z.string()),
    entries: lenientArray(planEntry),
    uri: opt(z.string()),
    content: opt(z.string()),
  }),
});
export const planRemoved = z.looseObject({ planId: z.string() });

export const availableCommandsUpdate = z.looseObject({ availableCommands: availableCommandList });
/** The docs page once showed `modeId`; the schema says `currentModeId`. Accept both. */
export const currentModeUpdate = z.looseObject({ currentModeId: opt(z.string()), modeId: opt(z.string()) });
export const configOptionUpdate = z.looseObject({ configOptions: configOptionList });
export const sessionInfoUpdate = z.looseObject({
  title: z.string().nullable().optional().catch(undefined),
  updatedAt: z.string().nullable().optional().catch(undefined),
});
export const usageUpdate = z.looseObject({
  used: z.number(),
  size: z.number(),
  cost: opt(z.looseObject({ amount: z.number(), currency: z.string() })),
});
export const notice = z.looseObject({ severity: z.string().catch('info'), title: z.string(), description: opt(z.string()) });

/** Upsert by id; `summary` and `error` are patches (omitted keeps, null clears). */
export const compactionUpdate = z.looseObject({
  compactionId: z.string(),
  status: z.string(),
  summary: lenientArray(contentBlock),
  error: opt(z.string()),
});
export const compactionSummaryChunk = z.looseObject({ compactionId: z.string(), content: contentBlock });

const terminalExitStatus = z.looseObject({ exitCode: opt(z.number().int()), signal: opt(z.string()) });

/** v2 agent-owned display terminals: patch fields (omitted keeps, null clears). */
export const terminalUpdate = z.looseObject({
  terminalId: z.string(),
  command: opt(z.string()),
  cwd: opt(z.string()),
  output: opt(z.looseObject({ data: z.string() })),
  exitStatus: opt(terminalExitStatus),
  /** Read with `cancelCapability` (schemas/toolCall.ts). */
  capabilities: z.unknown().optional(),
});
export const terminalOutputChunk = z.looseObject({ terminalId: z.string(), data: z.string() });

const errorObject = z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() });

/** v2 `state_update`: `stopReason` and `error` only on idle. */
export const stateUpdate = z.looseObject({
  state: z.string(),
  stopReason: opt(z.string()),
  error: opt(errorObject),
  background: z.unknown().optional(),
});
/** Seed-004 RFD draft `state_change`: same idea, snake_case `stop_reason`, optional `usage`. */
export const stateChange = z.looseObject({
  state: z.string(),
  stop_reason: opt(z.string()),
  stopReason: opt(z.string()),
  usage: z.unknown().optional(),
});

/** Every kind we know, by `sessionUpdate` value. Tool calls check the draft shape first (normalize.ts). */
export const sessionUpdateSchemas = {
  user_message_chunk: contentChunk,
  agent_message_chunk: contentChunk,
  agent_thought_chunk: contentChunk,
  user_message: messageUpsert,
  agent_message: messageUpsert,
  agent_thought: messageUpsert,
  tool_call: toolCall,
  tool_call_update: toolCallUpdate,
  tool_call_content_chunk: toolCallContentChunk,
  plan: planV1,
  plan_update: planUpdate,
  plan_removed: planRemoved,
  available_commands_update: availableCommandsUpdate,
  current_mode_update: currentModeUpdate,
  config_option_update: configOptionUpdate,
  session_info_update: sessionInfoUpdate,
  usage_update: usageUpdate,
  notice,
  compaction_update: compactionUpdate,
  compaction_summary_chunk: compactionSummaryChunk,
  terminal_update: terminalUpdate,
  terminal_output_chunk: terminalOutputChunk,
  state_update: stateUpdate,
  state_change: stateChange,
  subagent_update: subagentUpdate,
  session_message: sessionMessage,
  session_message_chunk: sessionMessageChunk,
} as const;

export type KnownSessionUpdateKind = keyof typeof sessionUpdateSchemas;
