/**
 * The workspace's files for @-mention completion: filled once with VS Code's file search (the
 * user's `files.exclude` and `search.exclude` apply), kept current by a file watcher, searched
 * in memory (`mentions/pathIndex.ts`) so a keystroke never waits for a file search.
 */
import * as vscode from 'vscode';
import { PathIndex } from '../../mentions/pathIndex.js';
import type { PathHit } from '../../mentions/pathIndex.js';

/** More files than this are not indexed (the first ones VS Code's search returns are kept). */
const MAX_FILES = 200_000;

export class WorkspaceFileIndex implements vscode.Disposable {
  private readonly index = new PathIndex(process.platform === 'win32' ? '\\' : '/');
  private building: Promise<void> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => void this.added(uri)),
      watcher.onDidDelete((uri) => this.index.remove(uri.fsPath)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.rebuild()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) this.rebuild();
      }),
    );
  }

  /** Builds the index on first use; later calls wait for the same build. */
  ready(): Promise<void> {
    return (this.building ??= this.build());
  }

  async search(query: string, limit: number, token: vscode.CancellationToken): Promise<PathHit[]> {
    await this.ready();
    if (token.isCancellationRequested) return [];
    return this.index.search(query, limit, () => token.isCancellationRequested);
  }

  async filesUnder(folder: string, max: number): Promise<{ labels: string[]; more: boolean }> {
    await this.ready();
    return this.index.filesUnder(folder, max);
  }

  private rebuild(): void {
    this.building = undefined;
    this.index.clear();
  }

  private async build(): Promise<void> {
    const uris = await vscode.workspace.findFiles('**/*', excludeGlob(), MAX_FILES);
    for (const uri of uris) this.addUri(uri);
  }

  private async added(uri: vscode.Uri): Promise<void> {
    if (!this.building) return;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.File) this.addUri(uri);
    } catch {
      // Gone again before we looked.
    }
  }

  private addUri(uri: vscode.Uri): void {
    if (uri.scheme !== 'file') return;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return;
    const rel = vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/');
    if (!rel || rel.startsWith('..') || rel.startsWith('/')) return;
    this.index.addFile(uri.fsPath, rel);
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}

/** `search.exclude` as one glob for findFiles (`files.exclude` applies by itself). */
function excludeGlob(): string | undefined {
  const globs = Object.entries(vscode.workspace.getConfiguration('search').get<Record<string, unknown>>('exclude') ?? {})
    .filter(([, on]) => on === true)
    .map(([glob]) => glob);
  return globs.length ? `{${globs.join(',')}}` : undefined;
}
