/**
 * The router remembers the session its last lookup found; closing or replacing that session
 * must not leave updates going to it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionRouter } from '../../../src/agents/acp/connection/sessionRouter.js';
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
