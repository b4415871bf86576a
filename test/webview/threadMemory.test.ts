/**
 * What the user opened or typed is remembered per thread: row ids start at `e1` in every thread,
 * so a card opened in one tab's row must not open another tab's (or a new session's) row of the
 * same id. Each thread's memory comes back with it, after a reload too, under the name the host
 * gives it (`threadKey`), and goes with the thread when the host renames it (its session opened).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { agent, session, snapshot, user } from './fixtures.js';
import type { SessionTabs } from '../../src/shared/webviewProtocol.js';
import type { ElicitationEntry, SubagentEntry, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

/** Two tabs; `keys` names their threads (distinct per test: the page's saved state is shared by the harness's pages). */
function tabs(active: 'tab-1' | 'tab-2', keys: [string, string]): SessionTabs {
  return { activeId: active, tabs: [{ id: 'tab-1', title: 'one', state: 'idle', threadKey: keys[0] }, { id: 'tab-2', title: 'two', state: 'idle', threadKey: keys[1] }] };
}

/** Every thread has a helper's card on its row e2 (the same id in each). */
const card = (childId: string, title: string): SubagentEntry => ({
  type: 'subagent', id: 'e2', childId, title, agentType: 'Explore', state: 'completed', toolCalls: 1, filesChanged: 0, rows: 1,
});
const threadOf = (childId: string, title: string): ThreadEntry[] => [agent('e1', `Sending ${title}.`), card(childId, title)];
const childRows = (childId: string) => ({ [childId]: [agent('e1', `Inside ${childId}.`)] });

function show(panel: Panel, tab: 'tab-1' | 'tab-2', keys: [string, string]): Promise<void> {
  const childId = tab === 'tab-1' ? 'c1' : 'c2';
  return panel.send(snapshot(threadOf(childId, tab === 'tab-1' ? 'First helper' : 'Second helper'), { children: childRows(childId), tabs: tabs(tab, keys) }));
}

/** The card's toggle says open (`true`) or folded; retried until the page agrees or the check times out. */
async function expectCard(panel: Panel, name: string, open: boolean): Promise<void> {
  const toggle = panel.page.getByRole('button', { name: new RegExp(name) });
  await toggle.waitFor();
  await panel.page.waitForFunction(([n, o]) => {
    const b = Array.from((globalThis as any).document.querySelectorAll('.nested-toggle')).find((e: any) => e.textContent.includes(n)) as any;
    return !!b && b.getAttribute('aria-expanded') === String(o);
  }, [name, open] as const).catch(async () => assert.fail(`${name}: aria-expanded ${await toggle.getAttribute('aria-expanded')}, expected ${open}`));
}

test('a card opened in one tab leaves the same row of another tab folded; each tab gets its own back, after a reload too', async () => {
  const keys: [string, string] = ['saved-a', 'saved-b'];
  const panel = await harness.open();
  await show(panel, 'tab-1', keys);
  await expectCard(panel, 'First helper', false);
  await panel.page.getByRole('button', { name: /First helper/ }).click();
  await expectCard(panel, 'First helper', true);

  await show(panel, 'tab-2', keys);
  await expectCard(panel, 'Second helper', false);
  assert.equal(await panel.count('.nested-card.open'), 0, 'nothing opened by itself');
  // Folded by hand here: that choice is this thread's, not the first one's.
  await panel.page.getByRole('button', { name: /Second helper/ }).click();
  await panel.page.getByRole('button', { name: /Second helper/ }).click();

  await show(panel, 'tab-1', keys);
  await expectCard(panel, 'First helper', true);

  // The next window: tab ids start again, the threads' names are the same.
  await panel.reload();
  const renumbered = (active: 'tab-1' | 'tab-2') => ({ ...tabs(active, keys), activeId: active === 'tab-1' ? 'tab-7' : 'tab-8', tabs: tabs(active, keys).tabs.map((t, i) => ({ ...t, id: `tab-${7 + i}` })) });
  await panel.send(snapshot(threadOf('c2', 'Second helper'), { children: childRows('c2'), tabs: renumbered('tab-2') }));
  await expectCard(panel, 'Second helper', false);
  await panel.send(snapshot(threadOf('c1', 'First helper'), { children: childRows('c1'), tabs: renumbered('tab-1') }));
  await expectCard(panel, 'First helper', true);
});

test('a new session shows its cards folded, whatever was opened in the thread before it in the same tab', async () => {
  const panel = await harness.open();
  const one = { activeId: 'tab-1', tabs: [{ id: 'tab-1', title: 'one', state: 'idle' as const, threadKey: 'before-new' }] };
  await panel.send(snapshot(threadOf('c1', 'First helper'), { children: childRows('c1'), tabs: one }));
  await panel.page.getByRole('button', { name: /First helper/ }).click();
  await expectCard(panel, 'First helper', true);
  // A new session in the tab: its thread has another name. The panel was hidden meanwhile, so its
  // first snapshot already holds the new session's card on the same row id.
  const fresh = { activeId: 'tab-1', tabs: [{ ...one.tabs[0]!, threadKey: 'tab-1.1@w' }] };
  await panel.send(snapshot(threadOf('c9', 'Fresh helper'), { children: childRows('c9'), tabs: fresh }));
  await expectCard(panel, 'Fresh helper', false);
  assert.equal(await panel.count('.nested-card.open'), 0);
});

test('a thread renamed while shown (its session opened) keeps what the user opened, and finds it under the new name after a reload', async () => {
  const panel = await harness.open();
  const named = (threadKey: string) => ({ activeId: 'tab-3', tabs: [{ id: 'tab-3', title: 'new', state: 'idle' as const, threadKey }] });
  await panel.send(snapshot(threadOf('c1', 'First helper'), { children: childRows('c1'), tabs: named('tab-3.0@w') }));
  await panel.page.getByRole('button', { name: /First helper/ }).click();
  await expectCard(panel, 'First helper', true);
  await panel.send({ type: 'tabs', tabs: named('saved-renamed') });
  await panel.reload();
  await panel.send(snapshot(threadOf('c1', 'First helper'), { children: childRows('c1'), tabs: named('saved-renamed') }));
  await expectCard(panel, 'First helper', true);
});

test('a form half filled in one tab is not filled in another tab’s form of the same row id; its own comes back', async () => {
  const form = (requestId: string): ElicitationEntry => ({
    type: 'elicitation', id: 'e2', requestId, status: 'pending',
    prompt: { mode: 'form', message: 'Name it', fields: [{ name: 'name', label: 'Service name', required: true, kind: 'text' }] },
  });
  const keys: [string, string] = ['form-a', 'form-b'];
  const asked = (tab: 'tab-1' | 'tab-2') => panel.send(snapshot([user('e1', 'deploy'), form(`ask-${tab}`)], { session: session({ turnState: 'requires_action' }), tabs: tabs(tab, keys) }));
  const input = () => panel.page.locator('.elicitation-field[data-name="name"] input');
  const panel = await harness.open();
  await asked('tab-1');
  await input().fill('half');
  await asked('tab-2');
  await panel.page.locator('.elicitation-form[data-request-id="ask-tab-2"]').waitFor();
  assert.equal(await input().inputValue(), '');
  await asked('tab-1');
  await panel.page.locator('.elicitation-form[data-request-id="ask-tab-1"]').waitFor();
  assert.equal(await input().inputValue(), 'half');
});

/** A thread of 40 rows, taller than the view: `tab` names it in every row. */
const longThread = (tab: string): ThreadEntry[] => Array.from({ length: 40 }, (_, i) => agent(`e${i + 1}`, `${tab} answer ${i + 1}\n\n- one\n- two\n\nmore`));

/** Waits until the thread shows row `id` and its view is at the `where` end (retried until it holds or the check times out). */
function settled(panel: Panel, id: string, where: 'top' | 'bottom'): Promise<unknown> {
  return panel.page.waitForFunction(([rowId, at]) => {
    const d = (globalThis as any).document;
    const t = d.querySelector('.thread') as HTMLElement;
    const row = d.querySelector(`[data-entry-id="${rowId}"]`) as HTMLElement | null;
    if (!row || t.scrollHeight <= t.clientHeight * 2) return false;
    const gap = t.scrollHeight - t.scrollTop - t.clientHeight;
    return at === 'bottom' ? gap < 40 : t.scrollTop < 40;
  }, [id, where] as const);
}

/** A page 500 px high showing the first of two tabs' long threads, settled at its bottom; `showLong` shows either. */
async function longTabs(keys: [string, string]): Promise<{ panel: Panel; showLong: (tab: 'tab-1' | 'tab-2') => Promise<void> }> {
  const panel = await harness.open({ height: 500 });
  const showLong = (tab: 'tab-1' | 'tab-2') => panel.send(snapshot(longThread(tab), { tabs: tabs(tab, keys) }));
  await showLong('tab-1');
  await settled(panel, 'e40', 'bottom');
  return { panel, showLong };
}

test('each tab keeps its own scroll position: a thread scrolled up in one tab opens at the bottom of another, and comes back where it was', async () => {
  const { panel, showLong } = await longTabs(['scroll-a', 'scroll-b']);
  // The user scrolls to the top of the first tab's thread.
  await panel.page.locator('.thread').evaluate((t) => { t.scrollTop = 0; });
  await settled(panel, 'e1', 'top');

  await showLong('tab-2');
  await settled(panel, 'e40', 'bottom').catch(() => assert.fail('the second tab opened away from its bottom'));
  await showLong('tab-1');
  await settled(panel, 'e1', 'top').catch(() => assert.fail('the first tab did not come back where the user left it'));
  // And the second still opens at its bottom, after a reload too.
  await showLong('tab-2');
  await settled(panel, 'e40', 'bottom');
  await panel.reload();
  await showLong('tab-1');
  await settled(panel, 'e1', 'top').catch(() => assert.fail('after a reload the first tab did not come back where the user left it'));
});

test('a tab switched in the very frame the user scrolled keeps that scroll: the browser\'s scroll event comes after the other thread is shown', async () => {
  const keys: [string, string] = ['scroll-race-a', 'scroll-race-b'];
  const { panel, showLong } = await longTabs(keys);
  // One task: the scroll to the top, then the other tab's snapshot, before any frame sends the scroll event.
  await panel.page.evaluate(([message]) => {
    const w = globalThis as any;
    (w.document.querySelector('.thread') as HTMLElement).scrollTop = 0;
    w.dispatchEvent(new w.MessageEvent('message', { data: message }));
    w.__agentChatHooks.flush();
  }, [snapshot(longThread('tab-2'), { tabs: tabs('tab-2', keys) })] as const);
  await settled(panel, 'e40', 'bottom').catch(() => assert.fail('the second tab opened away from its bottom'));
  await showLong('tab-1');
  await settled(panel, 'e1', 'top').catch(() => assert.fail('the first tab did not come back where the user scrolled it'));
});
