/**
 * Params of the requests an agent sends to us (the client): fs, terminals, permissions.
 *
 * Required fields are strict (a bad one is answered with -32602 by the caller); optional
 * fields are lenient, as everywhere on input.
 */
import { z } from 'zod';
import { lenientArray, lenientArrayRequired, opt } from './tolerant.js';

const sessionId = z.string();
const uint = z.number().int().min(0);

export const readTextFileParams = z.looseObject({
  sessionId,
  path: z.string(),
  line: opt(uint),
  limit: opt(uint),
});

export const writeTextFileParams = z.looseObject({ sessionId, path: z.string(), content: z.string() });

const envVariable = z.looseObject({ name: z.string(), value: z.string() });

export const createTerminalParams = z.looseObject({
  sessionId,
  command: z.string(),
  args: lenientArray(z.string()),
  env: lenientArray(envVariable),
  cwd: opt(z.string()),
  outputByteLimit: opt(uint),
});

/** `terminal/output`, `terminal/wait_for_exit`, `terminal/kill`, `terminal/release`. */
export const terminalIdParams = z.looseObject({ sessionId, terminalId: z.string() });

export const permissionOption = z.looseObject({ optionId: z.string(), name: z.string(), kind: z.string() });
const options = lenientArrayRequired(permissionOption);

/** v1: the tool call being asked about travels as a ToolCallUpdate (parsed by the normaliser). */
export const requestPermissionV1 = z.looseObject({ sessionId, toolCall: z.unknown(), options });

const toolCallSubject = z.looseObject({ type: z.literal('tool_call'), toolCall: z.unknown() });
const commandSubject = z.looseObject({
  type: z.literal('command'),
  command: z.string(),
  cwd: z.string(),
  toolCallId: opt(z.string()),
  terminalId: opt(z.string()),
});

/** v2: a title of its own and an optional typed subject (tool call, command, or extension). */
export const requestPermissionV2 = z.looseObject({
  sessionId,
  title: z.string(),
  description: opt(z.string()),
  subject: z
    .union([toolCallSubject, commandSubject, z.looseObject({ type: z.string() })])
    .nullish()
    .catch(undefined),
  options,
});
