/**
 * A tab's `threadKey` names its thread for what the page remembers of it: the saved
 * conversation's id (the same in the next window, whatever the tab is numbered there), else a
 * name of this window's that changes whenever the tab lets go of its conversation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadKey } from '../../../src/vscode/tabs/threadKey.js';
import { transcriptId } from '../../../src/history/shape.js';
import { SessionTab } from '../../../src/vscode/tabs/sessionTabs.js';
import type { ChatThread } from '../../../src/vscode/thread/chatThread.js';

const saved = { agentName: 'claude', sessionId: 'sess_1', cwd: '/work/a' };

test('a saved conversation is named by its transcript, whatever tab shows it', () => {
  assert.equal(threadKey(saved, 'tab-1', 0), threadKey({ ...saved }, 'tab-7', 3));
  assert.equal(threadKey(saved, 'tab-1', 0), transcriptId(saved));
  // Agents number their sessions: the same id in another folder, or of another agent, is another thread.
  assert.notEqual(threadKey(saved, 'tab-1', 0), threadKey({ ...saved, cwd: '/work/b' }, 'tab-1', 0));
  assert.notEqual(threadKey(saved, 'tab-1', 0), threadKey({ ...saved, agentName: 'codex' }, 'tab-1', 0));
});

test('a thread not saved yet is named by its tab and how many conversations the tab let go of', () => {
  const keys = new Set([threadKey(undefined, 'tab-1', 0), threadKey(undefined, 'tab-1', 1), threadKey(undefined, 'tab-2', 0)]);
  assert.equal(keys.size, 3);
  assert.equal(threadKey(undefined, 'tab-1', 0), threadKey(undefined, 'tab-1', 0));
  for (const key of keys) assert.ok(!key.includes(transcriptId(saved)));
});

test('SessionTab.info carries the key: a new thread in the tab gets a new one, a session opening names it by its transcript', () => {
  const thread = { session: { turnState: 'idle', commands: [] }, entries: [], waitingForPermission: false, turnRunning: false, waitingForInput: false } as unknown as ChatThread;
  const tab = new SessionTab(thread);
  const first = tab.info().threadKey;
  assert.equal(tab.info().threadKey, first, 'stable while nothing changes');
  tab.forgetConversation();
  const second = tab.info().threadKey;
  assert.notEqual(second, first, 'cleared for a new session: another thread');
  tab.transcript = saved;
  assert.equal(tab.info().threadKey, transcriptId(saved));
});
