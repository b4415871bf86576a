/**
 * The editor tools over real processes: the product's AgentClient starts a v2 agent built on
 * the ACP SDK, which receives the `agent-chat-editor` server in `session/new` `mcpServers`,
 * starts it over real stdio with the official MCP SDK client and calls its tools; the calls
 * cross the private socket into this process, where a disk + in-memory-buffers editor serves
 * them. Writes are confined to the roots (symlinks included) and recorded for the review.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EditorToolsOptions } from '../../src/agents/acp/editorTools/sessionEditorTools.js';
import { Snapshotter } from '../../src/checkpoints/snapshotter.js';
import { turnReport } from '../../src/vscode/review/turnReport.js';
import { BufferedEditorHost } from './support/bufferedEditorHost.js';
import { record, startPeer, streamedText, tempDir, testAgent, type Peer, type Recorded } from './support/harness.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
/** The bridge from source; the VSIX runs the same file bundled (dist/editor-tools.cjs). */
const bridge = { command: process.execPath, args: ['--import', import.meta.resolve('tsx'), join(repo, 'src/services/editorTools/bridgeMain.ts')], env: {} };

type ToolAnswer = { content: Array<{ type: string; text: string }>; isError?: boolean };

async function ask(r: Recorded, prompt: string): Promise<unknown> {
  const before = r.events.length;
  await r.session.prompt([{ type: 'text', text: prompt }]);
  return JSON.parse(streamedText(r.events.slice(before)));
}
const call = async (r: Recorded, tool: string, args: unknown = {}): Promise<ToolAnswer> => (await ask(r, `call ${tool} ${JSON.stringify(args)}`)) as ToolAnswer;
const textOf = (a: ToolAnswer) => a.content.map((c) => c.text).join('');

describe('editor tools (v2 agent, MCP over stdio)', () => {
  let peer: Peer;
  let host: BufferedEditorHost;
  let outside: string;
  let r: Recorded;
  const options = (): EditorToolsOptions => ({ host, bridge, enabled: () => true });

  before(async () => {
    host = new BufferedEditorHost();
    outside = await tempDir('editor-outside-');
    peer = await startPeer(testAgent('editor-tools', [], 2), { editorTools: options() });
    assert.equal((await peer.client.start()).state, 'ready');
    r = record(await peer.client.newSession());
  });
  after(async () => {
    await peer.close();
    await rm(outside, { recursive: true, force: true });
  });

  test('session/new carries the server: the node binary, the bridge, the private folder — and never the token', async () => {
    const sent = peer.wire.sent('session/new')[0]?.params as { mcpServers: Array<{ type: string; name: string; command: string; env: Array<{ name: string; value: string }> }> };
    const server = sent.mcpServers.find((s) => s.name === 'agent-chat-editor');
    assert.ok(server, 'the editor server is in mcpServers');
    assert.equal(server.type, 'stdio');
    assert.equal(server.command, process.execPath);
    const dir = server.env.find((e) => e.name === 'AGENT_CHAT_EDITOR_DIR')?.value;
    assert.ok(dir && existsSync(join(dir, 'endpoint.json')));
    const { token } = JSON.parse(await readFile(join(dir, 'endpoint.json'), 'utf8')) as { token: string };
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(peer.wire).includes(token) && !JSON.stringify(peer.wire.sent('session/new')).includes(token), 'the token is not on the ACP wire');
  });

  test('tools/list through the official MCP client: four tools with their schemas', async () => {
    const listed = (await ask(r, 'tools')) as { server: { name: string }; instructions: string; tools: Array<{ name: string; inputSchema: { required?: string[] } }> };
    assert.equal(listed.server.name, 'agent-chat-editor');
    assert.match(listed.instructions, /unsaved/);
    assert.deepEqual(listed.tools.map((t) => t.name), ['read_file', 'write_file', 'get_problems', 'get_selection']);
    assert.deepEqual(listed.tools.find((t) => t.name === 'write_file')?.inputSchema.required, ['path', 'content']);
  });

  test('read_file sees the unsaved buffer, not the disk; relative paths and line ranges work', async () => {
    const file = join(peer.dir, 'notes.txt');
    await writeFile(file, 'on disk\n');
    assert.equal(textOf(await call(r, 'read_file', { path: file })), 'on disk\n');
    host.buffers.set(file, 'one\ntwo (unsaved)\nthree\n');
    assert.equal(textOf(await call(r, 'read_file', { path: file })), 'one\ntwo (unsaved)\nthree\n');
    assert.equal(textOf(await call(r, 'read_file', { path: 'notes.txt', line: 2, limit: 1 })), 'two (unsaved)\n');
    const missing = await call(r, 'read_file', { path: join(peer.dir, 'nope.txt') });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /not found/i);
    const bad = await call(r, 'read_file', { path: file, line: 0 });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /line must be a positive integer/);
  });

  test('write_file writes through the host (the unsaved buffer is replaced and saved) and is recorded for the review', async () => {
    const file = join(peer.dir, 'src', 'made.ts');
    const created = await call(r, 'write_file', { path: file, content: 'export const a = 1;\n' });
    assert.equal(created.isError, undefined);
    assert.match(textOf(created), /^Created .*made\.ts \(2 lines\)\.$/);
    assert.equal(await readFile(file, 'utf8'), 'export const a = 1;\n');

    const notes = join(peer.dir, 'notes.txt');
    host.buffers.set(notes, 'unsaved text\n');
    const wrote = await call(r, 'write_file', { path: notes, content: 'rewritten\n' });
    assert.match(textOf(wrote), /^Wrote /);
    assert.equal(await readFile(notes, 'utf8'), 'rewritten\n');
    assert.equal(host.buffers.has(notes), false);

    const turnId = r.thread.entries.filter((e) => e.type === 'user').at(-1)!.turnId!;
    assert.deepEqual(r.thread.writesOf(turnId), [{ path: notes, oldText: 'unsaved text\n', newText: 'rewritten\n' }], "the write is the turn's account, with what the editor held");
  });

  test("a write lands in the turn's changes row where no snapshot speaks (the review's reported path)", async () => {
    const storage = await tempDir('editor-storage-');
    try {
      const file = join(peer.dir, 'review.txt');
      await writeFile(file, 'old\n');
      const snapshots = new Snapshotter({ storageDir: storage, gitPath: '/nonexistent/bin/git' });
      await call(r, 'write_file', { path: file, content: 'new\n' });
      const turnId = r.thread.entries.filter((e) => e.type === 'user').at(-1)!.turnId!;
      const report = await turnReport(snapshots, { entries: r.thread.entries, turnId, writes: r.thread.writesOf(turnId), roots: [peer.dir], after: [] });
      assert.deepEqual(report.files.map((f) => [f.source, f.path, f.status, f.reported]), [['reported', 'review.txt', 'modified', { oldText: 'old\n', newText: 'new\n' }]]);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('writes outside the roots are refused with a clear error, a notice, and nothing written', async () => {
    const target = join(outside, 'escape.txt');
    for (const path of [target, join(peer.dir, '..', 'escape.txt'), '../escape.txt']) {
      const before = r.events.length;
      const answer = await call(r, 'write_file', { path, content: 'x' });
      assert.equal(answer.isError, true, path);
      assert.match(textOf(answer), /^Refused: .* is outside the workspace folders/);
      const notice = r.events.slice(before).find((e) => e.kind === 'notice_local');
      assert.ok(notice?.kind === 'notice_local' && notice.title === 'Refused editor tool write_file' && notice.severity === 'warning');
    }
    assert.equal(existsSync(target), false);
    assert.equal(existsSync(join(peer.dir, '..', 'escape.txt')), false);
  });

  test('a symlink inside the workspace that points outside is refused for writing and reading', async () => {
    const secret = join(outside, 'secret.txt');
    await writeFile(secret, 'keep me\n');
    await symlink(outside, join(peer.dir, 'linked'));
    const wrote = await call(r, 'write_file', { path: join(peer.dir, 'linked', 'secret.txt'), content: 'overwritten' });
    assert.equal(wrote.isError, true);
    assert.match(textOf(wrote), new RegExp(`outside the workspace folders \\(it resolves to ${outside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.equal(await readFile(secret, 'utf8'), 'keep me\n');
    const read = await call(r, 'read_file', { path: join(peer.dir, 'linked', 'secret.txt') });
    assert.equal(read.isError, true);
    assert.doesNotMatch(textOf(read), /keep me/);
  });

  test('a sensitive target (.env, .vscode/) asks the user first: refused when denied, written when allowed', async () => {
    const env = join(peer.dir, '.env');
    host.allowSensitive = false;
    const denied = await call(r, 'write_file', { path: env, content: 'TOKEN=x\n' });
    assert.equal(denied.isError, true);
    assert.match(textOf(denied), /is an environment file \(\.env\), and the user did not allow the write/);
    assert.equal(existsSync(env), false);
    assert.deepEqual(host.asked.at(-1), { path: env, reason: 'an environment file (.env)' });

    host.allowSensitive = true;
    const tasks = join(peer.dir, '.vscode', 'tasks.json');
    assert.equal((await call(r, 'write_file', { path: tasks, content: '{}' })).isError, undefined);
    assert.equal(await readFile(tasks, 'utf8'), '{}');
    assert.deepEqual(host.asked.at(-1), { path: tasks, reason: 'inside .vscode/' });
    host.allowSensitive = false;
  });

  test('get_problems: errors first, only inside the roots; with a path, that file only', async () => {
    const a = join(peer.dir, 'a.ts');
    const b = join(peer.dir, 'b.ts');
    host.problemList = [
      { path: b, line: 4, column: 2, severity: 'warning', message: 'unused', source: 'eslint', code: 'no-unused-vars' },
      { path: a, line: 1, column: 7, severity: 'error', message: "Type 'string' is not\nassignable", source: 'ts', code: '2322' },
      { path: join(outside, 'c.ts'), line: 1, column: 1, severity: 'error', message: 'not ours' },
    ];
    assert.equal(textOf(await call(r, 'get_problems')), [
      `${a}:1:7 error: Type 'string' is not assignable (ts 2322)`,
      `${b}:4:2 warning: unused (eslint no-unused-vars)`,
    ].join('\n'));
    assert.equal(textOf(await call(r, 'get_problems', { path: 'b.ts' })), `${b}:4:2 warning: unused (eslint no-unused-vars)`);
    assert.equal(textOf(await call(r, 'get_problems', { path: join(peer.dir, 'clean.ts') })), `No problems in ${join(peer.dir, 'clean.ts')}.`);
    host.problemList = [];
  });

  test('get_selection: the active file and selected text; nothing outside the roots', async () => {
    assert.equal(textOf(await call(r, 'get_selection')), 'No text editor is active.');
    const file = join(peer.dir, 'sel.ts');
    host.current = { path: file, start: { line: 2, column: 3 }, end: { line: 3, column: 1 }, text: 'selected\n' };
    assert.equal(textOf(await call(r, 'get_selection')), `${file}\nSelected from line 2, column 3 to line 3, column 1:\nselected\n`);
    host.current = { path: join(outside, 'private.ts'), start: { line: 1, column: 1 }, end: { line: 1, column: 5 }, text: 'mine' };
    const hidden = textOf(await call(r, 'get_selection'));
    assert.match(hidden, /outside the workspace folders; its selection is not shared/);
    assert.doesNotMatch(hidden, /mine/);
    host.current = undefined;
  });

  test('bad arguments and unknown tools get clear errors', async () => {
    const noContent = await call(r, 'write_file', { path: 'x.txt' });
    assert.equal(noContent.isError, true);
    assert.match(textOf(noContent), /content must be a string/);
    const unknown = (await ask(r, 'call delete_everything {}')) as { thrown?: string };
    assert.match(unknown.thrown ?? '', /Unknown tool: delete_everything/);
  });

  test('closing the session closes its endpoint and removes the private folder', async () => {
    const s = record(await peer.client.newSession());
    const server = (peer.wire.sent('session/new').at(-1)?.params as { mcpServers: Array<{ name: string; env: Array<{ name: string; value: string }> }> })
      .mcpServers.find((x) => x.name === 'agent-chat-editor')!;
    const dir = server.env.find((e) => e.name === 'AGENT_CHAT_EDITOR_DIR')!.value;
    assert.ok(existsSync(dir));
    await s.session.closeSession();
    assert.equal(existsSync(dir), false);
  });

  test('reopening a session open here hands it to the new object: the old one ends, its endpoint closes, the agent is not told to close', async () => {
    const dirIn = (params: unknown): string =>
      (params as { mcpServers: Array<{ name: string; env: Array<{ name: string; value: string }> }> }).mcpServers
        .find((x) => x.name === 'agent-chat-editor')!.env.find((e) => e.name === 'AGENT_CHAT_EDITOR_DIR')!.value;
    const first = record(await peer.client.newSession());
    const oldDir = dirIn(peer.wire.sent('session/new').at(-1)?.params);
    const closes = peer.wire.sent('session/close').length;
    const again = record(await peer.client.resumeSession(first.session.sessionId));
    const newDir = dirIn(peer.wire.sent('session/resume').at(-1)?.params);
    assert.notEqual(newDir, oldDir, 'the reopened session has its own endpoint');
    assert.equal(first.session.isClosed, true, 'the superseded object has ended');
    assert.equal(existsSync(oldDir), false, "the superseded object's folder is removed");
    assert.ok(existsSync(newDir));
    assert.equal(peer.wire.sent('session/close').length, closes, 'no session/close: the agent keeps the session');
    await assert.rejects(first.session.prompt([{ type: 'text', text: 'tools' }]), /ended/);
    const tools = (await ask(again, 'tools')) as { tools: Array<{ name: string }> };
    assert.ok(tools.tools.some((x) => x.name === 'read_file'), 'the reopened session reaches the editor tools');
    await again.session.closeSession();
    assert.equal(existsSync(newDir), false);
  });
});

describe('the bundled bridge (dist/editor-tools.cjs), run as the extension runs it', () => {
  const bundle = join(repo, 'dist', 'editor-tools.cjs');
  test('lists and calls through the bundle with ELECTRON_RUN_AS_NODE=1', { skip: !existsSync(bundle) && 'not built (node scripts/build.mjs)' }, async () => {
    const host = new BufferedEditorHost();
    const peer = await startPeer(testAgent('editor-tools', [], 2), {
      editorTools: { host, bridge: { command: process.execPath, args: [bundle], env: { ELECTRON_RUN_AS_NODE: '1' } }, enabled: () => true },
    });
    try {
      assert.equal((await peer.client.start()).state, 'ready');
      const r = record(await peer.client.newSession());
      const listed = (await ask(r, 'tools')) as { tools: Array<{ name: string }> };
      assert.equal(listed.tools.length, 4);
      const file = join(peer.dir, 'b.txt');
      await writeFile(file, 'disk\n');
      host.buffers.set(file, 'buffer\n');
      assert.equal(textOf(await call(r, 'read_file', { path: file })), 'buffer\n');
    } finally {
      await peer.close();
    }
  });
});

describe('editor tools are offered only where they apply', () => {
  const host = new BufferedEditorHost();
  const serversOf = (peer: Peer) => (peer.wire.sent('session/new').at(-1)?.params as { mcpServers?: Array<{ name: string }> }).mcpServers?.map((s) => s.name) ?? [];

  for (const [why, config, enabled] of [
    ['the setting is off (or the workspace untrusted)', testAgent('editor-tools', [], 2), false],
    ['the v2 agent takes no stdio MCP servers', testAgent('editor-tools', ['--no-stdio-mcp'], 2), true],
    ['a v1 agent (it has fs/*)', testAgent('mcp-echo'), true],
  ] as const) {
    test(`not offered when ${why}`, async () => {
      const peer = await startPeer(config, { editorTools: { host, bridge, enabled: () => enabled } });
      try {
        assert.equal((await peer.client.start()).state, 'ready');
        await peer.client.newSession();
        assert.deepEqual(serversOf(peer), []);
        assert.ok(peer.log.some((l) => l.startsWith('editor tools not offered: ')), peer.log.join('\n'));
      } finally {
        await peer.close();
      }
    });
  }
});
