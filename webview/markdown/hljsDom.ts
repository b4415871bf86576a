/**
 * highlight.js output → DOM without an HTML parser. highlight.js emits only escaped text and
 * `<span class="…">…</span>`; this builds exactly that with createElement and text nodes, so
 * nothing in it can become markup, and it costs a fraction of parsing and sanitising the same
 * HTML (which was most of the time of highlighting a long block). Anything else in the output
 * goes through the sanitiser instead.
 */
import { sanitizeToFragment } from './sanitize.js';

const TOKEN = /<span class="([\w -]+)">|<\/span>|[^<]+/gy;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const ENTITY = /&[#\w]+;/g;

export function highlightedFragment(html: string): DocumentFragment {
  return build(html) ?? sanitizeToFragment(html);
}

function build(html: string): DocumentFragment | null {
  const root = document.createDocumentFragment();
  const stack: Array<DocumentFragment | HTMLElement> = [root];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(html);
    if (!m || m.index !== at) return null;
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) {
      const span = document.createElement('span');
      span.className = m[1];
      top.append(span);
      stack.push(span);
    } else if (m[0] === '</span>') {
      if (stack.length === 1) return null;
      stack.pop();
    } else {
      let unknown = false;
      const text = m[0].replace(ENTITY, (e) => ENTITIES[e] ?? ((unknown = true), e));
      if (unknown) return null;
      top.append(text);
    }
  }
  return stack.length === 1 ? root : null;
}
