/**
 * Streamed text wakes only what shows it: the tab list's state listeners (notifiers, tab strip,
 * status) are not called for a text chunk. The tab list runs on Node with VS Code's EventEmitter
 * and l10n.t stood in for (bench/vscodeSeam.ts), as in the wire bench.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionEvent } from '../../../src/protocol/events.js';
import { useVscodeApi } from '../../../bench/vscodeSeam.js';

useVscodeApi();
const { SessionTabList } = await import('../../../src/vscode/tabs/sessionTabList.js');
const { ThreadStore } = await import('../../../src/vscode/thread/threadStore.js');

function memento() {
  const values = new Map<string, unknown>();
  return { keys: () => [...values.keys()], get: (k: string, d?: unknown) => (values.has(k) ? values.get(k) : d), update: async (k: string, v: unknown) => void values.set(k, v) };
}

test('tab list: 1,000 streamed chunks reach the shown view, not the listeners that watch state', () => {
  let statusCalls = 0;
  const tabs = new SessionTabList(new ThreadStore(memento() as never, 60_000), () => void statusCalls++);
  const tab = tabs.active;
  let viewCalls = 0;
  let tabRowsCalls = 0;
  let tabsCalls = 0;
  tabs.onRows(() => void viewCalls++);
  tabs.onTabRows(() => void tabRowsCalls++);
  tabs.onTabs(() => void tabsCalls++);
  const apply = (e: SessionEvent) => tab.thread.apply(e);

  apply({ kind: 'prompt_sent', turnId: 't1', content: [{ type: 'text', text: 'hello' }] });
  apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: 'first ' } });
  const before = { view: viewCalls, tabRows: tabRowsCalls, tabs: tabsCalls, status: statusCalls };
  let statusChanged = 0;
  for (let i = 0; i < 1000; i++) {
    if (apply({ kind: 'message_chunk', role: 'agent', content: { type: 'text', text: `w${i} ` } }).statusChanged) statusChanged++;
  }
  assert.equal(viewCalls - before.view, 1000, 'the shown view gets every chunk');
  assert.equal(tabRowsCalls, before.tabRows, 'the notifiers are not woken by text');
  assert.equal(tabsCalls, before.tabs, 'the tab strip is not');
  assert.equal(statusCalls + statusChanged, before.status, 'nor the status bar');

  apply({ kind: 'turn_ended', turnId: 't1', stopReason: 'end_turn' });
  assert.ok(tabRowsCalls > before.tabRows, 'a turn that ends reaches them');
  tabs.dispose();
});
