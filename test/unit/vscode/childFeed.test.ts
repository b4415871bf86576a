/**
 * What of the subagents' threads the panel is sent: a child's rows only while its card is open
 * (its whole thread first, after what was queued), questions of every child whether open or not
 * (and the change that settles each), nothing queued of a card once it is folded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChildFeed, asksIn, childOpened } from '../../../src/vscode/panel/childFeed.js';
import { RowBatcher } from '../../../src/vscode/panel/rowBatcher.js';
import type { HostToWebview } from '../../../src/shared/webviewProtocol.js';
import type { ChildRowChange, SubagentEntry, ThreadEntry, ToolCallEntry } from '../../../src/thread/types.js';

const tool = (id: string, extra: Partial<ToolCallEntry> = {}): ToolCallEntry => ({ type: 'tool_call', id, toolCallId: id, title: id, name: null, kind: 'read', status: 'completed', content: [], locations: [], ...extra });
const card = (childId: string, title: string): SubagentEntry => ({ type: 'subagent', id: `card-${childId}`, childId, title, toolCalls: 0, filesChanged: 0, rows: 0 });
const insert = (childId: string, index: number, entry: ThreadEntry): ChildRowChange => ({ childId, rows: [{ op: 'insert', index, entry }] });
const asking = (id: string) => tool(id, { kind: 'edit', status: 'pending', permission: { requestId: `x:${id}`, options: [] } });

test('folded children send no rows; an open one sends all of its; questions of any child are asks until settled', () => {
  const feed = new ChildFeed((childId) => card(childId, `Helper ${childId}`));
  assert.deepEqual(feed.take([insert('a', 0, tool('e1')), insert('b', 0, tool('e1'))]), {}, 'nothing of folded cards');
  feed.setOpen('a', true);
  const open = feed.take([insert('a', 1, tool('e2')), insert('b', 1, tool('e2'))]);
  assert.deepEqual(open.children?.map((c) => c.childId), ['a']);
  assert.equal(open.asks, undefined);
  const asked = feed.take([insert('b', 2, asking('e3'))]);
  assert.equal(asked.children, undefined, 'b is folded');
  assert.deepEqual(asked.asks?.map((a) => [a.childId, a.entry.id, a.card?.title]), [['b', 'e3', 'Helper b']]);
  const settled = feed.take([{ childId: 'b', rows: [{ op: 'update', index: 2, entry: tool('e3', { permissionOutcome: 'allow' }) }] }]);
  assert.deepEqual(settled.asks?.map((a) => [a.entry.id, a.entry.type === 'tool_call' && a.entry.permission]), [['e3', undefined]], 'the settling change');
  assert.deepEqual(feed.take([{ childId: 'b', rows: [{ op: 'update', index: 2, entry: tool('e3') }] }]), {}, 'later changes of it are not asks');
});

test('a snapshot’s questions are settled as asks too; asksIn finds them at any depth with their card', () => {
  const entries: ThreadEntry[] = [card('a', 'Top')];
  const children = { a: [tool('e1'), card('g', 'Deep')], g: [asking('e1')] };
  const asks = asksIn(entries, children);
  assert.deepEqual(asks.map((a) => [a.childId, a.entry.id, a.card?.title]), [['g', 'e1', 'Deep']]);
  const feed = new ChildFeed(() => undefined);
  feed.reset(asks);
  assert.equal(feed.take([{ childId: 'g', rows: [{ op: 'update', index: 0, entry: tool('e1') }] }]).asks?.length, 1);
});

test('opening sends what was queued, then the whole thread, then changes; folding drops what is queued of it', () => {
  const sent: string[] = [];
  const batcher = new RowBatcher((rows, _s, children) => sent.push(`rows ${rows.length} ${children?.map((c) => `${c.childId}:${c.rows.length}`).join(',') ?? ''}`), 1_000, () => 0);
  const feed = new ChildFeed(() => undefined);
  const post = (m: HostToWebview) => sent.push(m.type === 'childRows' ? `childRows ${m.childId} ${m.entries.length}` : m.type);
  const push = (changes: ChildRowChange[]) => {
    const { children, asks } = feed.take(changes);
    batcher.push([], false, children, asks);
  };
  push([insert('a', 0, tool('e1'))]);
  batcher.push([{ op: 'insert', index: 0, entry: tool('t1') }], false);
  childOpened('a', true, feed, batcher, () => [tool('e1'), tool('e2')], post);
  assert.deepEqual(sent, ['rows 1 ', 'childRows a 2'], 'the queued top row first, then a whole');
  push([insert('a', 2, tool('e3'))]);
  childOpened('a', false, feed, batcher, () => [], post);
  batcher.flush();
  assert.deepEqual(sent, ['rows 1 ', 'childRows a 2'], 'nothing of a folded card goes out');
  childOpened('zz', true, feed, batcher, () => undefined, post);
  assert.equal(feed.isOpen('zz'), false, 'a child the thread does not have is not opened');
  batcher.dispose();
});
