/** Non-text content blocks (images, audio, resources) as inert DOM. */
import type { ContentBlock } from '../../src/protocol/events.js';
import { h, icon } from '../dom.js';
import { basename, imageDataUri, safeHref } from '../links.js';
import { t } from '../l10n.js';

type NonText = Exclude<ContentBlock, { type: 'text' }>;

/** Identity of a block for reuse across updates, without comparing megabytes of base64. */
export function blockKey(b: NonText): string {
  switch (b.type) {
    case 'image':
      return `image:${b.mimeType}:${b.data.length}:${b.data.slice(0, 32)}`;
    case 'audio':
      return `audio:${b.mimeType}:${b.data.length}`;
    case 'resource_link':
      return `link:${b.uri}:${b.name}:${b.title ?? ''}`;
    case 'resource':
      return `res:${b.resource.uri}:${'text' in b.resource ? b.resource.text.length : b.resource.blob.length}`;
    default:
      return `other:${(b as { type: string }).type}`;
  }
}

export function renderBlock(b: NonText): HTMLElement {
  switch (b.type) {
    case 'image': {
      const src = imageDataUri(b.mimeType, b.data);
      if (!src) return h('span', { class: 'content-note', text: t('[image not shown: {0}]', b.mimeType) });
      return h('img', { class: 'content-image', attrs: { src, alt: t('Image from the conversation') } });
    }
    case 'audio':
      return h('span', { class: 'content-note' }, [icon('unmute'), ` ${t('Audio clip ({0})', b.mimeType)}`]);
    case 'resource_link':
      return linkChip(b.uri, b.title || b.name || basename(b.uri), b.description ?? undefined);
    case 'resource': {
      const r = b.resource;
      const { label, icon: codicon } = resourceLabel(r.uri);
      const body = 'text' in r ? h('pre', { class: 'resource-text', text: r.text }) : h('span', { class: 'content-note', text: r.mimeType ? t('Binary content ({0})', r.mimeType) : t('Binary content') });
      return h('details', { class: 'resource' }, [h('summary', { title: r.uri }, [icon(codicon), ' ', h('span', { class: 'resource-label', text: label })]), body]);
    }
    default:
      return h('span', { class: 'content-note', text: t('[{0} content]', (b as { type: string }).type) });
  }
}

/** Names for the `agent-chat:` resources the composer's @-mentions send (src/mentions/resolve.ts). */
const OWN_RESOURCES = (): ReadonlyArray<[RegExp, string, string]> => [
  [/^agent-chat:\/problems\/all$/, t('Problems (all files)'), 'warning'],
  [/^agent-chat:\/terminal\/last-command$/, t('Last terminal command'), 'terminal'],
  [/^agent-chat:\/git\/staged$/, t('Git staged changes'), 'source-control'],
  [/^agent-chat:\/git\/unstaged$/, t('Git unstaged changes'), 'source-control'],
  [/^agent-chat:\/threads\//, t('Past conversation'), 'comment-discussion'],
];

/** What a resource is called in a message: a file name (with `:start-end` for lines), or what an own resource is. */
export function resourceLabel(uri: string): { label: string; icon: string } {
  for (const [pattern, label, codicon] of OWN_RESOURCES()) if (pattern.test(uri)) return { label, icon: codicon };
  const [base, fragment] = uri.split('#');
  const lines = /^L(\d+)-L(\d+)$/.exec(fragment ?? '');
  const name = basename(base!);
  return lines ? { label: `${name}:${lines[1]}-${lines[2]}`, icon: 'symbol-method' } : { label: name, icon: 'file' };
}

/** A link chip; unsafe URIs show as plain text rather than becoming clickable. */
export function linkChip(uri: string, label: string, description?: string): HTMLElement {
  const href = safeHref(uri);
  const children = [icon('file'), h('span', { text: label })];
  if (!href) return h('span', { class: 'link-chip', title: uri }, children);
  return h('a', { class: 'link-chip md-link', title: description ? `${uri}\n${description}` : uri, attrs: { href } }, children);
}
