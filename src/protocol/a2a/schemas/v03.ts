/**
 * A2A v0.3 wire shapes, as the seed document shows them: `kind`-tagged objects (`task`,
 * `status-update`, `artifact-update`, `message`), parts `{kind:"text"|"file"|"data"}`,
 * lower-case states (`input-required`), `final` on the last status update of a stream.
 */
import { z } from 'zod';
import { metadata, optBool, optString } from './common.js';

export const partV03 = z.looseObject({
  kind: z.string().optional().catch(undefined),
  text: z.string().optional().catch(undefined),
  file: z
    .looseObject({ uri: optString, bytes: optString, name: optString, mimeType: optString })
    .optional()
    .catch(undefined),
  data: z.unknown().optional(),
  metadata,
});

export const messageV03 = z.looseObject({
  kind: optString,
  messageId: optString,
  role: z.string().catch('agent'),
  parts: z.array(z.unknown()).catch([]),
  taskId: optString,
  contextId: optString,
});

export const statusV03 = z.looseObject({
  state: z.string(),
  message: z.unknown().optional(),
  timestamp: optString,
});

export const artifactV03 = z.looseObject({
  artifactId: optString,
  /** Older drafts (and the seed's streaming sample) number artifacts instead of naming them. */
  index: z.number().optional().catch(undefined),
  name: optString,
  parts: z.array(z.unknown()).catch([]),
});

export const taskV03 = z.looseObject({
  kind: optString,
  id: z.string(),
  contextId: optString,
  status: statusV03,
  artifacts: z.array(z.unknown()).nullish().catch(undefined),
});

export const statusUpdateV03 = z.looseObject({
  kind: z.literal('status-update'),
  taskId: z.string(),
  contextId: optString,
  status: statusV03,
  final: optBool,
});

export const artifactUpdateV03 = z.looseObject({
  kind: z.literal('artifact-update'),
  taskId: z.string(),
  contextId: optString,
  artifact: artifactV03,
  append: optBool,
  lastChunk: optBool,
});
