/**
 * Pending attachments as removable chips: files/selections the host attached, @-mentions the
 * user picked or dropped (icon by kind, full path in the tooltip), and images the user pasted
 * (kept as base64, ready for the `send` message).
 */
import type { Attachment } from '../../src/shared/webviewProtocol.js';
import { h, icon } from '../dom.js';
import { imageDataUri } from '../links.js';
import type { PastedImage } from '../viewState.js';
import { mentionIcon, mentionKindWord, mentionTooltip } from './mentionKinds.js';
import { t } from '../l10n.js';

export class AttachmentChips {
  readonly el = h('div', { class: 'chips', attrs: { role: 'list', 'aria-label': t('Attachments') } });
  attachments: Attachment[] = [];
  images: PastedImage[] = [];

  constructor(private readonly onChange: () => void) {
    this.el.addEventListener('click', (e) => {
      const btn = (e.target as Element).closest<HTMLElement>('button[data-remove]');
      if (!btn) return;
      const [kind, index] = btn.dataset.remove!.split(':');
      if (kind === 'file') this.attachments.splice(Number(index), 1);
      else this.images.splice(Number(index), 1);
      this.draw();
      this.onChange();
    });
  }

  set(attachments: Attachment[], images: PastedImage[]): void {
    this.attachments = attachments.slice();
    this.images = images.slice();
    this.draw();
  }

  add(a: Attachment): void {
    // An open editor and the same file are one thing to send.
    const kindOf = (x: Attachment) => (x.kind === 'editor' || x.kind === undefined ? 'file' : x.kind);
    const same = (b: Attachment) => b.uri === a.uri && kindOf(b) === kindOf(a) && b.range?.startLine === a.range?.startLine && b.range?.endLine === a.range?.endLine;
    if (!this.attachments.some(same)) this.attachments.push(a);
    this.draw();
    this.onChange();
  }

  addImage(img: PastedImage): void {
    this.images.push(img);
    this.draw();
    this.onChange();
  }

  clear(): void {
    this.attachments = [];
    this.images = [];
    this.draw();
    this.onChange();
  }

  private draw(): void {
    const files = this.attachments.map((a, i) => {
      // A selection shows its lines; a symbol its name (its lines are in the tooltip).
      const label = a.range && !a.kind ? `${a.name}:${a.range.startLine}-${a.range.endLine}` : a.name;
      return h('span', { class: 'chip', title: mentionTooltip(a), attrs: { role: 'listitem', 'aria-label': t('{0}: {1}', mentionKindWord(a), label) }, data: { kind: a.kind ?? 'file' } }, [
        icon(mentionIcon(a)),
        h('span', { class: 'chip-label', text: label }),
        h('button', { class: 'chip-remove', title: t('Remove {0}', label), attrs: { type: 'button', 'aria-label': t('Remove {0}', label) }, data: { remove: `file:${i}` } }, [icon('close')]),
      ]);
    });
    const images = this.images.map((img, i) => {
      const src = imageDataUri(img.mimeType, img.data);
      return h('span', { class: 'chip image-chip', attrs: { role: 'listitem' } }, [
        src ? h('img', { class: 'chip-thumb', attrs: { src, alt: t('Pasted image {0}', i + 1) } }) : icon('file-media'),
        h('span', { class: 'chip-label', text: t('Image {0}', i + 1) }),
        h('button', { class: 'chip-remove', title: t('Remove image {0}', i + 1), attrs: { type: 'button', 'aria-label': t('Remove image {0}', i + 1) }, data: { remove: `image:${i}` } }, [icon('close')]),
      ]);
    });
    this.el.replaceChildren(...files, ...images);
    this.el.hidden = files.length + images.length === 0;
  }
}

/** Reads image files from a paste as base64 (no data: prefix). */
export async function readPastedImages(data: DataTransfer | null): Promise<PastedImage[]> {
  if (!data) return [];
  const files = Array.from(data.items).filter((i) => i.kind === 'file' && i.type.startsWith('image/')).map((i) => i.getAsFile()).filter((f): f is File => !!f);
  return Promise.all(files.map((f) => new Promise<PastedImage>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ mimeType: f.type, data: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(f);
  })));
}
