/**
 * The chat page: a strict CSP with a fresh nonce per load, every asset through `asWebviewUri`.
 * Images may be inline data (pasted screenshots, agent images); nothing is fetched from the web.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

export function renderChatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce = newNonce()): string {
  const asset = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', ...parts)).toString();
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${asset('codicons', 'codicon.css')}">
<link rel="stylesheet" nonce="${nonce}" href="${asset('webview.css')}">
<title>Agent Chat</title>
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}" src="${asset('webview.js')}"></script>
</body>
</html>`;
}
