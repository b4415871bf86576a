/**
 * Which links from agent content the extension opens (no `vscode` import, unit-tested under node).
 *
 * Agent Markdown is untrusted: a `command:` or `vscode:` link would run editor commands, and
 * `javascript:`/`data:` have no business leaving the webview. Only web/mail links go to the
 * system browser, and `file:` links only when they point inside a workspace folder.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contains } from '../../services/confine.js';

export type LinkDecision =
  | { action: 'external'; url: string }
  | { action: 'file'; path: string; line?: number }
  | { action: 'refuse'; reason: string };

export function decideLink(href: string, roots: readonly string[]): LinkDecision {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return { action: 'refuse', reason: 'not an absolute URL' };
  }
  switch (url.protocol) {
    case 'http:':
    case 'https:':
    case 'mailto:':
      return { action: 'external', url: url.href };
    case 'file:': {
      let filePath: string;
      try {
        filePath = path.resolve(fileURLToPath(new URL(url.href.split('#')[0]!)));
      } catch {
        return { action: 'refuse', reason: 'malformed file URL' };
      }
      if (!roots.some((root) => contains(root, filePath))) {
        return { action: 'refuse', reason: 'file is outside the workspace folders' };
      }
      const line = /^#L?(\d+)/.exec(url.hash)?.[1];
      return line ? { action: 'file', path: filePath, line: Number(line) } : { action: 'file', path: filePath };
    }
    default:
      return { action: 'refuse', reason: `scheme ${url.protocol} is not allowed` };
  }
}
