import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heldReason, MAX_QUEUED, PromptQueue } from '../../../src/vscode/tabs/promptQueue.js';
import type { QueuedPrompt, SessionTabInfo, SessionTabs } from '../../../src/shared/webviewProtocol.js';
import type { ThreadEntry, TurnEndEntry } from '../../../src/thread/types.js';
import type { ComposedPrompt } from '../../../src/vscode/tabs/promptBlocks.js';

const prompt = (text: string): ComposedPrompt => ({ text, attachments: [], images: [] });
const end = (stopReason: string, extra: Partial<TurnEndEntry> = {}): TurnEndEntry =>
  ({ type: 'turn_end', id: `e${Math.random()}`, turnId: 't', stopReason, ...extra });

/**
 * A host with two tabs whose turns the test drives: `send` starts a turn in the shown tab (a
 * user row, state running) and `finish` ends it the way the session would (a turn_end row, then
 * the tabs report). `later` runs at once so each step's effect is visible synchronously.
 */
function rig(opts: { sendStarts?: boolean; anyTab?: boolean } = {}) {
  const rows: Record<string, ThreadEntry[]> = { a: [], b: [] };
  const states: Record<string, SessionTabInfo['state']> = { a: 'idle', b: 'idle' };
  let active = 'a';
  const sent: Array<{ tab: string; text: string }> = [];
  const published: Array<{ tabId: string; items: QueuedPrompt[] }> = [];
  const pending: Array<() => void> = [];
  const tabs = (): SessionTabs => ({ activeId: active, tabs: Object.keys(states).map((id) => ({ id, title: id, state: states[id]! })) });
  const sendTo = async (tab: string, p: ComposedPrompt) => {
    sent.push({ tab, text: p.text });
    if (opts.sendStarts === false) return;
    rows[tab]!.push({ type: 'user', id: `u${sent.length}`, content: [{ type: 'text', text: p.text }] });
    states[tab] = 'running';
    queue.tabsChanged(tabs());
  };
  const queue = new PromptQueue({
    tabs,
    entries: () => rows[active]!,
    send: (p) => sendTo(active, p),
    ...(opts.anyTab ? { sendTo, entriesOf: (tab: string) => rows[tab] } : {}),
    publish: (tabId, items) => published.push({ tabId, items }),
    later: (fn) => pending.push(fn),
  });
  const flush = async () => {
    await new Promise((r) => setImmediate(r));
    while (pending.length) pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return {
    queue, sent, published, rows, states,
    start(tab: string) {
      states[tab] = 'running';
      queue.tabsChanged(tabs());
    },
    async finish(tab: string, entry: TurnEndEntry | null, state: SessionTabInfo['state'] = 'idle') {
      if (entry) rows[tab]!.push(entry);
      states[tab] = state;
      queue.tabsChanged(tabs());
      await flush();
    },
    async show(tab: string) {
      active = tab;
      queue.tabsChanged(tabs());
      await flush();
    },
    flush,
    lastPublished: () => published[published.length - 1],
  };
}

test('idle: a prompt is sent at once, nothing is queued', async () => {
  const r = rig();
  assert.equal(await r.queue.add(prompt('hi')), 'sent');
  assert.deepEqual(r.sent, [{ tab: 'a', text: 'hi' }]);
  assert.deepEqual(r.queue.items(), []);
});

test('queued during a turn, sent in order as each turn ends with end_turn', async () => {
  const r = rig();
  r.start('a');
  assert.equal(await r.queue.add(prompt('second')), 'queued');
  assert.equal(await r.queue.add(prompt('third')), 'queued');
  assert.deepEqual(r.queue.items().map((i) => [i.text, i.state]), [['second', 'queued'], ['third', 'queued']]);
  assert.deepEqual(r.lastPublished()!.items.map((i) => i.text), ['second', 'third']);
  assert.equal(r.sent.length, 0);

  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent.map((s) => s.text), ['second']);
  assert.deepEqual(r.queue.items().map((i) => i.text), ['third']);
  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent.map((s) => s.text), ['second', 'third']);
  assert.deepEqual(r.queue.items(), []);
  assert.deepEqual(r.lastPublished(), { tabId: 'a', items: [] });
});

test('a turn ending otherwise holds the queue with the reason; Send now sends, Remove removes', async () => {
  for (const [entry, state, reason] of [
    [end('cancelled'), 'idle', 'the turn was cancelled'],
    [end('refusal'), 'idle', 'the agent refused'],
    [end('end_turn', { error: { message: 'boom' } }), 'idle', 'the turn failed'],
    [end('max_tokens'), 'idle', 'the agent hit its token limit'],
    [null, 'closed', 'the session ended'],
  ] as const) {
    const r = rig();
    r.start('a');
    await r.queue.add(prompt('next'));
    await r.queue.add(prompt('after'));
    await r.finish('a', entry, state);
    assert.equal(r.sent.length, 0, `nothing sent after ${reason}`);
    assert.deepEqual(r.queue.items().map((i) => [i.state, i.heldReason]), [['held', reason], ['held', reason]]);
    assert.equal(r.lastPublished()!.items[0]!.state, 'held');
  }

  const r = rig();
  r.start('a');
  await r.queue.add(prompt('one'));
  await r.queue.add(prompt('two'));
  await r.finish('a', end('cancelled'));
  const [one, two] = r.queue.items();
  // Send now goes out at once and the other stays held: the user decides about each.
  assert.equal(r.queue.sendNow(two!.id), true);
  await r.flush();
  assert.deepEqual(r.sent.map((s) => s.text), ['two']);
  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent.map((s) => s.text), ['two'], 'a held prompt never goes by itself');
  assert.equal(r.queue.remove(one!.id), true);
  assert.equal(r.queue.remove(one!.id), false);
  assert.deepEqual(r.queue.items(), []);
});

test('Send now on a held prompt while a turn runs puts it back in line, first', async () => {
  const r = rig();
  r.start('a');
  await r.queue.add(prompt('held one'));
  await r.finish('a', end('cancelled'));
  r.start('a');
  await r.queue.add(prompt('queued later'));
  const held = r.queue.items()[0]!;
  assert.equal(r.queue.sendNow(held.id), true);
  assert.deepEqual(r.queue.items().map((i) => [i.text, i.state]), [['held one', 'queued'], ['queued later', 'queued']]);
  assert.equal(r.sent.length, 0);
  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent.map((s) => s.text), ['held one']);
});

test('the queue is per tab; a turn that ends in the background is judged when its tab is shown', async () => {
  const r = rig();
  r.start('a');
  await r.queue.add(prompt('for a'));
  await r.show('b');
  assert.deepEqual(r.lastPublished(), { tabId: 'b', items: [] }, 'switching shows the other tab\'s (empty) queue');
  assert.deepEqual(r.queue.items(), []);
  await r.finish('a', end('end_turn'));
  assert.equal(r.sent.length, 0, 'the host only sends to the shown tab');
  await r.show('a');
  assert.deepEqual(r.sent, [{ tab: 'a', text: 'for a' }]);

  // Ended badly in the background: held when shown.
  r.start('a');
  await r.queue.add(prompt('again'));
  await r.show('b');
  await r.finish('a', end('cancelled'));
  await r.show('a');
  assert.deepEqual(r.queue.items().map((i) => i.state), ['held']);
});

test('a closed tab drops its queue; the queue is capped', async () => {
  const r = rig();
  r.start('a');
  for (let i = 0; i < MAX_QUEUED; i++) assert.equal(await r.queue.add(prompt(`p${i}`)), 'queued');
  assert.equal(await r.queue.add(prompt('one too many')), 'full');
  assert.equal(r.queue.items().length, MAX_QUEUED);
  delete r.states.a;
  await r.show('b');
  assert.deepEqual(r.queue.items('a'), []);
});

test('the turn ended before the queue message arrived: it is sent straight away', async () => {
  const r = rig();
  // The page saw a running turn and queued; by the time the host reads it, the tab is idle.
  assert.equal(await r.queue.add(prompt('late')), 'sent');
  assert.deepEqual(r.sent.map((s) => s.text), ['late']);
});

test('a queued prompt that could not start is kept, held, instead of lost', async () => {
  const r = rig({ sendStarts: false });
  r.start('a');
  await r.queue.add(prompt('precious words'));
  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent.map((s) => s.text), ['precious words']);
  assert.deepEqual(r.queue.items().map((i) => [i.text, i.state, i.heldReason]), [['precious words', 'held', 'it could not be sent']]);
});

test('heldReason: only a clean end_turn sends', () => {
  assert.equal(heldReason('idle', end('end_turn')), undefined);
  assert.equal(heldReason('idle', undefined), 'the turn did not finish');
  assert.equal(heldReason('idle', end('max_turn_requests')), 'the agent hit its request limit');
  assert.equal(heldReason('closed', end('end_turn')), 'the session ended');
});

test('a host that can send to any tab: a background turn that ends sends its queue at once', async () => {
  const r = rig({ anyTab: true });
  r.start('a');
  await r.queue.add(prompt('for a'));
  await r.show('b');
  await r.finish('a', end('end_turn'));
  assert.deepEqual(r.sent, [{ tab: 'a', text: 'for a' }]);
  assert.equal(r.states.a, 'running');
  assert.deepEqual(r.published.filter((p) => p.tabId === 'a').length, 1, 'only the shown tab\'s queue is published');

  await r.queue.add(prompt('for b, idle'));
  assert.deepEqual(r.sent.map((s) => s.tab), ['a', 'b']);
  await r.show('a');
  await r.queue.add(prompt('held later'));
  await r.show('b');
  await r.finish('a', end('refusal'));
  assert.deepEqual(r.queue.items('a').map((i) => [i.state, i.heldReason]), [['held', 'the agent refused']]);
});
