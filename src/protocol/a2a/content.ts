/**
 * A2A parts → the content blocks agent messages are made of. Text stays Markdown (the webview
 * sanitizes agent Markdown as it does for ACP); data parts become a fenced JSON block; files
 * become links the user may open or save, never fetched or opened here.
 */
import type { ContentBlock } from '../events.js';
import type { A2aPart } from './update.js';

export function partToBlock(part: A2aPart): ContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'data':
      return { type: 'text', text: `\n\`\`\`json\n${safeJson(part.data)}\n\`\`\`\n` };
    case 'file':
      if (part.uri !== undefined) {
        const link: ContentBlock = { type: 'resource_link', uri: part.uri, name: part.name ?? part.uri };
        if (part.mediaType) link.mimeType = part.mediaType;
        return link;
      }
      // Inline bytes are not written anywhere by us: the user sees what was sent and its size.
      return { type: 'text', text: `\n_(file ${part.name ?? 'without a name'}${part.mediaType ? `, ${part.mediaType}` : ''}, ${Math.floor(((part.bytes ?? '').length * 3) / 4)} bytes inline — not shown)_\n` };
    case 'unknown':
      return { type: 'text', text: '\n_(a part of a kind this client does not know was left out)_\n' };
  }
}

/** The characters a block adds to an artifact, for the size cap. */
export function blockSize(block: ContentBlock): number {
  if (block.type === 'text') return block.text.length;
  if (block.type === 'resource_link') return block.uri.length;
  return 0;
}

function safeJson(data: unknown): string {
  try {
    return (JSON.stringify(data, null, 2) ?? 'null').replace(/```/g, '`\u200b``');
  } catch {
    return '"(not serialisable)"';
  }
}
