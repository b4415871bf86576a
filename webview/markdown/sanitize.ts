/**
 * The one sanitiser for HTML built from agent text (markdown-it output, highlight.js output).
 * markdown-it never passes raw HTML through (html: false) and highlight.js escapes what it is
 * given, but agent text is untrusted and a renderer bug must not become XSS.
 */
import DOMPurify from 'dompurify';

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'a', 'p', 'br', 'hr', 'em', 'strong', 's', 'del', 'code', 'pre', 'blockquote', 'span', 'div',
    'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img',
  ],
  // No `style`: the CSP forbids inline styles, and markdown-it's table alignment is not worth a hole.
  ALLOWED_ATTR: ['href', 'title', 'class', 'start', 'alt', 'src'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

// Parsed once: passing the config on every call re-parses it, which shows up when streaming.
DOMPurify.setConfig({ ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });

export function sanitizeToFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html) as unknown as DocumentFragment;
}
