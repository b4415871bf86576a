/**
 * The Open button of a file plan opens only a `file:` URI inside a workspace root, checked on
 * its real path: a path outside, a link leading out, another scheme or a malformed URI is refused
 * with the reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { planFileTarget } from '../../../src/services/planFile.js';

test('a plan file inside a root opens at its real path; outside, through a link out, or not a file URI: refused', async () => {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'plan-file-')));
  try {
    const root = join(base, 'ws');
    const outside = join(base, 'outside');
    await mkdir(join(root, 'docs'), { recursive: true });
    await mkdir(outside);
    await writeFile(join(root, 'docs', 'PLAN v2.md'), '# plan');
    await writeFile(join(outside, 'secret.md'), 'no');
    await symlink(outside, join(root, 'leak'));

    assert.deepEqual(await planFileTarget(pathToFileURL(join(root, 'docs', 'PLAN v2.md')).href, [root]), { ok: true, path: join(root, 'docs', 'PLAN v2.md') });
    const refused = async (uri: string, why: RegExp) => {
      const r = await planFileTarget(uri, [root]);
      assert.equal(r.ok, false, uri);
      assert.match(r.ok ? '' : r.reason, why, uri);
    };
    await refused(pathToFileURL(join(outside, 'secret.md')).href, /outside the workspace/);
    await refused(pathToFileURL(join(root, 'leak', 'secret.md')).href, /outside the workspace.*resolves to/);
    await refused(`${pathToFileURL(root).href}/../outside/secret.md`, /outside the workspace/);
    await refused('https://example.com/PLAN.md', /not a file URI/);
    await refused('file://server/share/PLAN.md', /not a usable file URI/);
    assert.equal((await planFileTarget(pathToFileURL(join(root, 'docs', 'PLAN v2.md')).href, [])).ok, false, 'no workspace folder: nothing opens');
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
