/**
 * `@` completion while a language server is still starting, in a real VS Code: its workspace
 * symbol search answers with nothing at first (as TypeScript's does while it loads the
 * project); the list answers at once without symbols ("Nothing matches" in the panel) and again
 * with the symbol once the server has it. A newer query stops the older one asking.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MentionService } from '../../src/vscode/mentions/mentionService.js';
import type { WorkspaceFileIndex } from '../../src/vscode/mentions/workspaceFileIndex.js';
import type { LastTerminalCommand } from '../../src/vscode/mentions/lastTerminalCommand.js';
import type { Attachment, HostToWebview } from '../../src/shared/webviewProtocol.js';
import { test, until } from './harness.js';

const SYMBOL = 'zanzibarQuokkaHandler';

test('mentions: symbols that arrive after "Nothing matches" (a language server starting) refresh the list', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const where = new vscode.Location(vscode.Uri.joinPath(folder.uri, 'src', 'quokka.ts'), new vscode.Position(4, 0));
  let asked = 0;
  let ready = false;
  // A server that is still loading its project: nothing until it is ready.
  const provider = vscode.languages.registerWorkspaceSymbolProvider({
    provideWorkspaceSymbols(query) {
      asked++;
      if (!ready || !SYMBOL.toLowerCase().includes(query.toLowerCase())) return [];
      return [new vscode.SymbolInformation(SYMBOL, vscode.SymbolKind.Function, '', where)];
    },
  });
  const files = { search: async () => [] } as unknown as WorkspaceFileIndex;
  const terminal = { get: () => undefined } as unknown as LastTerminalCommand;
  const service = new MentionService(files, terminal, undefined);
  const posted: Array<{ id: number; items: Attachment[] }> = [];
  const post = (m: HostToWebview) => { if (m.type === 'mentionResults') posted.push({ id: m.id, items: m.items }); };
  const symbolsIn = (id: number) => posted.filter((p) => p.id === id).flatMap((p) => p.items).filter((a) => a.kind === 'symbol').map((a) => a.name);
  try {
    const first = service.query(1, 'zanzibarquokka', post);
    await until('the first answer, without symbols', () => posted.some((p) => p.id === 1));
    assert.deepEqual(symbolsIn(1), []);
    // The server finishes loading a moment later: the same query's list gets the symbol.
    await until('the symbol search asked once', () => asked >= 1);
    ready = true;
    await first;
    assert.deepEqual(symbolsIn(1), [SYMBOL], 'the list refreshed with the symbol');
    assert.ok(asked >= 2, `asked again (${asked} times)`);

    // A newer query stops the older one asking: the server not ready again, two queries, only the second goes on.
    ready = false;
    const older = service.query(2, 'zanzibar', post);
    await until('the older answer', () => posted.some((p) => p.id === 2));
    const newer = service.query(3, 'quokkahandler', post);
    await older;
    ready = true;
    await newer;
    assert.deepEqual(symbolsIn(2), [], 'the older query, cancelled, posts no symbols (it would match)');
    assert.deepEqual(symbolsIn(3), [SYMBOL]);
  } finally {
    service.dispose();
    provider.dispose();
  }
}, 60_000);
