/**
 * Prompts may only contain block types the agent accepts (`promptCapabilities`); `text` and
 * `resource_link` are always allowed. Rather than failing the turn, we degrade: an embedded
 * resource becomes a link to the same URI (the agent can still read it), and media the agent
 * cannot take is dropped.
 */
import type { ContentBlock } from '../../../protocol/events.js';
import type { PromptCapabilities } from '../connection/capabilities.js';

export function filterPromptBlocks(blocks: readonly ContentBlock[], caps: PromptCapabilities): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
      case 'resource_link':
        out.push(block);
        break;
      case 'image':
        if (caps.image) out.push(block);
        break;
      case 'audio':
        if (caps.audio) out.push(block);
        break;
      case 'resource':
        out.push(caps.embeddedContext ? block : resourceToLink(block));
        break;
      default:
        // A block type this client does not know: not something the agent advertised either.
        assertNever(block);
    }
  }
  return out;
}

function resourceToLink(block: Extract<ContentBlock, { type: 'resource' }>): ContentBlock {
  const { uri, mimeType } = block.resource;
  return {
    type: 'resource_link',
    uri,
    name: nameOf(uri),
    ...(mimeType ? { mimeType } : {}),
  };
}

function nameOf(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}

function assertNever(block: never): void {
  void block;
}
