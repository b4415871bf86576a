import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, symlink, writeFile, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confinePath } from '../../../src/services/confine.js';
import { HostServiceError } from '../../../src/services/hostServices.js';
import { ErrorCode } from '../../../src/services/errorCodes.js';

let base: string;
let ws: string;
let other: string;

before(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'confine-')));
  ws = join(base, 'ws');
  other = join(base, 'outside');
  await mkdir(join(ws, 'src'), { recursive: true });
  await mkdir(other);
  await writeFile(join(ws, 'src', 'a.txt'), 'a');
  await writeFile(join(other, 'secret.txt'), 's');
  await symlink(other, join(ws, 'escape'));
  await symlink(join(ws, 'src'), join(ws, 'inner-link'));
  await symlink(join(other, 'new.txt'), join(ws, 'dangling-out'));
  await symlink(join(ws, 'src', 'later.txt'), join(ws, 'dangling-in'));
});
after(() => rm(base, { recursive: true, force: true }));

const refused = (code: number) => (e: unknown) => e instanceof HostServiceError && e.code === code;

test('a file inside a root resolves', async () => {
  const c = await confinePath(join(ws, 'src', 'a.txt'), [ws]);
  assert.equal(c.realPath, join(ws, 'src', 'a.txt'));
  assert.equal(c.root, ws);
});

test('the root itself is inside', async () => {
  assert.equal((await confinePath(ws, [ws])).realPath, ws);
});

test('a nonexistent nested file inside a root is allowed (write creates it)', async () => {
  const p = join(ws, 'new', 'deep', 'file.ts');
  assert.equal((await confinePath(p, [ws])).realPath, p);
});

test('`..` escapes are refused with the outside-workspace code', async () => {
  await assert.rejects(confinePath(join(ws, '..', 'outside', 'secret.txt'), [ws]), refused(ErrorCode.outsideWorkspace));
  await assert.rejects(confinePath(`${ws}/src/../../outside/secret.txt`, [ws]), refused(ErrorCode.outsideWorkspace));
});

test('`..` that stays inside is fine', async () => {
  assert.equal((await confinePath(`${ws}/src/../src/a.txt`, [ws])).path, join(ws, 'src', 'a.txt'));
});

test('a symlink leaving the roots is refused, with the resolved target in the message', async () => {
  await assert.rejects(confinePath(join(ws, 'escape', 'secret.txt'), [ws]), (e: unknown) => {
    return e instanceof HostServiceError && e.code === ErrorCode.outsideWorkspace && e.message.includes(other);
  });
  // ... also for a file that does not exist yet behind the link
  await assert.rejects(confinePath(join(ws, 'escape', 'x', 'new.txt'), [ws]), refused(ErrorCode.outsideWorkspace));
});

test('a dangling symlink is followed to where a write would land', async () => {
  await assert.rejects(confinePath(join(ws, 'dangling-out'), [ws]), refused(ErrorCode.outsideWorkspace));
  assert.equal((await confinePath(join(ws, 'dangling-in'), [ws])).realPath, join(ws, 'src', 'later.txt'));
});

test('a symlink staying inside is fine', async () => {
  assert.equal((await confinePath(join(ws, 'inner-link', 'a.txt'), [ws])).realPath, join(ws, 'src', 'a.txt'));
});

test('relative and invalid paths are invalid params', async () => {
  await assert.rejects(confinePath('src/a.txt', [ws]), refused(ErrorCode.invalidParams));
  await assert.rejects(confinePath('', [ws]), refused(ErrorCode.invalidParams));
  await assert.rejects(confinePath(42, [ws]), refused(ErrorCode.invalidParams));
  await assert.rejects(confinePath(`${ws}/a\0b`, [ws]), refused(ErrorCode.invalidParams));
});

test('a root reached through a symlink still confines by real path', async () => {
  const linkRoot = join(base, 'ws-link');
  await symlink(ws, linkRoot);
  assert.equal((await confinePath(join(linkRoot, 'src', 'a.txt'), [linkRoot])).realPath, join(ws, 'src', 'a.txt'));
  await assert.rejects(confinePath(join(linkRoot, 'escape', 'secret.txt'), [linkRoot]), refused(ErrorCode.outsideWorkspace));
});

test('a sibling directory sharing a name prefix is outside', async () => {
  await mkdir(join(base, 'ws2'), { recursive: true });
  await assert.rejects(confinePath(join(base, 'ws2', 'f'), [ws]), refused(ErrorCode.outsideWorkspace));
});

test('several roots: any one may contain the path; none means refused', async () => {
  assert.equal((await confinePath(join(other, 'secret.txt'), [ws, other])).root, other);
  await assert.rejects(confinePath(join(ws, 'src', 'a.txt'), []), refused(ErrorCode.outsideWorkspace));
});

test('a name that only starts with two dots is inside; a sibling folder sharing the prefix is not', async () => {
  const dotted = await confinePath(join(ws, '..notes', 'a.md'), [ws]);
  assert.equal(dotted.realPath, join(ws, '..notes', 'a.md'));
  await assert.rejects(confinePath(`${ws}-other/a.md`, [ws]), (e: unknown) => e instanceof HostServiceError && e.code === ErrorCode.outsideWorkspace);
});
