import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLoopbackHost } from '../../../src/services/loopback.js';
import { checkRegistryUrl } from '../../../src/registry/install/urlPolicy.js';
import { isPlainHttpRemote } from '../../../src/agents/a2a/auth/secretOrigins.js';

test('loopback is localhost, ::1 and 127.0.0.0/8 — one list for the registry and remote agents', () => {
  for (const u of ['http://localhost:8080/r.json', 'http://[::1]/r.json', 'http://127.0.0.1/r.json', 'http://127.0.0.2:9/r.json']) {
    assert.equal(isLoopbackHost(new URL(u).hostname), true, u);
    assert.equal(checkRegistryUrl(u, 'The registry').href, new URL(u).href, u);
    assert.equal(isPlainHttpRemote(u), false, u);
  }
  for (const u of ['http://127.0.0.1.nip.io/r.json', 'http://localhost.evil.com/r.json', 'http://10.0.0.5/r.json']) {
    assert.equal(isLoopbackHost(new URL(u).hostname), false, u);
    assert.throws(() => checkRegistryUrl(u, 'The registry'), /https:\/\//, u);
    assert.equal(isPlainHttpRemote(u), true, u);
  }
});
