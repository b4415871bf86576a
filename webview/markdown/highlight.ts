/**
 * Syntax highlighting with highlight.js core and the languages agents mostly print: the full
 * common bundle would double the webview's size for languages seldom seen in a coding chat.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);

/**
 * Beyond this, a block stays plain text: highlight.js runs at a few µs per character, and a
 * block's spans cost layout too; plain text is better than a panel that keeps working for seconds.
 */
export const MAX_HIGHLIGHT_CHARS = 20_000;

/**
 * Up to this, a block is highlighted as it is rendered (a few ms at most). A longer one is
 * rendered as plain text first and highlighted part by part in idle time (idleHighlight.ts), so
 * a closing fence never costs one long task.
 */
export const SYNC_HIGHLIGHT_CHARS = 2_000;

/** Whether `code` in `language` gets highlighted at all. */
export function highlightable(code: string, language: string): boolean {
  return !!language && code.length <= MAX_HIGHLIGHT_CHARS && !!hljs.getLanguage(language);
}

/** Whether `code` stays plain only because it is too long (its language is one we colour): the block says so. */
export function tooLongToHighlight(length: number, language: string): boolean {
  return length > MAX_HIGHLIGHT_CHARS && !!language && !!hljs.getLanguage(language);
}

/** Returns HTML: highlight.js output (escaped, spans with classes only) or the escaped code. */
export function highlightCode(code: string, language: string): string {
  if (highlightable(code, language)) {
    try {
      return hljs.highlight(code, { language, ignoreIllegals: true }).value;
    } catch {
      // fall through to plain text
    }
  }
  return escapeHtml(code);
}

/**
 * Highlights one piece of a longer block on its own. `closed` tells whether the piece ended
 * outside any multi-line construct (comment, string…): only then may the next piece start
 * afresh and give the same result as highlighting the block whole; otherwise the caller
 * highlights this piece again together with the next one. A failure gives escaped text, closed.
 */
export function highlightPiece(code: string, language: string): { html: string; closed: boolean } {
  try {
    const result = hljs.highlight(code, { language, ignoreIllegals: true }) as { value: string; _top?: { parent?: unknown } };
    // The mode highlight.js stopped in: the language's own top mode has no parent. Not public
    // API; when it is missing the piece counts as open, which only makes pieces merge.
    return { html: result.value, closed: !!result._top && !result._top.parent };
  } catch {
    return { html: escapeHtml(code), closed: true };
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
