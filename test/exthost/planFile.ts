/**
 * A file plan's Open button in VS Code: a plan file inside the workspace folder opens in an
 * editor (at its real path); one outside the folders, or reached through a link that leads out,
 * does not open, and the refusal is logged.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import { openPlanFile } from '../../src/vscode/editor/editorActions.js';
import type { ProtocolLog } from '../../src/vscode/protocolLog.js';
import { test } from './harness.js';

test('plan file: Open opens a plan inside the workspace, refuses one outside or behind a link out', async () => {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  const inside = path.join(folder.uri.fsPath, 'exthost-scratch', 'plans', 'PLAN.md');
  const outsideDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'agent-chat-plan-outside-'));
  const outside = path.join(outsideDir, 'SECRET-PLAN.md');
  const link = path.join(folder.uri.fsPath, 'exthost-scratch', 'plans', 'out');
  await fsp.mkdir(path.dirname(inside), { recursive: true });
  await fsp.writeFile(inside, '# The plan\n');
  await fsp.writeFile(outside, '# Not yours\n');
  await fsp.rm(link, { force: true });
  await fsp.symlink(outsideDir, link);
  const warnings: string[] = [];
  const log = { warn: (line: string) => warnings.push(line) } as unknown as ProtocolLog;
  const shown = () => vscode.window.visibleTextEditors.map((e) => e.document.uri.fsPath);
  try {
    assert.equal(await openPlanFile(pathToFileURL(inside).href, log), true);
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, await fsp.realpath(inside));

    assert.equal(await openPlanFile(pathToFileURL(outside).href, log), false);
    assert.equal(await openPlanFile(pathToFileURL(path.join(link, 'SECRET-PLAN.md')).href, log), false);
    assert.equal(await openPlanFile('https://example.com/PLAN.md', log), false);
    assert.ok(!shown().some((p) => p.endsWith('SECRET-PLAN.md')), 'nothing outside the workspace opened');
    assert.equal(warnings.length, 3, warnings.join('\n'));
    assert.match(warnings[0]!, /outside the workspace/);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fsp.rm(link, { force: true });
    await fsp.rm(path.dirname(inside), { recursive: true, force: true });
    await fsp.rm(outsideDir, { recursive: true, force: true });
  }
}, 30_000);
