// The same checks on a real disk: links made with symlink(2), resolved by the resolver the
// extension uses (services/confine.ts realPathOf).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolKind } from '../../../src/protocol/events.js';
import { advise, type AdvisorEnv } from '../../../src/permissions/advisor.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';
import { realPathOf } from '../../../src/services/confine.js';

let base: string;
let ws: string;
let env: AdvisorEnv;

before(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'rules-')));
  ws = join(base, 'ws');
  await mkdir(join(ws, 'src'), { recursive: true });
  await mkdir(join(ws, 'docs'));
  await mkdir(join(base, 'outside'));
  await writeFile(join(ws, 'src', 'a.ts'), 'a');
  await writeFile(join(ws, '.env'), 'SECRET=1');
  await writeFile(join(base, 'outside', 'b.txt'), 'b');
  await symlink(join(base, 'outside'), join(ws, 'src', 'out'));
  await symlink(join(ws, '.env'), join(ws, 'src', 'config.ts'));
  await symlink(join(ws, 'docs'), join(ws, 'src', 'docs'));
  await symlink(join(base, 'outside', 'new.txt'), join(ws, 'src', 'dangling'));
  env = {
    flavor: pathFlavor(process.platform),
    roots: [ws],
    realPath: realPathOf,
    trusted: true,
    agent: 'A',
    workspace: 'W',
    rules: [
      { id: 'edits', agent: 'A', workspace: 'W', action: 'edit', scope: { type: 'path', path: join(ws, 'src'), folder: true }, created: 0 },
      { id: 'reads', agent: 'A', workspace: 'W', action: 'read', scope: { type: 'workspace' }, created: 0 },
    ],
  };
});
after(() => rm(base, { recursive: true, force: true }));

const options = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }];
const kindOf = async (kind: string, path: string) => (await advise({ toolCall: { kind: kind as ToolKind, locations: [{ path }] }, cwd: ws }, options, env)).kind;

test('a plain file inside the rule is answered; a new file there too', async () => {
  assert.equal(await kindOf('edit', join(ws, 'src', 'a.ts')), 'answer');
  assert.equal(await kindOf('edit', join(ws, 'src', 'new', 'file.ts')), 'answer');
});

test('a link to a folder outside the workspace asks', async () => {
  assert.equal(await kindOf('read', join(ws, 'src', 'out', 'b.txt')), 'ask');
  assert.equal(await kindOf('edit', join(ws, 'src', 'out', 'b.txt')), 'ask');
});

test('a harmless name that links to .env asks', async () => {
  assert.equal(await kindOf('edit', join(ws, 'src', 'config.ts')), 'ask');
  assert.equal(await kindOf('read', join(ws, 'src', 'config.ts')), 'ask');
});

test('a dangling link is judged where a write would land (outside: asks)', async () => {
  assert.equal(await kindOf('edit', join(ws, 'src', 'dangling')), 'ask');
});

test('a link that stays inside is covered only by a rule covering where it leads', async () => {
  assert.equal(await kindOf('edit', join(ws, 'src', 'docs', 'x.md')), 'ask');
  assert.equal(await kindOf('read', join(ws, 'src', 'docs', 'x.md')), 'answer');
});
