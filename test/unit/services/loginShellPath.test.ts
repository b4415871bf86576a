import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergePath, parseSentinelOutput, resolveLoginShellPath } from '../../../src/services/process/loginShellPath.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shellpath-'));
});
after(() => rm(dir, { recursive: true, force: true }));

async function fakeShell(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

test('mergePath puts login entries first and drops duplicates and empties', () => {
  assert.equal(mergePath('/a:/b:', '/b:/c::/a'), '/a:/b:/c');
});

test('parseSentinelOutput ignores rc-file noise around the sentinels', () => {
  const s = '__AGENT_CHAT_PATH_7f3a__';
  assert.equal(parseSentinelOutput(`banner\n${s}/x:/y${s}bye`), '/x:/y');
  assert.equal(parseSentinelOutput('no sentinels'), undefined);
});

test("reads PATH from the user's login shell, merged before ours", async () => {
  // Like a real rc file: prints a banner and prepends a directory (nvm, Homebrew).
  const shell = await fakeShell('okshell', 'echo "Welcome!"\nPATH=/opt/fake-nvm/bin:$PATH\nexport PATH\nexec /bin/sh -c "$2"');
  const merged = await resolveLoginShellPath({ shell, env: { PATH: '/usr/bin:/only-ours' } });
  assert.equal(merged.split(':')[0], '/opt/fake-nvm/bin');
  assert.ok(merged.split(':').includes('/only-ours'));
});

test('a shell that hangs falls back to our PATH after the timeout', async () => {
  // The shell leaves a mark when its 30 s are over: no mark yet means we did not wait for it
  // (an order, not a wall-clock limit a loaded machine could break).
  const finished = join(dir, 'slowshell-finished');
  const shell = await fakeShell('slowshell', `sleep 30; : > '${finished}'`);
  assert.equal(await resolveLoginShellPath({ shell, timeoutMs: 300, env: { PATH: '/usr/bin:/ours' } }), '/usr/bin:/ours');
  assert.equal(existsSync(finished), false, "gave up before the shell's 30 s were over");
});

test('a missing or failing shell falls back to our PATH', async () => {
  assert.equal(await resolveLoginShellPath({ shell: join(dir, 'nope'), env: { PATH: '/ours' } }), '/ours');
  const bad = await fakeShell('badshell', 'exit 1');
  assert.equal(await resolveLoginShellPath({ shell: bad, env: { PATH: '/ours' } }), '/ours');
});
