/** The session tab strip: hidden with one tab, states shown, switching and closing posted, keyboard. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { snapshot, user } from './fixtures.js';
import type { SessionTabs } from '../../src/shared/webviewProtocol.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const TWO: SessionTabs = {
  activeId: 'tab-1',
  tabs: [
    { id: 'tab-1', title: 'Fix the build', state: 'idle' },
    { id: 'tab-2', title: 'Write docs', state: 'running' },
  ],
};

test('one tab: no strip; two: a tablist with titles, the active one selected, states visible', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')], { tabs: { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'hi', state: 'idle' }] } }));
  assert.equal(await panel.page.locator('.session-tabs').isHidden(), true);
  await panel.send({ type: 'tabs', tabs: TWO });
  assert.equal(await panel.page.locator('.session-tabs').isVisible(), true);
  assert.deepEqual(await panel.page.getByRole('tab').allTextContents(), ['Fix the build', 'Write docs']);
  assert.equal(await panel.page.getByRole('tab', { name: 'Fix the build' }).getAttribute('aria-selected'), 'true');
  assert.equal(await panel.count('.session-tab.state-running .codicon-loading'), 1);
  assert.match(await panel.page.getByRole('tab', { name: 'Write docs' }).getAttribute('title') ?? '', /working/);
  await panel.screenshot('tabs');
});

test('clicking a tab switches, the close button closes, + opens a new session', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { tabs: TWO }));
  await panel.page.getByRole('tab', { name: 'Fix the build' }).click();
  await panel.page.getByRole('tab', { name: 'Write docs' }).click();
  await panel.page.getByRole('button', { name: 'Close Fix the build' }).click();
  await panel.page.locator('.session-tab-new').click();
  assert.deepEqual((await panel.posted()).filter((m) => m.type !== 'ready'), [
    { type: 'switchTab', id: 'tab-2' },
    { type: 'closeTab', id: 'tab-1' },
    { type: 'newSession' },
  ]);
});

test('keyboard: arrows move focus, Enter switches, Delete closes; a redraw keeps focus', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { tabs: TWO }));
  await panel.page.getByRole('tab', { name: 'Fix the build' }).focus();
  await panel.page.keyboard.press('ArrowRight');
  await panel.send({ type: 'tabs', tabs: { ...TWO, tabs: [TWO.tabs[0]!, { ...TWO.tabs[1]!, state: 'waiting' }] } });
  assert.equal(await panel.page.evaluate(() => (globalThis as any).document.activeElement?.textContent), 'Write docs');
  await panel.page.keyboard.press('Enter');
  await panel.page.keyboard.press('Delete');
  assert.deepEqual(await panel.postedOf('switchTab'), [{ type: 'switchTab', id: 'tab-2' }]);
  assert.deepEqual(await panel.postedOf('closeTab'), [{ type: 'closeTab', id: 'tab-2' }]);
});

test('tabs of different agents name their agent, in the tab and its tooltip', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], {
    tabs: {
      activeId: 'tab-1',
      tabs: [
        { id: 'tab-1', title: 'Fix the build', state: 'idle', agentName: 'Claude' },
        { id: 'tab-2', title: 'Write docs', state: 'idle', agentName: 'Gemini' },
      ],
    },
  }));
  assert.deepEqual(await panel.page.locator('.session-tab-agent').allTextContents(), ['Claude', 'Gemini']);
  assert.equal(await panel.page.getByRole('tab', { name: /Write docs/ }).getAttribute('title'), 'Write docs — Gemini');
});

test('tabs of one agent show their titles only (the tooltip names the agent): in a 300 px panel a long title and "New session" fit side by side', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot([], {
    tabs: {
      activeId: 'tab-2',
      tabs: [
        { id: 'tab-1', title: 'Explain the plan for the parser', state: 'idle', agentName: 'Example Agent' },
        { id: 'tab-2', title: 'New session', state: 'idle', agentName: 'Example Agent' },
      ],
    },
  }));
  assert.equal(await panel.count('.session-tab-agent'), 0, 'one agent: its name is not repeated in every tab');
  assert.equal(await panel.page.getByRole('tab', { name: /New session/ }).getAttribute('title'), 'New session — Example Agent');
  const strip = panel.page.locator('.session-tab-list');
  assert.ok(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth), 'both tabs in view, none scrolled out');
  assert.deepEqual(await panel.page.locator('.session-tab-title').allTextContents(), ['Explain the…parser', 'New session']);
  assert.ok(await panel.page.locator('.session-tab-title').first().evaluate((el) => el.scrollWidth <= el.clientWidth), 'the cut title fits its tab: not cut again at its end');
  await panel.screenshot('tabs-one-agent-narrow');
});

test('a restored tab is not shown as ended: its own icon and a tooltip saying the next prompt continues it', async () => {
  for (const theme of ['dark', 'light', 'high-contrast'] as const) {
    const panel = await harness.open({ theme });
    await panel.send(snapshot([user('u1', 'hi')], {
      tabs: {
        activeId: 'tab-1',
        tabs: [
          { id: 'tab-1', title: 'Fix the build', state: 'restored', agentName: 'Claude' },
          { id: 'tab-2', title: 'Write docs', state: 'closed', agentName: 'Gemini' },
        ],
      },
    }));
    const restored = panel.page.locator('.session-tab.state-restored');
    assert.equal(await restored.locator('.codicon-history').count(), 1, 'the restored icon');
    assert.equal(await restored.getByRole('tab').getAttribute('title'), 'Fix the build — Claude (Restored — continues when you send)');
    assert.equal(await restored.locator('.session-tab-title').evaluate((el) => (globalThis as any).getComputedStyle(el).fontStyle), 'normal', 'not drawn like an ended tab');
    const ended = panel.page.locator('.session-tab.state-closed');
    assert.equal(await ended.getByRole('tab').getAttribute('title'), 'Write docs — Gemini (ended)');
    assert.equal(await ended.locator('.session-tab-label .codicon').count(), 0, 'an ended tab has no state icon');
    assert.equal(await ended.locator('.session-tab-title').evaluate((el) => (globalThis as any).getComputedStyle(el).fontStyle), 'italic');
    // The icon takes the tab's own (theme) colour.
    const colours = await restored.evaluate((tab: any) => [(globalThis as any).getComputedStyle(tab).color, (globalThis as any).getComputedStyle(tab.querySelector('.codicon-history')).color]);
    assert.equal(colours[1], colours[0]);
    await panel.screenshot(`tabs-restored-${theme}`);
  }
});

test('a narrow panel: the strip scrolls, and the shown tab is kept in view', async () => {
  const panel = await harness.open({ width: 300 });
  const many = (activeId: string): SessionTabs => ({
    activeId,
    tabs: [1, 2, 3, 4, 5].map((n) => ({ id: `tab-${n}`, title: `Conversation number ${n}`, agentName: 'scripted', state: 'idle' as const })),
  });
  const inView = (id: string) => panel.page.evaluate((tabId) => {
    const list = document.querySelector('.session-tab-list')!.getBoundingClientRect();
    const tab = document.querySelector(`[data-tab-id="${tabId}"]`)!.getBoundingClientRect();
    return tab.left >= list.left - 1 && tab.right <= list.right + 1;
  }, id);
  await panel.send(snapshot([], { tabs: many('tab-5') }));
  assert.ok(await panel.page.evaluate(() => { const l = document.querySelector('.session-tab-list')!; return l.scrollWidth > l.clientWidth; }), 'five tabs overflow 300 px');
  assert.ok(await inView('tab-5'), 'the last tab, shown, is scrolled into view');
  await panel.send({ type: 'tabs', tabs: many('tab-1') });
  assert.ok(await inView('tab-1'), 'back to the first');
});

test('a tab in its own worktree: its branch in the tab and the header, which lists its changes when pressed', async () => {
  const panel = await harness.open({ width: 300 });
  const tabs: SessionTabs = { activeId: 'tab-2', tabs: [TWO.tabs[0]!, { ...TWO.tabs[1]!, branch: 'agent/write-docs' }] };
  await panel.send(snapshot([user('u1', 'hi')], { tabs }));
  assert.equal(await panel.count('.session-tab .session-tab-branch'), 1, 'only the worktree tab has the branch icon');
  assert.match(await panel.page.getByRole('tab', { name: 'Write docs' }).getAttribute('title') ?? '', /worktree agent\/write-docs/);
  const branch = panel.page.getByRole('button', { name: /Works in its own worktree on agent\/write-docs/ });
  assert.equal(await branch.textContent(), 'agent/write-docs');
  const fit = await panel.page.evaluate(() => {
    const line = (globalThis as any).document.querySelector('.panel-header .header-line.secondary');
    return line.scrollWidth - line.clientWidth;
  });
  assert.ok(fit <= 0, `the header's second line fits a 300 px panel (${fit} px over)`);
  await panel.screenshot('worktree-tab');
  await panel.clearPosted();
  await branch.click();
  assert.deepEqual(await panel.postedOf('worktreeChanges'), [{ type: 'worktreeChanges' }]);
  // The other tab works in the user's folder: no branch in the header.
  await panel.send({ type: 'tabs', tabs: { ...tabs, activeId: 'tab-1' } });
  assert.equal(await panel.count('.panel-header .worktree-branch'), 0);
});
