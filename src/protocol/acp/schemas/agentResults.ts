/**
 * Results the agent returns to our requests: initialize (v1 and v2 shapes), session
 * creation/loading, config changes, and the prompt (v1 end-of-turn vs v2 accepted).
 */
import { z } from 'zod';
import { configOptionList, optionalAvailableCommands, sessionModeState } from './config.js';
import { boolFlag, lenientArray, opt, supportMarker } from './tolerant.js';

export const implementation = z.looseObject({ name: z.string(), title: opt(z.string()), version: z.string().catch('') });

const lenientObject = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).nullish().catch(undefined);

export const agentCapabilitiesV1 = lenientObject({
  loadSession: boolFlag,
  promptCapabilities: lenientObject({ image: boolFlag, audio: boolFlag, embeddedContext: boolFlag }),
  mcpCapabilities: lenientObject({ http: boolFlag, sse: boolFlag }),
  sessionCapabilities: lenientObject({
    list: supportMarker,
    resume: supportMarker,
    close: supportMarker,
    delete: supportMarker,
    fork: supportMarker,
    additionalDirectories: supportMarker,
  }),
  auth: lenientObject({ logout: supportMarker }),
});

const authMethodV1 = z.looseObject({
  type: opt(z.string()),
  id: z.string(),
  name: z.string(),
  description: opt(z.string()),
  args: lenientArray(z.string()),
  env: opt(z.record(z.string(), z.string())),
});

export const initializeResultV1 = z.looseObject({
  protocolVersion: z.number(),
  agentCapabilities: agentCapabilitiesV1,
  authMethods: lenientArray(authMethodV1),
  agentInfo: opt(implementation),
});

export const agentCapabilitiesV2 = lenientObject({
  session: lenientObject({
    prompt: lenientObject({ image: supportMarker, audio: supportMarker, embeddedContext: supportMarker }),
    mcp: lenientObject({ stdio: supportMarker, http: supportMarker }),
    delete: supportMarker,
    fork: supportMarker,
    additionalDirectories: supportMarker,
  }),
  auth: lenientObject({ logout: supportMarker }),
});

const authMethodV2 = z.looseObject({
  type: z.string(),
  methodId: z.string(),
  name: z.string(),
  description: opt(z.string()),
  args: lenientArray(z.string()),
  env: lenientArray(z.looseObject({ name: z.string(), value: z.string() })),
});

export const initializeResultV2 = z.looseObject({
  protocolVersion: z.number(),
  info: opt(implementation),
  capabilities: agentCapabilitiesV2,
  authMethods: lenientArray(authMethodV2),
});

const lenientConfigOptions = configOptionList.nullish().catch(undefined);
const lenientModes = sessionModeState.nullish().catch(undefined);

/** v1 and v2 `session/new` (v2 drops modes, may add available commands). */
export const newSessionResult = z.looseObject({
  sessionId: z.string(),
  modes: lenientModes,
  configOptions: lenientConfigOptions,
  availableCommands: optionalAvailableCommands,
});

/** `session/load` / `session/resume`: the docs example answers `null`, so the caller maps null to {}. */
export const loadSessionResult = z.looseObject({
  modes: lenientModes,
  configOptions: lenientConfigOptions,
  availableCommands: optionalAvailableCommands,
});

export const setConfigOptionResult = z.looseObject({ configOptions: configOptionList });

/** v1: the turn is over. v2: the prompt was accepted (`messageId`, or `{}` in the RFD draft). */
export const promptResult = z.looseObject({
  stopReason: opt(z.string()),
  messageId: opt(z.string()),
  usage: z.unknown().optional(),
});

const sessionInfo = z.looseObject({
  sessionId: z.string(),
  cwd: z.string(),
  additionalDirectories: lenientArray(z.string()),
  title: opt(z.string()),
  updatedAt: opt(z.string()),
});

/** `session/list`: bad entries are skipped; no `nextCursor` means the last page. */
export const listSessionsResult = z.looseObject({
  sessions: lenientArray(sessionInfo).transform((s) => s ?? []),
  nextCursor: opt(z.string()),
});
