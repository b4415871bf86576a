/** Non-text content blocks (images, audio, resources) as inert DOM. */
import type { ContentBlock } from '../../src/protocol/events.js';
import { h, icon } from '../dom.js';
import { basename, imageDataUri, safeHref } from '../links.js';

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
      if (!src) return h('span', { class: 'content-note', text: `[image not shown: ${b.mimeType}]` });
      return h('img', { class: 'content-image', attrs: { src, alt: 'Image from the conversation' } });
    }
    case 'audio':
      return h('span', { class: 'content-note' }, [icon('unmute'), ` Audio clip (${b.mimeType})`]);
    case 'resource_link':
      return linkChip(b.uri, b.title || b.name || basename(b.uri), b.description ?? undefined);
    case 'resource': {
      const r = b.resource;
      const label = basename(r.uri);
      const body = 'text' in r ? h('pre', { class: 'resource-text', text: r.text }) : h('span', { class: 'content-note', text: `Binary content${r.mimeType ? ` (${r.mimeType})` : ''}` });
      return h('details', { class: 'resource' }, [h('summary', {}, [icon('file'), ' ', label]), body]);
    }
    default:
      return h('span', { class: 'content-note', text: `[${(b as { type: string }).type} content]` });
  }
}

/** A link chip; unsafe URIs show as plain text rather than becoming clickable. */
export function linkChip(uri: string, label: string, description?: string): HTMLElement {
  const href = safeHref(uri);
  const children = [icon('file'), h('span', { text: label })];
  if (!href) return h('span', { class: 'link-chip', title: uri }, children);
  return h('a', { class: 'link-chip md-link', title: description ? `${uri}\n${description}` : uri, attrs: { href } }, children);
}
