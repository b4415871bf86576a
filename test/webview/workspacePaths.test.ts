/**
 * Paths a person reads in the panel are relative to the workspace folders the snapshot names:
 * tool titles, locations, diffs, permission questions, changes rows; `folder/path` with several
 * folders; the absolute path on hover; a path outside every folder whole and marked "outside".
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { snapshot, tool } from './fixtures.js';
import type { ChangesEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const APP = { name: 'app', path: '/home/ann/work/app' };
const API = { name: 'api', path: '/srv/api' };

const editCard = tool('t1', {
  kind: 'edit', title: 'Edit /home/ann/work/app/src/app.ts', status: 'completed',
  locations: [{ path: '/home/ann/work/app/src/app.ts', line: 12 }, { path: '/etc/hosts' }],
  content: [{ type: 'diff', path: '/home/ann/work/app/src/app.ts', oldText: 'a\n', newText: 'b\n' }],
});
const asking = tool('t2', {
  kind: 'edit', title: 'Write /etc/hosts', status: 'pending',
  permission: { requestId: 'r1', title: 'Allow writing "/home/ann/work/app/.env" and /etc/hosts?', options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }] },
});
const run = tool('t3', { kind: 'execute', title: 'Run /usr/bin/git -C /home/ann/work/app status', status: 'completed' });
const changes: ChangesEntry = {
  type: 'changes', id: 'c1', turnId: 'turn-1', files: [
    { root: '/home/ann/work/app', path: 'src/app.ts', status: 'modified', added: 1, deleted: 1, binary: false },
    { root: '/srv/api', path: 'index.js', status: 'added', added: 3, deleted: 0, binary: false },
  ],
};

async function open(entries: ThreadEntry[], roots: Array<{ name: string; path: string }>): Promise<Panel> {
  const panel = await harness.open({ width: 340 });
  await panel.send(snapshot(entries, { roots }));
  await panel.page.locator('.row').last().waitFor();
  return panel;
}

test('one folder: a tool title, its locations and its diff show workspace-relative paths, the absolute path on hover', async () => {
  const panel = await open([editCard], [APP]);
  const card = panel.page.locator('.row.tool').first();
  assert.equal((await card.locator('.tool-title').textContent())?.trim(), 'Edit src/app.ts');
  assert.equal(await card.locator('.tool-title .shown-path').getAttribute('title'), '/home/ann/work/app/src/app.ts');
  assert.match(await card.getAttribute('aria-label') ?? '', /^Tool call: Edit src\/app\.ts,/);
  const links = card.locator('.location-link');
  assert.deepEqual(await links.evaluateAll((els) => els.map((e) => [e.textContent?.trim(), e.getAttribute('title')])), [
    ['src/app.ts:12', '/home/ann/work/app/src/app.ts:12'],
    ['/etc/hosts outside', '/etc/hosts — outside the workspace'],
  ]);
  assert.equal((await card.locator('.tool-diff .diff-path').textContent())?.trim(), 'src/app.ts');
  // What the link opens is still the absolute path.
  assert.equal(await links.first().getAttribute('data-path'), '/home/ann/work/app/src/app.ts');
  await panel.screenshot('paths-tool-340');
});

test('a permission question: the path inside the folder relative, the one outside whole and marked', async () => {
  const panel = await open([asking], [APP]);
  const question = panel.page.locator('.permission-question');
  assert.equal((await question.textContent())?.trim(), 'Allow writing ".env" and /etc/hosts outside?');
  assert.equal(await question.locator('.path-outside').getAttribute('title'), '/etc/hosts — outside the workspace');
  // The group is labelled by the question as shown.
  assert.match(await panel.page.getByRole('group', { name: /Allow writing/ }).last().textContent() ?? '', /\.env/);
  await panel.screenshot('paths-permission-340');
});

test('a command: the path in the folder relative, a program outside it left as the agent wrote it (not marked)', async () => {
  const panel = await open([run], [APP]);
  assert.equal((await panel.page.locator('.row.tool .tool-title').textContent())?.trim(), 'Run /usr/bin/git -C app status');
  assert.equal(await panel.count('.row.tool .outside-mark'), 0);
});

test('several folders: folder/path in titles and in the changes row, the absolute path on hover', async () => {
  const panel = await open([editCard, changes], [APP, API]);
  assert.equal((await panel.page.locator('.row.tool .tool-title').first().textContent())?.trim(), 'Edit app/src/app.ts');
  const files = panel.page.locator('.row.changes .file-path');
  assert.deepEqual(await files.evaluateAll((els) => els.map((e) => [e.textContent?.trim(), e.getAttribute('title')])), [
    ['app/src/app.ts', '/home/ann/work/app/src/app.ts'],
    ['api/index.js', '/srv/api/index.js'],
  ]);
});

test('without folders (a host that sends none): paths stay as the agent wrote them, nothing marked', async () => {
  const panel = await open([editCard], []);
  assert.equal((await panel.page.locator('.row.tool .tool-title').textContent())?.trim(), 'Edit /home/ann/work/app/src/app.ts');
  assert.equal(await panel.count('.outside-mark'), 0);
});
