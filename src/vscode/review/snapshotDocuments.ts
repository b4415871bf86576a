/**
 * Read-only documents with a file's content at a snapshot: the left side of the review's diff
 * editor. The URI carries the root, snapshot id and path, so it works after a reload too.
 */
import * as vscode from 'vscode';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';

export const SNAPSHOT_SCHEME = 'agent-chat-snapshot';

export function snapshotUri(root: string, id: string, path: string): vscode.Uri {
  return vscode.Uri.from({ scheme: SNAPSHOT_SCHEME, path: '/' + path, query: new URLSearchParams({ root, id }).toString() });
}

/**
 * Texts an agent reported (no snapshot holds them): the left side of a reported file's diff.
 * Kept in memory for this window only; the URI is made when the diff is opened.
 */
const reportedTexts = new Map<string, string>();

export function reportedUri(path: string, text: string): vscode.Uri {
  const key = String(reportedTexts.size + 1);
  reportedTexts.set(key, text);
  return vscode.Uri.from({ scheme: SNAPSHOT_SCHEME, path: '/' + path, query: new URLSearchParams({ reported: key }).toString() });
}

export class SnapshotDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(private readonly snapshots: Snapshotter) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SNAPSHOT_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    const reported = q.get('reported');
    if (reported !== null) return reportedTexts.get(reported) ?? '';
    const bytes = await this.snapshots.readFile(q.get('root') ?? '', q.get('id') ?? '', uri.path.slice(1));
    return bytes ? new TextDecoder().decode(bytes) : '';
  }

  dispose(): void {
    this.registration.dispose();
  }
}
