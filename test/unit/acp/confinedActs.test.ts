/**
 * fs requests act on the location that was checked: a link pointing outside is refused, a link
 * swapped after the check cannot redirect the read or write, a link loop is a clear error.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { createAcpConnection } from '../../../src/protocol/acp/transport.js';
import { registerClientHandlers } from '../../../src/agents/acp/connection/clientHandlers.js';
import { newSession } from './sessionFixture.js';
import { NodeFileSystem } from '../../../src/services/nodeFileSystem.js';
import { NodeTerminals } from '../../../src/services/terminals.js';
import type { FileSystemHost } from '../../../src/services/hostServices.js';

type Answer = { result?: unknown; error?: { code: number; message: string } };

let base: string;
let ws: string;
let outside: string;
let connection: MessageConnection;
let toClient: PassThrough;
const answers = new Map<number, Answer>();
const terminals = new NodeTerminals({ pathValue: async () => process.env.PATH ?? '' });
/** Runs between the check and the host's act (the window a swap would use). */
let beforeAct: () => Promise<void> = async () => {};
const disk = new NodeFileSystem();
const seen: string[] = [];
const fs: FileSystemHost = {
  async readTextFile(path, line, limit) {
    seen.push(path);
    await beforeAct();
    return disk.readTextFile(path, line, limit);
  },
  async writeTextFile(path, content) {
    seen.push(path);
    await beforeAct();
    return disk.writeTextFile(path, content);
  },
};

before(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'confined-')));
  ws = join(base, 'ws');
  outside = join(base, 'outside');
  await mkdir(join(ws, 'inner'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'SECRET\n');
  toClient = new PassThrough();
  const fromClient = new PassThrough();
  connection = createAcpConnection(toClient, fromClient);
  const session = newSession(connection, { cwd: ws, roots: [ws] });
  registerClientHandlers(connection, { session: (id) => (id === 's1' ? session : undefined), fs, terminals });
  connection.listen();
  createInterface({ input: fromClient }).on('line', (line) => {
    const m = JSON.parse(line) as Answer & { id?: number };
    if (typeof m.id === 'number') answers.set(m.id, m);
  });
});
after(async () => {
  connection.dispose();
  await rm(base, { recursive: true, force: true });
});

let nextId = 1;
function call(method: string, params: Record<string, unknown>): Promise<Answer> {
  const id = nextId++;
  toClient.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { sessionId: 's1', ...params } })}\n`);
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const poll = () => {
      const a = answers.get(id);
      if (a) return resolve(a);
      if (Date.now() - start > 10_000) return reject(new Error(`no answer to ${method}`));
      setTimeout(poll, 5);
    };
    poll();
  });
}

test('a write through a link pointing outside is refused; nothing outside changes', async () => {
  await symlink(outside, join(ws, 'out-link'));
  const a = await call('fs/write_text_file', { path: join(ws, 'out-link', 'secret.txt'), content: 'pwned' });
  assert.equal(a.error?.code, -32001);
  assert.match(a.error?.message ?? '', /outside the workspace folders \(it resolves to .*outside/);
  assert.equal(await readFile(join(outside, 'secret.txt'), 'utf8'), 'SECRET\n');
  const r = await call('fs/read_text_file', { path: join(ws, 'out-link', 'secret.txt') });
  assert.equal(r.error?.code, -32001);
});

test('the host is handed the checked real path, so a link swapped after the check changes nothing', async () => {
  await symlink(join(ws, 'inner'), join(ws, 'swap'));
  seen.length = 0;
  beforeAct = async () => {
    await unlink(join(ws, 'swap'));
    await symlink(outside, join(ws, 'swap'));
  };
  try {
    const w = await call('fs/write_text_file', { path: join(ws, 'swap', 'secret.txt'), content: 'inside\n' });
    assert.deepEqual(w, { jsonrpc: '2.0', id: nextId - 1, result: {} } as Answer);
    // The write is preceded by a read of the same checked path (what the file held, for the review).
    assert.deepEqual(seen, [join(ws, 'inner', 'secret.txt'), join(ws, 'inner', 'secret.txt')]);
    assert.equal(await readFile(join(outside, 'secret.txt'), 'utf8'), 'SECRET\n', 'outside untouched');
    assert.equal(await readFile(join(ws, 'inner', 'secret.txt'), 'utf8'), 'inside\n');
  } finally {
    beforeAct = async () => {};
    await unlink(join(ws, 'swap'));
  }
});

test('the file itself swapped for a link after the check: the act is refused, outside untouched', async () => {
  const target = join(ws, 'inner', 'victim.txt');
  await writeFile(target, 'victim\n');
  beforeAct = async () => {
    await unlink(target);
    await symlink(join(outside, 'secret.txt'), target);
  };
  try {
    const w = await call('fs/write_text_file', { path: target, content: 'pwned' });
    assert.equal(w.error?.code, -32001);
    assert.match(w.error?.message ?? '', /became a symbolic link after it was checked/);
    assert.equal(await readFile(join(outside, 'secret.txt'), 'utf8'), 'SECRET\n');
    await unlink(target);
    await writeFile(target, 'victim\n');
    const r = await call('fs/read_text_file', { path: target });
    assert.equal(r.error?.code, -32001);
    assert.ok(!JSON.stringify(r).includes('SECRET'));
  } finally {
    beforeAct = async () => {};
  }
});

test('a folder on the way replaced by a link after the check: refused, nothing created outside', async () => {
  const dirPath = join(ws, 'moving');
  await mkdir(dirPath);
  beforeAct = async () => {
    await rm(dirPath, { recursive: true });
    await symlink(outside, dirPath);
  };
  try {
    const w = await call('fs/write_text_file', { path: join(dirPath, 'new.txt'), content: 'pwned' });
    assert.equal(w.error?.code, -32001);
    assert.match(w.error?.message ?? '', /changed while it was being opened/);
    assert.equal(existsSync(join(outside, 'new.txt')), false);
  } finally {
    beforeAct = async () => {};
    await unlink(dirPath);
  }
});

test('a link loop is a clear -32602, at once, for reads, writes and terminal cwd', async () => {
  await symlink(join(ws, 'loop-b'), join(ws, 'loop-a'));
  await symlink(join(ws, 'loop-a'), join(ws, 'loop-b'));
  for (const a of [
    await call('fs/read_text_file', { path: join(ws, 'loop-a') }),
    await call('fs/write_text_file', { path: join(ws, 'loop-a'), content: 'x' }),
    await call('fs/write_text_file', { path: join(ws, 'loop-a', 'child.txt'), content: 'x' }),
    await call('terminal/create', { command: process.execPath, cwd: join(ws, 'loop-a') }),
  ]) {
    assert.equal(a.error?.code, -32602, JSON.stringify(a));
    assert.match(a.error?.message ?? '', /symbolic link loop/);
  }
});
