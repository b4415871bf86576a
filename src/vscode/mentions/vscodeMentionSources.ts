/**
 * Where each @-mention's text comes from in VS Code: files (confined to the workspace folders,
 * symlinks resolved), folder listings from the file index, problems from the language
 * diagnostics, the last terminal command, `git diff` per workspace root (an argument vector,
 * never a shell string) and past threads from the transcript store.
 */
import * as vscode from 'vscode';
import { GitFailedError, GitMissingError, git } from '../../checkpoints/git.js';
import { transcriptToMarkdown } from '../../history/markdown.js';
import type { TranscriptStore } from '../../history/store.js';
import { formatProblems } from '../../mentions/mentionText.js';
import type { Problem } from '../../mentions/mentionText.js';
import type { MentionSources } from '../../mentions/resolve.js';
import { confinePath } from '../../services/confine.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import type { LastTerminalCommand } from './lastTerminalCommand.js';
import type { WorkspaceFileIndex } from './workspaceFileIndex.js';
import { diagnosticFacts } from '../editor/diagnosticFacts.js';

export interface MentionSourceDeps {
  fs: FileSystemHost;
  files: WorkspaceFileIndex;
  terminal: LastTerminalCommand;
  transcripts?: TranscriptStore;
}

/** The workspace folders on disk (a mention never reaches outside them). */
export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

export function vscodeMentionSources(deps: MentionSourceDeps): MentionSources {
  return {
    readText: (absPath) => deps.fs.readTextFile(absPath),
    readWorkspaceText: async (absPath) => {
      const confined = await confinePath(absPath, workspaceRoots());
      return deps.fs.readTextFile(confined.path);
    },
    listFolder: async (absPath, max) => {
      const confined = await confinePath(absPath, workspaceRoots());
      return deps.files.filesUnder(confined.path, max);
    },
    problems: async (fileUri) => {
      if (fileUri) {
        const uri = vscode.Uri.parse(fileUri, true);
        return formatProblems(vscode.languages.getDiagnostics(uri).map((d) => problem(uri, d)), vscode.workspace.asRelativePath(uri));
      }
      const all = vscode.languages.getDiagnostics().flatMap(([uri, list]) => list.map((d) => problem(uri, d)));
      return formatProblems(all, 'the workspace');
    },
    lastTerminalCommand: async () => deps.terminal.get(),
    gitChanges: (which) => gitChanges(which),
    threadMarkdown: async (id) => {
      const transcript = await deps.transcripts?.load(id);
      return transcript ? transcriptToMarkdown(transcript) : undefined;
    },
    symbolRange: (fileUri, name, range) => declarationRange(fileUri, name, range),
  };
}

function problem(uri: vscode.Uri, d: vscode.Diagnostic): Problem {
  return { file: vscode.workspace.asRelativePath(uri), ...diagnosticFacts(d) };
}

async function gitChanges(which: 'staged' | 'unstaged'): Promise<string> {
  const roots = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];
  if (roots.length === 0) return 'No workspace folder is open.';
  const parts: string[] = [];
  for (const folder of roots) {
    const args = ['diff', '--no-color', '--no-ext-diff', ...(which === 'staged' ? ['--cached'] : [])];
    let text: string;
    try {
      text = (await git(args, { cwd: folder.uri.fsPath })).toString('utf8');
    } catch (error) {
      if (error instanceof GitMissingError) throw error;
      text = error instanceof GitFailedError ? `(not a git repository, or git failed: ${error.stderr.trim().split('\n')[0] ?? ''})` : String(error);
    }
    const body = text.trim() === '' ? `No ${which} changes.` : text;
    parts.push(roots.length > 1 ? `# ${folder.name}\n${body}` : body);
  }
  return parts.join('\n\n');
}

/**
 * Workspace symbol search reports where a symbol's name is; the agent wants its whole
 * declaration: the innermost document symbol of that name around the reported line.
 */
async function declarationRange(fileUri: string, name: string, range: { startLine: number; endLine: number }): Promise<{ startLine: number; endLine: number }> {
  const symbols = await vscode.commands.executeCommand<Array<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined>(
    'vscode.executeDocumentSymbolProvider', vscode.Uri.parse(fileUri, true));
  let best: vscode.Range | undefined;
  const line = range.startLine - 1;
  // Workspace search may decorate the name (TypeScript's functions read `name()`); document symbols do not.
  const bare = name.replace(/\(.*\)$/, '');
  const visit = (list: ReadonlyArray<vscode.DocumentSymbol | vscode.SymbolInformation>): void => {
    for (const s of list) {
      const r = 'location' in s ? s.location.range : s.range;
      if (r.start.line <= line && r.end.line >= line && (s.name === name || s.name === bare) && (!best || best.contains(r))) best = r;
      if ('children' in s) visit(s.children);
    }
  };
  visit(symbols ?? []);
  return best ? { startLine: best.start.line + 1, endLine: best.end.line + 1 } : range;
}
