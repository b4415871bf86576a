/**
 * A keyboard-only journey through the panel: a permission arrives and takes focus, is answered
 * with Enter, and once it is gone focus stays on its card (not the page's body); the card folds
 * and opens with Space and Enter; Tab reaches the composer, and Enter sends.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { session, snapshot, tool, user } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const asking = tool('t1', {
  kind: 'execute', title: 'Run npm install', status: 'pending',
  content: [{ type: 'content', content: { type: 'text', text: 'installs the dependencies' } }],
  permission: { requestId: 'req-1', options: [{ optionId: 'once', name: 'Allow once', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }] },
});

const focused = (panel: Panel) => panel.page.evaluate(() => {
  const a = (globalThis as any).document.activeElement;
  return { tag: a.tagName as string, cls: a.className as string, label: (a.getAttribute('aria-label') ?? a.textContent ?? '') as string, entry: (a.closest('[data-entry-id]')?.getAttribute('data-entry-id') ?? null) as string | null };
});

test('keyboard only: reach and answer a permission, stay on its card, fold and open it, Tab to the composer and send', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'install deps')], { session: session({ turnState: 'running' }) }));
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 1, entry: asking }] }, { type: 'session', session: session({ turnState: 'requires_action' }) });
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.dataset?.optionId === 'once');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('answerPermission'), [{ type: 'answerPermission', requestId: 'req-1', optionId: 'once' }]);

  // The host resolves it: the buttons go, focus stays on the card.
  const { permission: _p, ...rest } = asking;
  await panel.send({ type: 'rows', changes: [{ op: 'update', index: 1, entry: { ...rest, status: 'completed', permissionOutcome: 'once', permissionLabel: 'Allow once' } }] }, { type: 'session', session: session({ turnState: 'idle' }) });
  await panel.page.waitForFunction(() => (globalThis as any).document.activeElement?.classList.contains('tool-toggle'));
  assert.equal((await focused(panel)).entry, 't1', 'focus is on the answered card, not the body');

  // Fold and open the card from the keyboard.
  const toggle = panel.page.locator('[data-entry-id="t1"] .tool-toggle');
  await panel.page.keyboard.press('Space');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await panel.page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await panel.page.locator('[data-entry-id="t1"] .tool-body').isVisible(), true);

  // Tab reaches the composer in a few steps; Enter sends.
  for (let i = 0; i < 12 && (await focused(panel)).cls !== 'composer-input'; i++) await panel.page.keyboard.press('Tab');
  assert.equal((await focused(panel)).cls, 'composer-input', 'Tab reaches the composer');
  await panel.page.keyboard.type('thanks');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('send'), [{ type: 'send', text: 'thanks', attachments: [], images: [] }]);
  assert.deepEqual(await panel.violations(), []);
});
