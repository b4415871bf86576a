import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { killProcessTree, spawnInGroup } from '../../../src/services/process/processTree.js';
import { alive } from '../../peer/support/processes.js';

const fixture = fileURLToPath(new URL('./fixtures/spawns-grandchild.mjs', import.meta.url));

test('killing the tree leaves no orphan, even when SIGTERM is ignored', async () => {
  const child = spawnInGroup(process.execPath, [fixture], { cwd: process.cwd(), env: process.env });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const { pid, grandchild } = JSON.parse(line) as { pid: number; grandchild: number };
  assert.ok(alive(pid) && alive(grandchild));
  // Both ignore SIGTERM: the kill returns, and they are gone below, only if it escalated to SIGKILL.
  await killProcessTree(child, 300);
  // The grandchild is reaped by init; give it a moment (up to 15 s on a loaded machine).
  for (let i = 0; i < 750 && (alive(pid) || alive(grandchild)); i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(alive(pid), false, 'agent process survived');
  assert.equal(alive(grandchild), false, 'grandchild survived');
});
