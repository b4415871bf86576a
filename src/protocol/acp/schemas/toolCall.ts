/**
 * Tool calls on the wire: v1 `tool_call` / `tool_call_update`, v2 `tool_call_update` (upsert)
 * and `tool_call_content_chunk`, and their content items.
 *
 * Enumerations (kind, status) are read as plain strings here; the normaliser maps them onto
 * the closed internal sets, because v2 opened them and unknown values must not fail a message.
 */
import { z } from 'zod';
import type { FileChange, ToolCallContent } from '../../events.js';
import { contentBlock } from './content.js';
import { lenientArray, lenientArrayRequired, opt } from './tolerant.js';

const contentItem = z.looseObject({ type: z.literal('content'), content: contentBlock });

const diffV1 = z.looseObject({
  type: z.literal('diff'),
  path: z.string(),
  oldText: opt(z.string()),
  newText: z.string(),
});

const diffChange = z.looseObject({
  operation: z.string(),
  path: z.string(),
  oldPath: opt(z.string()),
  fileType: opt(z.string()),
  mimeType: opt(z.string()),
});

/** v2 "diff file states": a list of file operations plus an optional patch. */
const diffV2 = z.looseObject({
  type: z.literal('diff'),
  changes: lenientArrayRequired(diffChange),
  patch: opt(z.looseObject({ format: z.string(), text: z.string() })),
});

const terminalItem = z.looseObject({ type: z.literal('terminal'), terminalId: z.string() });

/** Only the fields the thread uses; move/copy keep their old path. */
function fileChanges(d: z.output<typeof diffV2>): ToolCallContent {
  const changes: FileChange[] = d.changes.map((c) => {
    const change: FileChange = { operation: c.operation, path: c.path };
    if (c.oldPath) change.oldPath = c.oldPath;
    if (c.fileType) change.fileType = c.fileType;
    if (c.mimeType) change.mimeType = c.mimeType;
    return change;
  });
  return d.patch ? { type: 'file_changes', changes, patch: { format: d.patch.format, text: d.patch.text } } : { type: 'file_changes', changes };
}

export const toolCallContent = z.union([
  contentItem.transform((c): ToolCallContent => ({ type: 'content', content: c.content })),
  diffV1.transform(
    (d): ToolCallContent => ({ type: 'diff', path: d.path, oldText: d.oldText ?? null, newText: d.newText }),
  ),
  diffV2.transform(fileChanges),
  terminalItem.transform((t): ToolCallContent => ({ type: 'terminal', terminalId: t.terminalId })),
]);

export const toolCallLocation = z.looseObject({ path: z.string(), line: opt(z.number().int().min(0)) });

/** Fields shared by `tool_call` and `tool_call_update`; in an update all are optional patches. */
const toolCallFields = {
  toolCallId: z.string(),
  title: opt(z.string()),
  name: opt(z.string()),
  kind: opt(z.string()),
  status: opt(z.string()),
  content: lenientArray(toolCallContent),
  locations: lenientArray(toolCallLocation),
  rawInput: z.unknown().optional(),
  rawOutput: z.unknown().optional(),
  capabilities: z.unknown().optional(),
  _meta: z.unknown().optional(),
};

/**
 * v2 `capabilities` of a tool call or terminal → may the client cancel it now. The object
 * replaces the previous one whole; `null` clears it, and a malformed value means no controls
 * (so the client never sends a request the agent did not advertise). Undefined: unchanged.
 */
export function cancelCapability(capabilities: unknown): boolean | undefined {
  if (capabilities === undefined) return undefined;
  if (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities)) return false;
  const cancel = (capabilities as { cancel?: unknown }).cancel;
  return cancel !== null && typeof cancel === 'object' && !Array.isArray(cancel);
}

/** v1 `tool_call` (title is required by the spec; a missing one is tolerated and filled in). */
export const toolCall = z.looseObject(toolCallFields);
/** v1/v2 `tool_call_update`, also the `toolCall` of a permission request. */
export const toolCallUpdate = z.looseObject(toolCallFields);

export const toolCallContentChunk = z.looseObject({ toolCallId: z.string(), content: toolCallContent });
