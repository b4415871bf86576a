/**
 * The chat page's HTML and Content Security Policy, free of `vscode` so the webview tests load
 * the bundle under exactly what the extension emits (webviewHtml.ts fills in the webview's
 * URIs): loosening the policy here loosens it in the tests, and the XSS suite notices.
 *
 * The policy: nothing by default; scripts only with this load's nonce (no inline handlers, no
 * eval); styles from the extension or nonce'd; fonts from the extension; images from the
 * extension or inline data (pasted screenshots, agent images). Nothing is fetched from the web.
 */

export interface ChatPageOptions {
  /** The webview's `cspSource`: where the extension's own files are served from. */
  cspSource: string;
  /** Fresh per load. */
  nonce: string;
  /** URL of a file under `dist/`. */
  asset(...parts: string[]): string;
  /** Test harness only: markup placed before the bundle runs (must carry the nonce to run). */
  extraHead?: string;
  /** Test harness only: the class VS Code puts on `<body>` for the theme. */
  bodyClass?: string;
  /** Test harness only: another bundle entry instead of `webview.js`. */
  script?: string;
  /** The editor's language (`<html lang>`, so screen readers pronounce the labels right); English when absent. */
  language?: string;
  /** The webview's strings in that language, keyed by their English text (webview/l10n.ts reads them). */
  l10n?: Record<string, string>;
}

/** Must match `L10N_ELEMENT_ID` in webview/l10n.ts (the webview cannot import this file). */
const L10N_ELEMENT_ID = 'agent-chat-l10n';

/**
 * The bundle as a JSON data block: never executed (so the policy has nothing to allow), and `<`
 * escaped so no translated string can close the element and start markup of its own.
 */
function l10nBlock(nonce: string, strings: Record<string, string> | undefined): string {
  if (!strings || Object.keys(strings).length === 0) return '';
  const json = JSON.stringify(strings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${L10N_ELEMENT_ID}" nonce="${nonce}">${json}</script>\n`;
}

/** A BCP 47 tag such as `de` or `zh-tw`; anything else is dropped rather than written into the page. */
function langTag(language: string | undefined): string {
  return language && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : 'en';
}

export function chatCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function chatPageHtml(o: ChatPageOptions): string {
  const { nonce } = o;
  return `<!DOCTYPE html>
<html lang="${langTag(o.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${chatCsp(o.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${o.asset('codicons', 'codicon.css')}">
<link rel="stylesheet" nonce="${nonce}" href="${o.asset('webview.css')}">
<title>Agent Chat</title>
${l10nBlock(nonce, o.l10n)}${o.extraHead ?? ''}</head>
<body${o.bodyClass ? ` class="${o.bodyClass}"` : ''}>
<div id="root"></div>
<script nonce="${nonce}" src="${o.asset(o.script ?? 'webview.js')}"></script>
</body>
</html>`;
}
