/**
 * Reads highlight.js output without an HTML parser. highlight.js emits only escaped text and
 * `<span class="…">…</span>`; the caller builds exactly that with createElement and text nodes,
 * so nothing in it can become markup, and it costs a fraction of parsing and sanitising the same
 * HTML. Output of any other shape gives null (the caller shows the text plain).
 */

export type Token = { open: string } | { close: true } | { text: string };

const TOKEN = /<span class="([\w -]+)">|<\/span>|[^<]+/gy;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const ENTITY = /&[#\w]+;/g;

export function highlightTokens(html: string): Token[] | null {
  const tokens: Token[] = [];
  let depth = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(html);
    if (!m || m.index !== at) return null;
    if (m[1] !== undefined) {
      tokens.push({ open: m[1] });
      depth++;
    } else if (m[0] === '</span>') {
      if (depth-- === 0) return null;
      tokens.push({ close: true });
    } else {
      let unknown = false;
      const text = m[0].replace(ENTITY, (e) => ENTITIES[e] ?? ((unknown = true), e));
      if (unknown) return null;
      tokens.push({ text });
    }
  }
  return depth === 0 ? tokens : null;
}
