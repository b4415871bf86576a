/**
 * The changes row where the disk could not speak, at 300 px in the three themes: files the agent
 * reported (no snapshot), files outside the workspace (named, no actions), a file whose tool-call
 * diff the disk disagreed with, and that tool card's note.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot, tool, user } from './fixtures.js';
import type { ChangesEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const ROW: ChangesEntry = {
  type: 'changes', id: 'c1', turnId: 't1', files: [
    { root: '/w', path: 'src/disk.ts', status: 'modified', added: 2, deleted: 1, binary: false, diskDiffers: true },
    { root: '/v', path: 'notes/reported <b>x</b>.md', status: 'added', added: 3, deleted: 0, binary: false, source: 'reported', reported: { oldText: null, newText: 'a\nb\nc\n' } },
    { root: '', path: '/tmp/very/long/path/outside/the/workspace/<img src=x onerror=alert(1)>.log', status: 'modified', added: 1, deleted: 1, binary: false, source: 'outside' },
  ],
};
const THREAD = [
  user('u1', 'Fix it', { turnId: 't1' }),
  tool('tc1', { kind: 'edit', status: 'completed', title: 'Edit src/disk.ts', content: [{ type: 'diff', path: '/w/src/disk.ts', oldText: 'a\n', newText: 'b\n' }], diskDiffers: ['/w/src/disk.ts'] }),
  tool('tc2', { kind: 'edit', status: 'completed', title: 'Edit other.ts', content: [{ type: 'diff', path: '/w/other.ts', oldText: 'a\n', newText: 'b\n' }] }),
  ROW,
];

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}, 300 px: reported, outside and disk-differs entries read as such and fit`, async () => {
    const panel = await harness.open({ theme, width: 300, height: 900 });
    await panel.send(snapshot(THREAD));
    const reported = panel.page.locator('.changes-file[data-path="notes/reported <b>x</b>.md"]');
    await reported.locator('.file-source', { hasText: 'reported by the agent (no snapshot)' }).waitFor();
    assert.equal(await reported.locator('button[data-review-action="undo"]').count(), 1, 'a reported file keeps Undo');
    await panel.page.locator('.changes-file[data-path="src/disk.ts"] .file-disk-differs', { hasText: "differs from the agent's diff" }).waitFor();
    assert.equal(await panel.count('.changes-file[data-path="notes/reported <b>x</b>.md"] .file-disk-differs'), 0);

    const outside = panel.page.locator('.changes-file.outside');
    await outside.waitFor();
    assert.equal(await panel.text('.changes-outside .changes-note'), 'Outside the workspace — not tracked:');
    assert.equal(await outside.locator('.file-path-text').textContent(), ROW.files[2]!.path, 'named in full, as text');
    assert.equal(await outside.locator('button').count(), 0, 'nothing to review, keep or undo');
    assert.equal(await panel.count('.row.changes img, .row.changes b'), 0, 'paths are never markup');
    assert.match(await panel.text('.changes-count'), /3 files changed/);

    // The card of the call whose diff the disk disagreed with says so; the other does not.
    await panel.page.locator('.disk-differs', { hasText: 'The file on disk differs from this diff; the review shows the disk.' }).waitFor();
    assert.equal(await panel.count('.disk-differs'), 1);

    const layout = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const cs = (el: any) => (globalThis as any).getComputedStyle(el);
      const root = cs(d.documentElement);
      const row = d.querySelector('.row.changes');
      const overflowing = [...d.querySelectorAll('.row.changes *, .tool-diff-group *')].filter((el: any) => el.getBoundingClientRect().right > d.documentElement.clientWidth + 0.5).map((el: any) => el.className);
      return {
        overflowing, rowFits: row.scrollWidth <= row.clientWidth,
        warning: root.getPropertyValue('--vscode-editorWarning-foreground').trim(),
        differs: cs(d.querySelector('.file-disk-differs')).color, note: cs(d.querySelector('.disk-differs')).color,
        source: cs(d.querySelector('.file-source')).color, description: root.getPropertyValue('--vscode-descriptionForeground').trim(),
      };
    });
    assert.deepEqual(layout.overflowing, [], 'nothing sticks out of a 300 px panel');
    assert.ok(layout.rowFits);
    assert.equal(layout.differs, layout.note, 'both warnings use the same theme colour');
    assert.notEqual(layout.warning, '', 'the theme defines the warning colour the marks use');
    assert.notEqual(layout.differs, layout.source);
    await panel.screenshot(`reported-changes-${theme}`);
    assert.deepEqual(await panel.violations(), []);
    await panel.page.close();
  });
}

test('Undo on a reported file and Open diff on a card go to the host; the outside entry sends nothing', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot(THREAD));
  await panel.clearPosted();
  await panel.page.locator('.changes-file[data-path="notes/reported <b>x</b>.md"] button[data-review-action="undo"]').click();
  await panel.page.locator('.tool-diff-group button', { hasText: 'Open diff' }).click();
  await panel.page.locator('.changes-file.outside .file-path-text').click();
  await panel.page.waitForFunction(() => (globalThis as any).__posted?.some((m: { type: string }) => m.type === 'openDiff'));
  const posted = (await panel.posted()).filter((m) => m.type === 'reviewChanges' || m.type === 'openDiff');
  assert.deepEqual(posted, [
    { type: 'reviewChanges', turnId: 't1', action: 'undo', root: '/v', path: 'notes/reported <b>x</b>.md' },
    { type: 'openDiff', toolCallId: 'call-tc1', contentIndex: 0 },
  ]);
  await panel.page.close();
});
