import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OriginGate, cardEndpoints, isLoopback, isPlainHttpRemote } from '../../../src/agents/a2a/auth/secretOrigins.js';

test('plain http:// is remote unless the host is a loopback address', () => {
  for (const u of ['http://localhost:9/', 'http://127.0.0.1/', 'http://127.8.0.1:80', 'http://[::1]:4000/x']) {
    assert.equal(isLoopback(u), true, u);
    assert.equal(isPlainHttpRemote(u), false, u);
  }
  for (const u of ['http://agent.example.com', 'http://10.0.0.5:8080', 'http://localhost.evil.com', 'http://127.0.0.1.nip.io']) assert.equal(isPlainHttpRemote(u), true, u);
  assert.equal(isPlainHttpRemote('https://agent.example.com'), false);
});

test('a card names its endpoints in url, supportedInterfaces and additionalInterfaces', () => {
  const card = { url: 'https://a.example/', supportedInterfaces: [{ url: 'https://b.example/rpc' }, { nope: 1 }], additionalInterfaces: [{ url: 'not a url' }, { url: 'http://c.example' }] };
  assert.deepEqual(cardEndpoints(card), ['https://a.example/', 'https://b.example/rpc', 'http://c.example']);
});

test('the gate: home always, another origin asked once (concurrent requests share one question), a reset asks again', async () => {
  const asked: string[] = [];
  const gate = new OriginGate('https://home.example', async (to) => { asked.push(to); return to === 'https://yes.example'; });
  assert.equal(await gate.allows('https://home.example'), true);
  const answers = await Promise.all([gate.allows('https://yes.example'), gate.allows('https://yes.example'), gate.allows('https://no.example')]);
  assert.deepEqual(answers, [true, true, false]);
  assert.deepEqual(asked, ['https://yes.example', 'https://no.example']);
  gate.reset();
  await gate.allows('https://no.example');
  assert.deepEqual(asked, ['https://yes.example', 'https://no.example', 'https://no.example']);
});
