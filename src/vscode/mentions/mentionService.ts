/**
 * Answers the composer's `@` completion and file drops. A query answers at once from what is in
 * memory (open editors, the file index, the fixed entries, past thread titles), then once more
 * with workspace symbols when the language servers answer; a newer query cancels the older.
 * A language server still starting answers with nothing (TypeScript's does while it loads the
 * project): the symbols are asked again a few times, so the list fills in once they are there.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TranscriptStore } from '../../history/store.js';
import type { TranscriptMeta } from '../../history/types.js';
import { rankByFuzzy } from '../../mentions/fuzzy.js';
import { confinePath } from '../../services/confine.js';
import type { Attachment, HostToWebview } from '../../shared/webviewProtocol.js';
import type { LastTerminalCommand } from './lastTerminalCommand.js';
import { workspaceRoots } from './vscodeMentionSources.js';
import type { WorkspaceFileIndex } from './workspaceFileIndex.js';

const FILE_RESULTS = 20;
const SYMBOL_RESULTS = 15;
const THREAD_RESULTS = 5;
/** Symbol providers can be slow (a language server starting): the files are shown meanwhile. */
const SYMBOL_WAIT_MS = 8000;
/** Pauses before asking again for symbols that did not come (about half a minute in all). */
const SYMBOL_RETRY_MS = [1000, 2000, 4000, 8000, 15000];
/** The thread list is read from disk at most this often while the user types. */
const THREAD_LIST_TTL_MS = 5000;

type Post = (message: HostToWebview) => void;

export class MentionService implements vscode.Disposable {
  private current: vscode.CancellationTokenSource | undefined;
  private threads: { at: number; list: Promise<TranscriptMeta[]> } | undefined;

  constructor(
    private readonly files: WorkspaceFileIndex,
    private readonly terminal: LastTerminalCommand,
    private readonly transcripts: TranscriptStore | undefined,
  ) {}

  async query(id: number, text: string, post: Post): Promise<void> {
    this.current?.cancel();
    this.current?.dispose();
    const source = (this.current = new vscode.CancellationTokenSource());
    const token = source.token;
    const query = text.trim();
    const [files, threads] = await Promise.all([this.files.search(query, FILE_RESULTS, token), this.threadItems(query)]);
    if (token.isCancellationRequested) return;
    const fileItems = files.map((hit): Attachment => {
      const uri = vscode.Uri.file(hit.path).toString();
      return hit.folder
        ? { kind: 'folder', uri, name: `${path.basename(hit.path)}/`, detail: hit.label }
        : { kind: 'file', uri, name: path.basename(hit.path), detail: hit.label };
    });
    const editors = rankByFuzzy(this.openEditors(), query, (a) => a.detail ?? a.name, 10);
    const fixed = rankByFuzzy(this.fixedItems(), query, (a) => a.name, 10);
    // Files and editors first: they are what is mentioned most; the rest below.
    const first = dedupe([...editors, ...fileItems, ...fixed, ...threads]);
    post({ type: 'mentionResults', id, items: first });
    if (query.length < 2) return;
    const symbols = await this.symbolsOnceThere(query, token);
    if (token.isCancellationRequested || symbols.length === 0) return;
    const withSymbols = [...editors, ...fileItems.slice(0, 8), ...symbols, ...fileItems.slice(8), ...fixed, ...threads];
    post({ type: 'mentionResults', id, items: dedupe(withSymbols) });
  }

  /** Files and folders dropped on the composer: each one inside the workspace becomes a chip. */
  async drop(uris: readonly string[], post: Post): Promise<void> {
    const refused: string[] = [];
    for (const raw of uris.slice(0, 50)) {
      let uri: vscode.Uri;
      try {
        uri = vscode.Uri.parse(raw, true);
      } catch {
        continue;
      }
      if (uri.scheme !== 'file') {
        refused.push(raw);
        continue;
      }
      try {
        const confined = await confinePath(uri.fsPath, workspaceRoots());
        const stat = await vscode.workspace.fs.stat(vscode.Uri.file(confined.path));
        const folder = (stat.type & vscode.FileType.Directory) !== 0;
        const name = path.basename(confined.path) + (folder ? '/' : '');
        post({ type: 'attach', attachment: { kind: folder ? 'folder' : 'file', uri: vscode.Uri.file(confined.path).toString(), name, detail: vscode.workspace.asRelativePath(confined.path) } });
      } catch {
        refused.push(uri.fsPath);
      }
    }
    if (refused.length) {
      void vscode.window.showWarningMessage(refused.length > 3
        ? vscode.l10n.t('Agent Chat: only files and folders inside the workspace can be attached; left out: {0} and {1} more.', refused.slice(0, 3).join(', '), refused.length - 3)
        : vscode.l10n.t('Agent Chat: only files and folders inside the workspace can be attached; left out: {0}.', refused.join(', ')));
    }
  }

  private openEditors(): Attachment[] {
    const seen = new Set<string>();
    const items: Attachment[] = [];
    for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
      if (!(tab.input instanceof vscode.TabInputText) || tab.input.uri.scheme !== 'file') continue;
      const uri = tab.input.uri;
      if (seen.has(uri.toString()) || !vscode.workspace.getWorkspaceFolder(uri)) continue;
      seen.add(uri.toString());
      items.push({ kind: 'editor', uri: uri.toString(), name: path.basename(uri.fsPath), detail: vscode.workspace.asRelativePath(uri) });
    }
    return items;
  }

  private fixedItems(): Attachment[] {
    const items: Attachment[] = [{ kind: 'problems', uri: 'agent-chat:/problems/all', name: vscode.l10n.t('Problems (all files)'), detail: vscode.l10n.t('Errors and warnings of every file') }];
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme === 'file' && vscode.workspace.getWorkspaceFolder(active)) {
      items.push({ kind: 'problems', uri: active.toString(), name: vscode.l10n.t('Problems in {0}', path.basename(active.fsPath)), detail: vscode.workspace.asRelativePath(active) });
    }
    const last = this.terminal.get();
    items.push({ kind: 'terminal', uri: 'agent-chat:/terminal/last-command', name: vscode.l10n.t('Last terminal command'), detail: last ? `$ ${last.command}` : vscode.l10n.t('Its output (terminals with shell integration)') });
    items.push({ kind: 'git', uri: 'agent-chat:/git/staged', name: vscode.l10n.t('Git staged changes'), detail: 'git diff --cached' });
    items.push({ kind: 'git', uri: 'agent-chat:/git/unstaged', name: vscode.l10n.t('Git unstaged changes'), detail: 'git diff' });
    return items;
  }

  private async threadItems(query: string): Promise<Attachment[]> {
    if (!this.transcripts) return [];
    const now = Date.now();
    if (!this.threads || now - this.threads.at > THREAD_LIST_TTL_MS) this.threads = { at: now, list: this.transcripts.list().catch(() => []) };
    const list = await this.threads.list;
    const picked = query ? rankByFuzzy(list, query, (m) => m.title, THREAD_RESULTS) : list.slice(0, 3);
    return picked.map((m) => ({
      kind: 'thread',
      uri: `agent-chat:/threads/${encodeURIComponent(m.id)}`,
      name: m.title || vscode.l10n.t('Untitled conversation'),
      detail: vscode.l10n.t('Past conversation with {0}, {1}', m.agentName, m.updatedAt.slice(0, 10)),
    }));
  }

  /** The symbols matching `query`, asked again after pauses while none come (until a newer query cancels). */
  private async symbolsOnceThere(query: string, token: vscode.CancellationToken): Promise<Attachment[]> {
    for (const pause of [...SYMBOL_RETRY_MS, undefined]) {
      const symbols = await this.symbols(query, token);
      if (symbols.length || pause === undefined || token.isCancellationRequested) return symbols;
      let cancelled: vscode.Disposable | undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        cancelled = token.onCancellationRequested(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      cancelled?.dispose();
      if (token.isCancellationRequested) return [];
    }
    return [];
  }

  private async symbols(query: string, token: vscode.CancellationToken): Promise<Attachment[]> {
    let timer: NodeJS.Timeout | undefined;
    const found = await Promise.race([
      Promise.resolve(vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query)).catch(() => undefined),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), SYMBOL_WAIT_MS);
        token.onCancellationRequested(() => resolve(undefined));
      }),
    ]);
    clearTimeout(timer);
    if (!found || token.isCancellationRequested) return [];
    const inWorkspace = found.filter((s) => s.location.uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(s.location.uri));
    return rankByFuzzy(inWorkspace, query, (s) => s.name, SYMBOL_RESULTS).map((s) => {
      const rel = vscode.workspace.asRelativePath(s.location.uri);
      const line = s.location.range.start.line + 1;
      return {
        kind: 'symbol',
        uri: s.location.uri.toString(),
        name: s.name,
        range: { startLine: line, endLine: s.location.range.end.line + 1 },
        detail: vscode.l10n.t('{0} in {1}', symbolKindName(s.kind), `${rel}:${line}`),
      };
    });
  }

  dispose(): void {
    this.current?.cancel();
    this.current?.dispose();
  }
}

function dedupe(items: Attachment[]): Attachment[] {
  const seen = new Set<string>();
  return items.filter((a) => {
    const key = `${a.kind === 'editor' ? 'file' : a.kind}|${a.uri}|${a.range?.startLine ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function symbolKindName(kind: vscode.SymbolKind): string {
  const name = vscode.SymbolKind[kind] ?? 'Symbol';
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());
}
