/**
 * Content blocks (MCP-compatible) as they arrive, in every dialect we accept.
 *
 * Output is the internal `ContentBlock` of events.ts: the early draft's `embedded_resource
 * {resource:{uri,mimeType,content}}` becomes a v1 `resource` block with `text`, so nothing
 * downstream ever sees the draft shape.
 */
import { z } from 'zod';
import type { ContentBlock } from '../../events.js';
import { opt } from './tolerant.js';

const annotations = z.unknown().optional();

const text = z.looseObject({ type: z.literal('text'), text: z.string(), annotations });
const image = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  uri: opt(z.string()),
  annotations,
});
const audio = z.looseObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string(), annotations });
const resourceLink = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  mimeType: opt(z.string()),
  title: opt(z.string()),
  description: opt(z.string()),
  size: opt(z.number()),
  annotations,
});
const textResource = z.looseObject({ uri: z.string(), text: z.string(), mimeType: opt(z.string()) });
const blobResource = z.looseObject({ uri: z.string(), blob: z.string(), mimeType: opt(z.string()) });
const resource = z.looseObject({
  type: z.literal('resource'),
  resource: z.union([textResource, blobResource]),
  annotations,
});

/** The five v1/v2 block types. */
export const standardContentBlock = z.discriminatedUnion('type', [text, image, audio, resourceLink, resource]);

/** Early draft (seed 000): `content` instead of `text`, its own type name. */
export const draftEmbeddedResource = z.looseObject({
  type: z.literal('embedded_resource'),
  resource: z.looseObject({ uri: z.string(), mimeType: opt(z.string()), content: z.string() }),
});

export const contentBlock = z.union([
  standardContentBlock,
  draftEmbeddedResource.transform(({ resource: r, type: _type, ...rest }): ContentBlock => {
    const { content, ...resourceRest } = r;
    return { ...rest, type: 'resource', resource: { ...resourceRest, text: content } };
  }),
]) as unknown as z.ZodType<ContentBlock>;
