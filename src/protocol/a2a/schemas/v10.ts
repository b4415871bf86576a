/**
 * A2A v1.0 wire shapes (what `@a2a-js/sdk` 1.x speaks, and what its `StreamResponse.toJSON`
 * gives): events wrapped as `{task}|{statusUpdate}|{artifactUpdate}|{message}`, states
 * `TASK_STATE_*`, roles `ROLE_*`, parts `{text|raw|url|data, mediaType, filename}`. Fields at
 * their default value are omitted on the wire (`append:false` never appears).
 */
import { z } from 'zod';
import { metadata, optBool, optString } from './common.js';

export const partV10 = z.looseObject({
  text: z.string().optional().catch(undefined),
  raw: optString,
  url: optString,
  data: z.unknown().optional(),
  mediaType: optString,
  filename: optString,
  metadata,
});

export const messageV10 = z.looseObject({
  messageId: optString,
  role: z.string().catch('ROLE_AGENT'),
  parts: z.array(z.unknown()).catch([]),
  taskId: optString,
  contextId: optString,
});

export const statusV10 = z.looseObject({
  state: z.string().catch('TASK_STATE_UNSPECIFIED'),
  message: z.unknown().optional(),
  timestamp: optString,
});

export const artifactV10 = z.looseObject({
  artifactId: optString,
  name: optString,
  parts: z.array(z.unknown()).catch([]),
});

export const taskV10 = z.looseObject({
  id: z.string(),
  contextId: optString,
  status: statusV10.optional().catch(undefined),
  artifacts: z.array(z.unknown()).nullish().catch(undefined),
});

export const statusUpdateV10 = z.looseObject({
  taskId: z.string(),
  contextId: optString,
  status: statusV10.optional().catch(undefined),
});

export const artifactUpdateV10 = z.looseObject({
  taskId: z.string(),
  contextId: optString,
  artifact: artifactV10,
  append: optBool,
  lastChunk: optBool,
});
