import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnsweredVersion } from '../../../src/agents/acp/connection/initialize.js';
import { readAgentFacts } from '../../../src/agents/acp/connection/capabilities.js';

test('version verdicts', () => {
  assert.deepEqual(checkAnsweredVersion(1, { protocolVersion: 1 }), { ok: true, version: 1 });
  assert.deepEqual(checkAnsweredVersion(2, { protocolVersion: 2 }), { ok: true, version: 2 });
  assert.deepEqual(checkAnsweredVersion(2, { protocolVersion: 1 }), { ok: false, retryWithV1: true });
  const bad = checkAnsweredVersion(1, { protocolVersion: 3 });
  assert.ok(!bad.ok && !bad.retryWithV1 && bad.failure.reason === 'unsupported_version' && bad.failure.answered === 3);
  const missing = checkAnsweredVersion(1, {});
  assert.ok(!missing.ok && !missing.retryWithV1 && /no usable protocolVersion/.test(missing.failure.message));
});

test('agent facts from either dialect; markers may be booleans or objects', () => {
  const v1 = readAgentFacts({ protocolVersion: 1, agentCapabilities: { loadSession: true, promptCapabilities: { image: true, embeddedContext: false } }, agentInfo: { name: 'a', title: 'A', version: '1' } }, 1);
  assert.ok(v1.ok);
  assert.deepEqual(v1.facts.prompt, { image: true, audio: false, embeddedContext: false });
  assert.equal(v1.facts.loadSession, true);
  assert.equal(v1.facts.info.title, 'A');
  const v2 = readAgentFacts({ protocolVersion: 2, info: { name: 'b', version: '1' }, capabilities: { session: { prompt: { audio: {} } } } }, 2);
  assert.ok(v2.ok);
  assert.deepEqual(v2.facts.prompt, { image: false, audio: true, embeddedContext: false });
  assert.equal(v2.facts.info.name, 'b');
  assert.equal(v2.facts.protocolVersion, 2);
  const bare = readAgentFacts({ protocolVersion: 1 }, 1);
  assert.ok(bare.ok);
  assert.deepEqual(bare.facts.prompt, { image: false, audio: false, embeddedContext: false });
});
