/**
 * Turns what the user composed into ACP prompt blocks (no `vscode` import, unit-tested).
 *
 * `text` and `resource_link` are always allowed; attachments and @-mentions go through
 * `mentions/resolve.ts` (embedded `resource` only when the agent declared `embeddedContext`,
 * size caps), images only with `image`.
 */
import type { ContentBlock } from '../../protocol/events.js';
import type { Attachment, ComposerCapabilities } from '../../shared/webviewProtocol.js';
import { resolveMentions } from '../../mentions/resolve.js';
import type { MentionSources } from '../../mentions/resolve.js';
import { t } from '../translate.js';

export { sliceRange } from '../../mentions/resolve.js';

/** Reads a file's text (unsaved editor text wins); throws when it cannot. */
export type ReadText = (absPath: string) => Promise<string>;

export interface ComposedPrompt {
  text: string;
  attachments: readonly Attachment[];
  images: ReadonlyArray<{ mimeType: string; data: string }>;
}

export interface BuiltPrompt {
  blocks: ContentBlock[];
  /** What was cut or left out and why (shown to the user as a notice). */
  dropped: string[];
}

export async function buildPromptBlocks(
  prompt: ComposedPrompt,
  caps: ComposerCapabilities,
  sources: MentionSources | ReadText,
): Promise<BuiltPrompt> {
  const blocks: ContentBlock[] = [];
  if (prompt.text.trim() !== '') blocks.push({ type: 'text', text: prompt.text });
  const resolved = await resolveMentions(prompt.attachments, caps, typeof sources === 'function' ? { readText: sources } : sources, undefined, t);
  blocks.push(...resolved.blocks);
  const dropped = resolved.notes;
  for (const image of prompt.images) {
    if (caps.image) blocks.push({ type: 'image', data: image.data, mimeType: image.mimeType });
    else dropped.push(t('an image ({0}): this agent does not accept images', image.mimeType));
  }
  return { blocks, dropped };
}
