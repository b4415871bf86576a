/** `agentChat.agents` entries with "url": usable ones become remote agents; the rest say how to fix them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readRemoteAgent } from '../../../src/agents/a2a/connection/configEntry.js';

test('remote agent entries', () => {
  assert.deepEqual(readRemoteAgent('r', { url: 'https://agent.example.com' }).config, { kind: 'a2a', name: 'r', url: 'https://agent.example.com', headers: {} });
  assert.deepEqual(readRemoteAgent('r', { url: 'http://127.0.0.1:4000/', headers: { 'X-Team': 'a', n: 1 } }).config, { kind: 'a2a', name: 'r', url: 'http://127.0.0.1:4000', headers: { 'X-Team': 'a' } });
  const problems: [Record<string, unknown>, RegExp][] = [
    [{ url: '' }, /"url" must be/],
    [{ url: 'not a url' }, /is not a URL/],
    [{ url: 'ftp://x' }, /https:\/\//],
    [{ url: 'https://u:p@x' }, /credentials/],
    [{ url: 'https://x', headers: { Authorization: 'Bearer s' } }, /secret storage/],
  ];
  for (const [value, problem] of problems) {
    const r = readRemoteAgent('r', value);
    assert.equal(r.config, undefined);
    assert.match(r.problem!, problem);
    assert.match(r.problem!, /agent "r"/);
  }
});
