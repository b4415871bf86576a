import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeTerminals, type TerminalSnapshot } from '../../../src/services/terminals.js';
import { HostServiceError } from '../../../src/services/hostServices.js';

let cwd: string;
const snapshots: TerminalSnapshot[] = [];
let terms: NodeTerminals;

before(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), 'terms-')));
  terms = new NodeTerminals({
    pathValue: async () => process.env.PATH ?? '',
    onOutput: (s) => snapshots.push(s),
    throttleMs: 10,
    killGraceMs: 300,
  });
});
after(async () => {
  await terms.releaseAll();
  await rm(cwd, { recursive: true, force: true });
});

const node = process.execPath;

test('runs a command with args (no shell), captures output and exit status', async () => {
  const id = await terms.create('s1', { command: node, args: ['-e', 'console.log("hi $HOME"); process.exit(3)'], cwd });
  assert.deepEqual(await terms.waitForExit('s1', id), { exitCode: 3, signal: null });
  const out = terms.output('s1', id);
  assert.equal(out.output, 'hi $HOME\n'); // no shell expansion
  assert.equal(out.truncated, false);
  assert.deepEqual(out.exitStatus, { exitCode: 3, signal: null });
  const last = snapshots.filter((s) => s.terminalId === id).at(-1);
  assert.deepEqual(last?.exitStatus, { exitCode: 3, signal: null });
  await terms.release('s1', id);
});

test('env entries are merged over the environment; cwd is honoured', async () => {
  const id = await terms.create('s1', {
    command: node,
    args: ['-e', 'process.stdout.write(process.env.AC_TEST + "|" + process.cwd() + "|" + (process.env.PATH ? "path" : ""))'],
    env: [{ name: 'AC_TEST', value: 'v' }],
    cwd,
  });
  await terms.waitForExit('s1', id);
  assert.equal(terms.output('s1', id).output, `v|${cwd}|path`);
});

test('outputByteLimit keeps the last bytes, cut at a character boundary', async () => {
  // 10 × "€" = 30 bytes; a limit of 10 keeps 3 whole euros (9 bytes), flagged truncated.
  const id = await terms.create('s1', { command: node, args: ['-e', 'process.stdout.write("€".repeat(10))'], cwd, outputByteLimit: 10 });
  await terms.waitForExit('s1', id);
  assert.deepEqual(terms.output('s1', id), { output: '€€€', truncated: true, exitStatus: { exitCode: 0, signal: null } });
});

test('kill stops the command (and its children); the id stays valid until release', async () => {
  const id = await terms.create('s1', { command: node, args: ['-e', 'setInterval(()=>{},1000); console.log("up")'], cwd });
  // Killed once it runs (it says so), not at a guessed moment.
  for (const deadline = Date.now() + 20_000; !terms.output('s1', id).output.includes('up'); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > deadline) throw new Error('the command never started');
  }
  await terms.kill('s1', id);
  const status = await terms.waitForExit('s1', id);
  assert.equal(status.exitCode, null);
  assert.equal(status.signal, 'SIGTERM');
  assert.ok(terms.output('s1', id).exitStatus);
  await terms.release('s1', id);
  assert.throws(() => terms.output('s1', id), (e: unknown) => e instanceof HostServiceError && e.code === -32002);
});

test("another session's terminal id is unknown", async () => {
  const id = await terms.create('s1', { command: node, args: ['-e', ''], cwd });
  assert.throws(() => terms.output('s2', id), (e: unknown) => e instanceof HostServiceError && e.code === -32002);
  await terms.release('s1', id);
});

test('a command not on PATH is a not-found error at create', async () => {
  await assert.rejects(
    terms.create('s1', { command: 'definitely-not-a-command-xyz', cwd }),
    (e: unknown) => e instanceof HostServiceError && e.code === -32002 && e.message.includes('definitely-not-a-command-xyz'),
  );
});

test('live output is pushed while the command runs', async () => {
  const id = await terms.create('s1', {
    command: node,
    args: ['-e', 'let i=0; const t=setInterval(()=>{ console.log("tick"+i); if(++i===3){clearInterval(t)} }, 60)'],
    cwd,
  });
  await terms.waitForExit('s1', id);
  const mine = snapshots.filter((s) => s.terminalId === id);
  assert.ok(mine.length >= 2, `expected several snapshots, got ${mine.length}`);
  assert.ok(mine.some((s) => !s.exitStatus && s.output.startsWith('tick0')));
  assert.equal(mine.at(-1)?.output, 'tick0\ntick1\ntick2\n');
});
