/**
 * Turns what the user composed into ACP prompt blocks (no `vscode` import, unit-tested).
 *
 * `text` and `resource_link` are always allowed; an attachment's text is embedded as a
 * `resource` only when the agent declared `embeddedContext`, images only with `image`.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '../../protocol/events.js';
import type { Attachment, ComposerCapabilities } from '../../shared/webviewProtocol.js';

/** Reads a file's text (unsaved editor text wins); throws when it cannot. */
export type ReadText = (absPath: string) => Promise<string>;

export interface ComposedPrompt {
  text: string;
  attachments: readonly Attachment[];
  images: ReadonlyArray<{ mimeType: string; data: string }>;
}

export interface BuiltPrompt {
  blocks: ContentBlock[];
  /** What was left out and why (shown to the user as a notice). */
  dropped: string[];
}

export async function buildPromptBlocks(
  prompt: ComposedPrompt,
  caps: ComposerCapabilities,
  readText: ReadText,
): Promise<BuiltPrompt> {
  const blocks: ContentBlock[] = [];
  const dropped: string[] = [];
  if (prompt.text.trim() !== '') blocks.push({ type: 'text', text: prompt.text });

  for (const attachment of prompt.attachments) {
    const uri = attachmentUri(attachment);
    if (!caps.embeddedContext) {
      blocks.push({ type: 'resource_link', uri, name: attachment.name });
      continue;
    }
    let text: string;
    try {
      text = sliceRange(await readText(fileURLToPath(attachment.uri)), attachment.range);
    } catch (error) {
      // Still tell the agent about the file; it may read it itself.
      dropped.push(`${attachment.name}: ${error instanceof Error ? error.message : String(error)}`);
      blocks.push({ type: 'resource_link', uri, name: attachment.name });
      continue;
    }
    blocks.push({ type: 'resource', resource: { uri, text, mimeType: mimeFor(attachment.name) } });
  }

  for (const image of prompt.images) {
    if (caps.image) blocks.push({ type: 'image', data: image.data, mimeType: image.mimeType });
    else dropped.push(`an image (${image.mimeType}): this agent does not accept images`);
  }
  return { blocks, dropped };
}

/** The attachment's URI, with a `#L<start>-L<end>` fragment for a selection. */
export function attachmentUri(attachment: Attachment): string {
  const base = attachment.uri.split('#')[0]!;
  return attachment.range ? `${base}#L${attachment.range.startLine}-L${attachment.range.endLine}` : base;
}

/** 1-based inclusive line range. */
export function sliceRange(text: string, range: Attachment['range']): string {
  if (!range) return text;
  const lines = text.split('\n');
  return lines.slice(Math.max(0, range.startLine - 1), Math.max(0, range.endLine)).join('\n');
}

const MIME_BY_EXT: Record<string, string> = {
  '.ts': 'text/x-typescript',
  '.tsx': 'text/x-typescript',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.json': 'application/json',
  '.md': 'text/markdown',
  '.py': 'text/x-python',
  '.rs': 'text/x-rust',
  '.go': 'text/x-go',
  '.html': 'text/html',
  '.css': 'text/css',
};

function mimeFor(name: string): string {
  return MIME_BY_EXT[path.extname(name).toLowerCase()] ?? 'text/plain';
}
