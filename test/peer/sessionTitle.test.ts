/**
 * `session_info_update` titles reach where the user sees them: the tab strip's title and the
 * saved conversation in history (its transcript's title), from a real SDK agent through the
 * real session, thread model, tab and transcript store; `title: null` falls back to the first
 * prompt in both.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TranscriptStore } from '../../src/history/store.js';
import { recordTranscript } from '../../src/history/recorder.js';
import { SessionTab } from '../../src/vscode/tabs/sessionTabs.js';
import type { ChatThread } from '../../src/vscode/thread/chatThread.js';
import type { ThreadModel } from '../../src/thread/reducer.js';
import { record, say, startPeer, testAgent, type Peer } from './support/harness.js';
import { SESSION_TITLE } from '../agents/lib/texts.js';

/** The parts of a tab's thread its title is made of, read from the live model. */
function tabThread(model: ThreadModel): ChatThread {
  return {
    get session() { return model.session; },
    get entries() { return model.entries; },
    waitingForPermission: false,
    turnRunning: false,
    waitingForInput: false,
    dispose() {},
  } as unknown as ChatThread;
}

describe('session titles from the agent', () => {
  let peer: Peer;
  let storage: string;
  before(async () => {
    peer = await startPeer(testAgent('scripted', ['--delay', '0']));
    storage = await mkdtemp(join(tmpdir(), 'agent-chat-titles-'));
    assert.equal((await peer.client.start()).state, 'ready');
  });
  after(async () => {
    await peer.close();
    await rm(storage, { recursive: true, force: true });
  });

  test('the tab and the saved conversation take the agent\'s title, and lose it when the agent clears it', async () => {
    const r = record(await peer.client.newSession());
    const store = new TranscriptStore(storage, { debounceMs: 10 });
    const ids = { agentName: 'scripted', sessionId: r.session.sessionId, cwd: peer.dir };
    const recording = recordTranscript(store, ids, { onEvent: (l) => r.session.onEvent(l), snapshot: () => r.thread.snapshot() });
    const tab = new SessionTab(tabThread(r.thread));
    const savedTitle = async () => {
      await recording.flush();
      return (await store.list()).find((m) => m.sessionId === ids.sessionId)?.title;
    };

    await r.session.prompt(say('hello there'));
    assert.equal(tab.info().title, 'hello there', 'before the agent names it: the first prompt');
    assert.equal(await savedTitle(), 'hello there');

    await r.session.prompt(say('info'));
    assert.equal(r.thread.session.title, SESSION_TITLE);
    assert.equal(tab.info().title, SESSION_TITLE, 'the tab strip');
    assert.equal(await savedTitle(), SESSION_TITLE, 'history');

    await r.session.prompt(say('info clear'));
    assert.equal(tab.info().title, 'hello there');
    assert.equal(await savedTitle(), 'hello there');
    await recording.dispose();
  });
});
