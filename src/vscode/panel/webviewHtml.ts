/**
 * The chat page for a VS Code webview: a fresh nonce per load, every asset through
 * `asWebviewUri`. The page and its CSP are built in chatPage.ts (vscode-free, so the webview
 * tests run under the very same policy).
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { chatPageHtml } from './chatPage.js';

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

export function renderChatHtml(webview: vscode.Webview, extensionUri: vscode.Uri, nonce = newNonce()): string {
  return chatPageHtml({
    cspSource: webview.cspSource,
    nonce,
    // The host's bundle for the editor's language also holds the webview's strings; in English
    // there is none and the page shows its own text.
    language: vscode.env.language,
    l10n: vscode.l10n.bundle,
    asset: (...parts) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', ...parts)).toString(),
  });
}
