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
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${chatCsp(o.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${o.asset('codicons', 'codicon.css')}">
<link rel="stylesheet" nonce="${nonce}" href="${o.asset('webview.css')}">
<title>Agent Chat</title>
${o.extraHead ?? ''}</head>
<body${o.bodyClass ? ` class="${o.bodyClass}"` : ''}>
<div id="root"></div>
<script nonce="${nonce}" src="${o.asset(o.script ?? 'webview.js')}"></script>
</body>
</html>`;
}
