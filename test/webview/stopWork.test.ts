/**
 * The Stop control of one tool call or agent-owned terminal (v2 `capabilities.cancel`), in the
 * real webview bundle under the panel CSP: shown only when the work offers it, keyboard
 * reachable, posts `stopWork`, "Stopping…" until the host reports the end, refusals on the row.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Panel } from './harness.js';
import { snapshot, tool } from './fixtures.js';
import type { TerminalEntry, TerminalView, ThreadEntry } from '../../src/thread/types.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const update = (index: number, entry: ThreadEntry) => ({ type: 'rows' as const, changes: [{ op: 'update' as const, index, entry }] });
const view = (extra: Partial<TerminalView> = {}): TerminalView => ({ terminalId: 'T', command: 'npm run watch', output: 'watching\n', truncated: false, ...extra });
const own = (extra: Partial<TerminalView> = {}): TerminalEntry => ({ type: 'terminal', id: 'x1', terminalId: 'T', terminal: view(extra) });

const focusedLabel = (panel: Panel) => panel.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

async function clean(panel: Panel): Promise<void> {
  assert.deepEqual(await panel.violations(), []);
  assert.deepEqual(await panel.consoleErrors(), []);
}

test('tool call: no Stop without the capability, nor once the call has ended', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([
    tool('a', { title: 'Plain', status: 'in_progress' }),
    tool('b', { title: 'Done', status: 'completed', cancellable: true }),
    tool('c', { title: 'Cancelled', status: 'cancelled', cancellable: true }),
    tool('d', { title: 'Ended while stopping', status: 'failed', stop: { state: 'stopping' } }),
    tool('e', { title: 'Ended after a refusal', status: 'completed', stop: { state: 'refused', message: 'no' } }),
  ]));
  assert.equal(await panel.count('.stop-btn'), 0);
  assert.equal(await panel.count('.stop-refused'), 0, 'an ended call has nothing left to stop');
  await clean(panel);
});

test('tool call: Stop is a keyboard-reachable button that posts stopWork; then Stopping…, then gone', async () => {
  const panel = await harness.open();
  const running = tool('a', { title: 'Index the workspace', kind: 'execute', status: 'in_progress', cancellable: true });
  await panel.send(snapshot([running]));
  const button = panel.page.getByRole('button', { name: 'Stop Index the workspace' });
  assert.equal(await button.count(), 1);
  assert.equal(await button.textContent(), 'Stop');
  assert.equal(await panel.count('[data-entry-id="a"] .stop-btn .codicon-debug-stop'), 1, 'a codicon');
  await button.focus();
  assert.equal(await focusedLabel(panel), 'Stop Index the workspace');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('stopWork'), [{ type: 'stopWork', target: { type: 'tool_call', toolCallId: 'call-a' } }]);
  await button.dispatchEvent('click');
  assert.equal((await panel.postedOf('stopWork')).length, 1, 'a second press before the host answers sends nothing');

  await panel.send(update(0, { ...running, stop: { state: 'stopping' } }));
  const stopping = panel.page.getByRole('button', { name: 'Stopping Index the workspace' });
  assert.equal(await stopping.getAttribute('aria-disabled'), 'true');
  assert.equal(await stopping.textContent(), 'Stopping…');
  assert.equal(await focusedLabel(panel), 'Stopping Index the workspace', 'keyboard focus follows the rebuilt control');
  await stopping.dispatchEvent('click');
  assert.equal((await panel.postedOf('stopWork')).length, 1, 'Stopping… sends nothing');
  await panel.screenshot('stop-tool-stopping');

  const { stop: _s, cancellable: _c, ...ended } = { ...running, stop: undefined };
  await panel.send(update(0, { ...ended, status: 'cancelled' }));
  assert.equal(await panel.count('.stop-btn'), 0);
  assert.match(await panel.text('[data-entry-id="a"] .tool-status'), /Cancelled/);
  await clean(panel);
});

test('tool call: the agent’s refusal is said on the card (not a toast), and Stop is offered again', async () => {
  const panel = await harness.open();
  const running = tool('a', { title: 'Upload the report', status: 'in_progress', cancellable: true, stop: { state: 'refused', message: 'Invalid params: past the point of no return' } });
  await panel.send(snapshot([running]));
  assert.equal(await panel.text('[data-entry-id="a"] .stop-refused[role="status"]'), 'Not stopped: Invalid params: past the point of no return');
  assert.equal(await panel.page.getByRole('button', { name: 'Stop Upload the report' }).count(), 1);
  // Folding the card keeps the refusal and the button in view.
  await panel.page.locator('[data-entry-id="a"] .tool-toggle').click();
  assert.equal(await panel.page.locator('[data-entry-id="a"] .stop-refused').isVisible(), true);
  assert.equal(await panel.page.getByRole('button', { name: 'Stop Upload the report' }).isVisible(), true);
  await panel.screenshot('stop-tool-refused');
  await clean(panel);
});

test('agent-owned terminal row: Stop only while it runs and offers it; posts stopWork for the terminal', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([own()]));
  assert.equal(await panel.count('.stop-btn'), 0, 'no capability, no button');
  await panel.send(update(0, own({ cancellable: true })));
  const button = panel.page.getByRole('button', { name: 'Stop npm run watch' });
  await button.focus();
  await panel.page.keyboard.press('Space');
  assert.deepEqual(await panel.postedOf('stopWork'), [{ type: 'stopWork', target: { type: 'terminal', terminalId: 'T' } }]);
  await panel.send(update(0, own({ cancellable: true, stop: { state: 'stopping' } })));
  assert.equal(await panel.text('.row.terminal .stop-btn.stopping'), 'Stopping…');
  assert.equal(await focusedLabel(panel), 'Stopping npm run watch');
  await panel.send(update(0, own({ cancellable: true, stop: { state: 'refused', message: 'it is nearly done' } })));
  assert.equal(await panel.text('.row.terminal .stop-refused'), 'Not stopped: it is nearly done');
  assert.equal(await focusedLabel(panel), 'Stop npm run watch', 'offered again, still focused');
  await panel.send(update(0, own({ cancellable: true, exitStatus: { signal: 'SIGTERM' } })));
  assert.equal(await panel.count('.stop-btn'), 0, 'exited: nothing to stop');
  assert.equal(await panel.text('.row.terminal .terminal-status'), 'killed by SIGTERM');
  await clean(panel);
});

test('agent-owned terminal inside a tool card: its own Stop, next to the card’s', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([tool('a', {
    title: 'Build', kind: 'execute', status: 'in_progress', cancellable: true,
    content: [{ type: 'terminal', terminalId: 'T' }], terminals: { T: view({ cancellable: true }) },
  })]));
  assert.equal(await panel.page.getByRole('button', { name: 'Stop Build' }).count(), 1);
  const entry = tool('a', {
    title: 'Build', kind: 'execute', status: 'in_progress', cancellable: true,
    content: [{ type: 'terminal', terminalId: 'T' }], terminals: { T: view({ cancellable: true }) },
  });
  await panel.page.getByRole('button', { name: 'Stop npm run watch' }).click();
  assert.deepEqual(await panel.postedOf('stopWork'), [{ type: 'stopWork', target: { type: 'terminal', terminalId: 'T' } }]);
  await panel.send(update(0, { ...entry, terminals: { T: view({ cancellable: true, stop: { state: 'stopping' } }) } }));
  assert.equal(await focusedLabel(panel), 'Stopping npm run watch', 'the terminal in the card keeps focus too');
  assert.equal(await panel.page.getByRole('button', { name: 'Stop Build' }).count(), 1, 'the card’s own Stop is untouched');
  await clean(panel);
});

test('agent text in the title and the refusal stays text', async () => {
  const panel = await harness.open();
  const evil = '<img src=x onerror="window.__pwned=1">';
  await panel.send(snapshot([tool('a', { title: evil, status: 'in_progress', cancellable: true, stop: { state: 'refused', message: evil } })]));
  assert.equal(await panel.page.getByRole('button', { name: `Stop ${evil}` }).count(), 1);
  assert.equal(await panel.count('img'), 0);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).__pwned), undefined);
  await clean(panel);
});
