/**
 * Markdown → sanitised DOM. markdown-it never passes raw HTML through (html: false) and DOMPurify
 * cleans its output anyway, because agent text is untrusted and a renderer bug must not become XSS.
 */
import { SYNC_HIGHLIGHT_CHARS, escapeHtml, highlightCode, highlightable, tooLongToHighlight } from './highlight.js';
import { splitCode } from './codeParts.js';
import { PENDING_CLASS, queueHighlight } from './idleHighlight.js';
import { sanitizeToFragment } from './sanitize.js';
import { md, settledCheck } from './markdownIt.js';
import { h, actionButton } from '../dom.js';
import { t } from '../l10n.js';

let highlightEnabled = true;
md.set({
  highlight: (code: string, lang: string): string => {
    const language = lang.replace(/[^\w#+.-]/g, '').slice(0, 30);
    // A long block is highlighted later, in idle time (decorate queues it).
    const later = highlightEnabled && code.length > SYNC_HIGHLIGHT_CHARS && highlightable(code, language);
    const body = highlightEnabled && !later ? highlightCode(code, language) : escapeHtml(code);
    const cls = `hljs${language ? ` language-${language}` : ''}${later ? ` ${PENDING_CLASS}` : ''}`;
    return `<pre><code class="${cls}">${body}</code></pre>`;
  },
});

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

export interface RenderOptions {
  /** Off for the still-growing tail of a streamed message: highlight once the block is final. */
  highlight: boolean;
}

export function renderMarkdown(source: string, opts: RenderOptions = { highlight: true }): DocumentFragment {
  highlightEnabled = opts.highlight;
  let html: string;
  try {
    html = md.render(source);
  } finally {
    highlightEnabled = true;
  }
  const fragment = sanitizeToFragment(html);
  decorate(fragment);
  return fragment;
}

/**
 * Renders `source` when it is one paragraph: the paragraph's inline nodes, and whether text
 * appended after a space could still change them (an emphasis, code span or link left open).
 * Null when the text renders as anything but exactly one paragraph.
 */
export function renderParagraphPiece(source: string): { nodes: Node[]; settled: boolean } | null {
  const { result: fragment, settled } = settledCheck(() => renderMarkdown(source));
  const p = fragment.firstElementChild;
  if (!p || p.tagName !== 'P' || fragment.childElementCount !== 1) return null;
  return { nodes: Array.from(p.childNodes), settled };
}

/** The note a code block's toolbar shows when its language is known but it is too long to colour. */
export function tooLongNote(): HTMLElement {
  return h('span', { class: 'code-note', text: t('Too long to highlight') });
}

/** Post-sanitise touches: links get a tooltip, foreign images go, code blocks get their buttons, long code its parts. */
function decorate(root: DocumentFragment): void {
  for (const a of Array.from(root.querySelectorAll('a'))) {
    const href = a.getAttribute('href');
    if (!href) continue;
    a.title = href;
    a.classList.add('md-link');
  }
  // Only inline data: images are shown; a remote image would be a tracking pixel (and the CSP blocks it).
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (!DATA_IMAGE.test(src)) img.replaceWith(h('span', { class: 'img-dropped', text: img.alt ? `[${img.alt}]` : '[image]' }));
  }
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    if (!code) continue;
    const lang = /language-([\w#+.-]+)/.exec(code.className)?.[1] ?? '';
    splitCode(code);
    if (code.classList.contains(PENDING_CLASS)) queueHighlight(code, lang);
    const toolbar = h('div', { class: 'code-toolbar' }, [
      h('span', { class: 'code-lang', text: lang }),
      ...(tooLongToHighlight(code.textContent?.length ?? 0, lang) ? [tooLongNote()] : []),
      actionButton('copy-code', t('Copy'), { icon: 'copy', text: false, class: 'icon-btn' }),
      actionButton('insert-code', t('Insert at cursor'), { icon: 'insert', text: false, class: 'icon-btn' }),
    ]);
    const wrap = h('div', { class: 'code-block' });
    pre.replaceWith(wrap);
    wrap.append(toolbar, pre);
  }
}
