import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnsweredVersion, DEFAULT_CLIENT_INFO, initializeParams } from '../../../src/agent/initialize.js';
import { readAgentFacts } from '../../../src/agent/capabilities.js';
import { validateOutgoing } from '../../support/schemaValidator.js';

test('v1 initialize advertises fs read/write and terminal, and is schema-valid', () => {
  const params = initializeParams(1, DEFAULT_CLIENT_INFO);
  assert.deepEqual(params.clientCapabilities, { fs: { readTextFile: true, writeTextFile: true }, terminal: true });
  assert.deepEqual(validateOutgoing(1, 'InitializeRequest', params), []);
});

test('v2 initialize sends info and no fs/terminal (v2 has none), and is schema-valid', () => {
  const params = initializeParams(2, DEFAULT_CLIENT_INFO);
  assert.deepEqual(params, { protocolVersion: 2, info: DEFAULT_CLIENT_INFO, capabilities: {} });
  assert.deepEqual(validateOutgoing(2, 'InitializeRequest', params), []);
});

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
  const v1 = readAgentFacts({ protocolVersion: 1, agentCapabilities: { loadSession: true, promptCapabilities: { image: true, embeddedContext: false } }, agentInfo: { name: 'a', title: 'A' } }, 1);
  assert.deepEqual(v1.prompt, { image: true, audio: false, embeddedContext: false });
  assert.equal(v1.loadSession, true);
  assert.equal(v1.info.title, 'A');
  const v2 = readAgentFacts({ protocolVersion: 2, info: { name: 'b', version: '1' }, capabilities: { session: { prompt: { audio: {}, image: null } } } }, 2);
  assert.deepEqual(v2.prompt, { image: false, audio: true, embeddedContext: false });
  assert.equal(v2.info.name, 'b');
  assert.deepEqual(readAgentFacts({}, 1).prompt, { image: false, audio: false, embeddedContext: false });
});
