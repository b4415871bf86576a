/**
 * Agent writes land exactly once, in a real VS Code with a real agent: the racing-writes agent
 * writes every file through `fs/write_text_file` AND with node's fs itself, in both orders, in
 * the same tick, and without waiting for the answer (as OpenCode does), for new and existing
 * files, closed and open in an editor. Every file must hold the agent's text exactly once, no
 * request may be refused, open editors must show the text saved, and the turn's changes row
 * must count a new file of N lines +N −0. An editor with unsaved changes is replaced only when
 * the user says so.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangesEntry, ThreadEntry, UserEntry } from '../../src/thread/types.js';
import { api, testAgent, textOf, turn } from './agents.js';
import { test, until } from './harness.js';

const ORDERS = ['request-then-disk', 'disk-then-request', 'together', 'awaited-then-disk', 'request-only'] as const;
const FILES_PER_PROMPT = 12;
const PROMPTS = 3;

interface Planned { path: string; content: string; order: string; delayMs: number; oldText: string | null; open: boolean }

const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The agent's one-line JSON answer of a `race` prompt. */
interface RaceAnswer { refused: Array<{ path: string; message: string }>; answered: number; misread: Array<{ path: string; held: string | null }> }

function answerOf(rows: ThreadEntry[]): RaceAnswer {
  const agent = rows.find((e) => e.type === 'agent');
  assert.ok(agent, 'the agent answered');
  return JSON.parse(textOf(agent)) as RaceAnswer;
}

function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder');
  return folder.uri.fsPath;
}

/**
 * Twelve files for prompt `p`: six new, six existing (four of those open in an editor). Half of
 * them go OpenCode's way, the request not awaited and the agent's own write after it: for a new
 * file, as soon as the agent sees the file appear (the client creating it), so its write lands
 * while the client is still at it; for an existing one, 0–120 ms later. The other half take the
 * other orders in turn (and the request alone).
 */
async function plan(dir: string, p: number): Promise<Planned[]> {
  const out: Planned[] = [];
  for (let i = 0; i < FILES_PER_PROMPT; i++) {
    const existing = i % 4 >= 2;
    const file = path.join(dir, `p${p}`, `file${i}.txt`);
    const content = Array.from({ length: 1 + ((i + p) % 3) }, (_, k) => `line ${k + 1} of file ${i}, prompt ${p}`).join('\n') + '\n';
    const oldText = existing ? `old text of file ${i}\nsecond old line\n` : null;
    if (oldText !== null) {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, oldText);
    }
    const opencode = existing ? 'request-then-disk' : 'request-then-disk-on-create';
    const order = i % 2 === 0 ? opencode : ORDERS[((i >> 1) + p) % ORDERS.length]!;
    // Spread over 0–120 ms, different for every file and prompt: OpenCode's own write comes
    // 30–120 ms after its request on a loaded machine; on a quiet one the client's side of the
    // race is shorter. "On create" waits at most 5 s for the file to appear (twelve requests at
    // once keep the client busy for a while).
    const delayMs = order === 'request-then-disk-on-create' ? 5_000 : (i * 29 + p * 17) % 121;
    out.push({ path: file, content, oldText, open: [2, 3, 10, 11].includes(i), order, delayMs });
  }
  return out;
}

test('agent writes: fs/write_text_file racing the agent\'s own write leaves each file holding the text once (12 files × 3 prompts)', async () => {
  const root = workspaceRoot();
  const dir = path.join(root, 'exthost-racing-writes');
  await fsp.rm(dir, { recursive: true, force: true });
  const chat = await api();
  const problems: string[] = [];
  try {
    assert.equal((await chat.context.start(testAgent('racing writes (exthost)', 'racing-writes'))).state, 'ready');
    for (let p = 0; p < PROMPTS; p++) {
      const planned = await plan(dir, p);
      const docs = new Map<string, vscode.TextDocument>();
      for (const f of planned.filter((x) => x.open)) {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(f.path));
        await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true });
        docs.set(f.path, doc);
      }
      const writes = planned.map(({ path: file, content, order, delayMs }) => ({ path: file, content, order, delayMs }));
      const rows = await turn(chat, `race ${JSON.stringify({ writes })}`);
      const answer = answerOf(rows);
      for (const r of answer.refused) problems.push(`prompt ${p}: refused ${path.basename(r.path)}: ${r.message}`);
      for (const r of answer.misread) problems.push(`prompt ${p}: once answered, the agent read ${JSON.stringify(r.held)} from ${path.basename(r.path)}`);
      for (const f of planned) {
        const disk = await fsp.readFile(f.path, 'utf8');
        if (disk !== f.content) problems.push(`prompt ${p}: ${path.relative(dir, f.path)} (${f.order}, ${f.oldText === null ? 'new' : 'existing'}${f.open ? ', open' : ''}) holds ${JSON.stringify(disk)}`);
      }
      for (const [file, doc] of docs) {
        const want = planned.find((f) => f.path === file)!.content;
        // The editor follows the disk (a reload from disk is a change event, so wait for it).
        const ok = await until(`the editor of ${path.basename(file)} shows the text, saved`, () => doc.getText() === want && !doc.isDirty, 10_000).catch(() => false);
        if (!ok) problems.push(`prompt ${p}: the open editor of ${path.relative(dir, file)} holds ${JSON.stringify(doc.getText())}${doc.isDirty ? ' (unsaved)' : ''}`);
      }
      const turnId = rows.find((e): e is UserEntry => e.type === 'user')?.turnId;
      assert.ok(turnId, 'the turn has an id');
      // The final row (it names the snapshot of the turn's end), not a live refresh.
      const row = await until(`the final changes row of prompt ${p}`, () =>
        chat.context.entries.find((e): e is ChangesEntry => e.type === 'changes' && e.turnId === turnId && e.after !== undefined), 90_000);
      for (const f of planned) {
        const rel = path.relative(root, f.path).split(path.sep).join('/');
        const listed = row.files.find((x) => x.path === rel);
        const want = f.oldText === null ? ['added', lines(f.content), 0] : ['modified', lines(f.content), lines(f.oldText)];
        const got = listed ? [listed.status, listed.added, listed.deleted] : ['missing'];
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`prompt ${p}: the changes row counts ${rel} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    assert.deepEqual(problems, [], `${problems.length} problem(s):\n${problems.join('\n')}`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 180_000);

test('agent writes: an editor with unsaved changes is replaced only when the user says so, and undo brings the text back', async () => {
  const root = workspaceRoot();
  const dir = path.join(root, 'exthost-racing-unsaved');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'draft.txt');
  await fsp.writeFile(file, 'on disk\n');
  const chat = await api();
  const window = vscode.window as unknown as { showWarningMessage: (...args: unknown[]) => Thenable<unknown> };
  const original = window.showWarningMessage;
  const asked: string[] = [];
  let answer: string | undefined;
  window.showWarningMessage = (...args: unknown[]) => { asked.push(String(args[0])); return Promise.resolve(answer); };
  const write = (content: string, order: string) => turn(chat, `race ${JSON.stringify({ writes: [{ path: file, content, order, delayMs: 40 }] })}`);
  try {
    assert.equal((await chat.context.start(testAgent('racing writes, unsaved (exthost)', 'racing-writes'))).state, 'ready');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
    assert.ok(await editor.edit((e) => e.replace(new vscode.Range(0, 0, 1, 0), 'typed by the user\n')));
    assert.equal(editor.document.isDirty, true);

    // Kept: nothing is written, the agent is told, the user's text stays unsaved in the editor.
    answer = undefined;
    const kept = answerOf(await write('from the agent\n', 'request-only'));
    assert.equal(asked.length, 1, 'the user was asked');
    assert.match(asked[0]!, /draft\.txt, which has unsaved changes/);
    assert.deepEqual(kept.refused.map((r) => path.basename(r.path)), ['draft.txt']);
    assert.match(kept.refused[0]!.message, /unsaved changes/);
    assert.equal(editor.document.getText(), 'typed by the user\n');
    assert.equal(editor.document.isDirty, true);
    assert.equal(await fsp.readFile(file, 'utf8'), 'on disk\n');

    // Replaced: the text, saved, and undoable in the editor.
    answer = 'Replace Unsaved Changes';
    const replaced = answerOf(await write('from the agent\n', 'request-only'));
    assert.equal(asked.length, 2, 'asked again');
    assert.deepEqual(replaced.refused, []);
    assert.equal(await fsp.readFile(file, 'utf8'), 'from the agent\n');
    await until('the editor shows the agent\'s text, saved', () => editor.document.getText() === 'from the agent\n' && !editor.document.isDirty, 10_000);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'typed by the user\n', 'undo brings the user\'s text back');
  } finally {
    window.showWarningMessage = original;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    if (doc?.isDirty) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 180_000);

test('agent writes: requests the agent never waited for are in the turn\'s changes, whole (+N −0 for each new file)', async () => {
  const root = workspaceRoot();
  const dir = path.join(root, 'exthost-racing-unawaited');
  await fsp.rm(dir, { recursive: true, force: true });
  const chat = await api();
  const problems: string[] = [];
  try {
    assert.equal((await chat.context.start(testAgent('racing writes, unawaited (exthost)', 'racing-writes'))).state, 'ready');
    for (let p = 0; p < PROMPTS; p++) {
      const writes = Array.from({ length: FILES_PER_PROMPT }, (_, i) => ({
        path: path.join(dir, `p${p}`, `file${i}.txt`),
        content: Array.from({ length: 1 + ((i + p) % 3) }, (_, k) => `line ${k + 1} of file ${i}, prompt ${p}`).join('\n') + '\n',
        order: 'request-unawaited', delayMs: 0,
      }));
      const rows = await turn(chat, `race ${JSON.stringify({ writes })}`);
      const turnId = rows.find((e): e is UserEntry => e.type === 'user')?.turnId;
      assert.ok(turnId, 'the turn has an id');
      // The final row (it names the snapshot of the turn's end), not a live refresh.
      const row = await until(`the final changes row of prompt ${p}`, () =>
        chat.context.entries.find((e): e is ChangesEntry => e.type === 'changes' && e.turnId === turnId && e.after !== undefined), 90_000);
      for (const w of writes) {
        const rel = path.relative(root, w.path).split(path.sep).join('/');
        const listed = row.files.find((x) => x.path === rel);
        const got = listed ? [listed.status, listed.added, listed.deleted] : ['missing'];
        const want = ['added', lines(w.content), 0];
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`prompt ${p}: the changes row counts ${rel} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
        const read = () => fsp.readFile(w.path, 'utf8').catch(() => null);
        const ok = await until(`${rel} holds its text`, async () => (await read()) === w.content, 10_000).catch(() => false);
        if (!ok) problems.push(`prompt ${p}: ${rel} holds ${JSON.stringify(await read())}`);
      }
    }
    assert.deepEqual(problems, [], `${problems.length} problem(s):\n${problems.join('\n')}`);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}, 180_000);
