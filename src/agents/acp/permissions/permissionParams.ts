/**
 * Binds a parsed `session/request_permission` (v1 `{toolCall}` or v2 `{title, subject}`) to
 * the tool call card it is about. A v2 command subject without a tool call gets a card of
 * its own, titled with the command, so the question is never shown detached from context.
 */
import type { PermissionOption, ToolCallPatch } from '../../../protocol/events.js';
import { parseRequestPermission } from '../../../protocol/acp/parseClientRequests.js';

export interface PermissionRequestInfo {
  toolCallId: string;
  toolCall: ToolCallPatch;
  options: PermissionOption[];
  title?: string;
  /** v2: why the agent asks. */
  description?: string;
  /** v2 command subject: the command line and where it runs. */
  command?: { command: string; cwd: string };
}

export type PermissionParse = { ok: true; value: PermissionRequestInfo } | { ok: false; message: string };

export function readPermissionParams(params: unknown, fallbackToolCallId: string): PermissionParse {
  const parsed = parseRequestPermission(params);
  if (!parsed.ok) return { ok: false, message: `Invalid params: ${parsed.error}` };
  const req = parsed.value;
  const title = req.title;
  let toolCall: ToolCallPatch = req.toolCall ?? {};
  // A command subject naming its tool call leaves that card as it is.
  if (!req.toolCall && !req.toolCallId) {
    const label = title ?? 'Permission requested';
    toolCall = req.command
      ? { title: `${label}: ${req.command.command}`, kind: 'execute', status: 'pending' }
      : { title: label, kind: 'other', status: 'pending' };
  }
  return {
    ok: true,
    value: {
      toolCallId: req.toolCallId ?? fallbackToolCallId,
      toolCall,
      options: req.options,
      ...(title ? { title } : {}),
      ...(req.description ? { description: req.description } : {}),
      ...(req.command ? { command: { command: req.command.command, cwd: req.command.cwd } } : {}),
    },
  };
}
