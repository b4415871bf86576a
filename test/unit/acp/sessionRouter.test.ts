/**
 * The router remembers the session its last lookup found; closing or replacing that session
 * must not leave updates going to it. Updates for an id not known yet wait for it, bounded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionRouter } from '../../../src/agents/acp/connection/sessionRouter.js';
import { EARLY_WAIT_MS, MAX_EARLY_IDS } from '../../../src/agents/acp/connection/earlyUpdates.js';
import type { AcpChatSession } from '../../../src/agents/acp/session/acpSession.js';

/** Only what the router touches: the id and where updates go. */
function session(sessionId: string, got: unknown[]): AcpChatSession {
  return { sessionId, handleUpdate: (update: unknown) => void got.push(update) } as unknown as AcpChatSession;
}

/** A `sessionId` as JSON.parse hands it over: equal in content, not the same string object. */
const fresh = (id: string): string => (JSON.parse(JSON.stringify({ id })) as { id: string }).id;

test('updates go to their session; after it is removed they are reported unknown, not delivered', () => {
  const unknown: string[] = [];
  const router = new SessionRouter(undefined, (id) => unknown.push(id));
  const a: unknown[] = [];
  const b: unknown[] = [];
  const sessionA = session('sess_aaaaaaaaaaaaaaaa', a);
  router.add(sessionA);
  router.add(session('sess_bbbbbbbbbbbbbbbb', b));
  router.routeUpdate({ sessionId: fresh('sess_aaaaaaaaaaaaaaaa'), update: 1 });
  router.routeUpdate({ sessionId: fresh('sess_aaaaaaaaaaaaaaaa'), update: 2 });
  router.routeUpdate({ sessionId: fresh('sess_bbbbbbbbbbbbbbbb'), update: 3 });
  router.routeUpdate({ sessionId: fresh('sess_aaaaaaaaaaaaaaaa'), update: 4 });
  router.remove(sessionA);
  router.routeUpdate({ sessionId: fresh('sess_aaaaaaaaaaaaaaaa'), update: 5 });
  assert.deepEqual(a, [1, 2, 4]);
  assert.deepEqual(b, [3]);
  assert.deepEqual(unknown, ['sess_aaaaaaaaaaaaaaaa']);
  assert.equal(router.get(7), undefined, 'a non-string id finds nothing');
});

test('a session added under an id replaces the one that had it, even right after a lookup', () => {
  const router = new SessionRouter();
  const first: unknown[] = [];
  const second: unknown[] = [];
  router.add(session('sess_same', first));
  router.routeUpdate({ sessionId: fresh('sess_same'), update: 'old' });
  router.add(session('sess_same', second));
  router.routeUpdate({ sessionId: fresh('sess_same'), update: 'new' });
  assert.deepEqual(first, ['old']);
  assert.deepEqual(second, ['new']);
});

test('updates for an id not known yet wait for it: a session added later gets them in order', () => {
  const unknown: string[] = [];
  const router = new SessionRouter(undefined, (id) => unknown.push(id));
  router.routeUpdate({ sessionId: fresh('sess_late'), update: 'early 1' });
  router.routeUpdate({ sessionId: fresh('sess_late'), update: 'early 2' });
  const got: unknown[] = [];
  router.add(session('sess_late', got));
  router.routeUpdate({ sessionId: fresh('sess_late'), update: 'live' });
  assert.deepEqual(got, ['early 1', 'early 2', 'live']);
  assert.deepEqual(unknown, []);
});

test('waiting ids are bounded: the oldest is given up for room, a long wait is given up, and each is reported unknown once', () => {
  let now = 0;
  const unknown: string[] = [];
  const router = new SessionRouter(undefined, (id) => unknown.push(id), () => now);
  for (let i = 0; i < MAX_EARLY_IDS; i++) router.routeUpdate({ sessionId: `ghost_${i}`, update: i });
  assert.deepEqual(unknown, []);
  router.routeUpdate({ sessionId: 'ghost_new', update: 'x' });
  assert.deepEqual(unknown, ['ghost_0'], 'the oldest gives way');
  now = EARLY_WAIT_MS + 1;
  router.routeUpdate({ sessionId: 'ghost_newer', update: 'y' });
  assert.equal(unknown.length, MAX_EARLY_IDS + 1, 'every id older than the wait is given up');
  const got: unknown[] = [];
  router.add(session('ghost_1', got));
  assert.deepEqual(got, [], 'a given-up id gets nothing of what was dropped');
  const late: unknown[] = [];
  router.add(session('ghost_newer', late));
  assert.deepEqual(late, ['y']);
});
