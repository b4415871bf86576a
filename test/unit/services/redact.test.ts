import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTED, isSecretKey, knownSecrets, redactKnown, redactKnownIn, redactSecrets, rememberSecrets, secretValuesIn } from '../../../src/services/redact.js';

test('session/new: MCP server env values and header values are redacted, names and shape stay', () => {
  const msg = {
    jsonrpc: '2.0', id: 3, method: 'session/new',
    params: {
      cwd: '/ws',
      mcpServers: [
        { name: 'gh', command: 'npx', args: ['-y', 'server-github'], env: [{ name: 'GITHUB_PERSONAL_ACCESS_TOKEN', value: 'ghp_s3cret' }, { name: 'LOG_LEVEL', value: 'debug' }] },
        { type: 'http', name: 'api', url: 'https://mcp.example.com/', headers: [{ name: 'Authorization', value: 'Bearer tok-123' }, { name: 'Accept', value: 'text/plain' }] },
      ],
    },
  };
  const before = JSON.stringify(msg);
  const out = redactSecrets(msg);
  assert.equal(JSON.stringify(msg), before, 'the input is not changed');
  assert.deepEqual(out.params.mcpServers[0]!.env, [{ name: 'GITHUB_PERSONAL_ACCESS_TOKEN', value: REDACTED }, { name: 'LOG_LEVEL', value: REDACTED }]);
  assert.deepEqual(out.params.mcpServers[1]!.headers, [{ name: 'Authorization', value: REDACTED }, { name: 'Accept', value: REDACTED }]);
  assert.deepEqual(out.params.mcpServers[0]!.args, ['-y', 'server-github']);
  assert.equal(out.params.mcpServers[1]!.url, 'https://mcp.example.com/');
  assert.equal(out.params.cwd, '/ws');
  assert.ok(!JSON.stringify(out).includes('s3cret') && !JSON.stringify(out).includes('tok-123'));
});

test('env and headers as maps: every value is redacted, keys stay', () => {
  const out = redactSecrets({ env: { OPENAI_API_KEY: 'sk-1', HOME: '/home/u' }, headers: { 'X-Api-Key': 'k', 'User-Agent': 'x' } });
  assert.deepEqual(out, { env: { OPENAI_API_KEY: REDACTED, HOME: REDACTED }, headers: { 'X-Api-Key': REDACTED, 'User-Agent': REDACTED } });
});

test('values under secret-looking keys are redacted at any depth, numbers and shape stay', () => {
  const out = redactSecrets({
    a: { b: [{ apiKey: 'k1', api_key: 'k2', 'x-api-key': 'k3', Authorization: 'Bearer t', password: 'p', passwd: 'p2' }] },
    creds: { credential: { user: 'me', pin: 'pp' }, cookie: 'c=1', client_secret: 's', GITHUB_TOKEN: 't2', AWS_SECRET_ACCESS_KEY: 'a', DB_PASSWORD: 'd' },
    usage: { inputTokens: 120, outputTokens: 30, maxTokens: 4096 },
    token: 7,
  });
  assert.deepEqual(out, {
    a: { b: [{ apiKey: REDACTED, api_key: REDACTED, 'x-api-key': REDACTED, Authorization: REDACTED, password: REDACTED, passwd: REDACTED }] },
    creds: { credential: { user: REDACTED, pin: REDACTED }, cookie: REDACTED, client_secret: REDACTED, GITHUB_TOKEN: REDACTED, AWS_SECRET_ACCESS_KEY: REDACTED, DB_PASSWORD: REDACTED },
    usage: { inputTokens: 120, outputTokens: 30, maxTokens: 4096 },
    token: 7,
  });
});

test('a {name, value} pair whose name is a secret is redacted wherever it is', () => {
  const out = redactSecrets({ vars: [{ name: 'ANTHROPIC_API_KEY', value: 'sk-ant' }, { name: 'MODE', value: 'fast' }] });
  assert.deepEqual(out.vars, [{ name: 'ANTHROPIC_API_KEY', value: REDACTED }, { name: 'MODE', value: 'fast' }]);
});

test('ordinary keys are not mistaken for secrets', () => {
  for (const k of ['sessionId', 'toolCallId', 'inputTokens', 'tokenCount', 'key', 'keyboard', 'sessionKey', 'secretStorage', 'authMethods', 'monkey', 'name', 'value', 'text']) {
    assert.equal(isSecretKey(k), false, k);
  }
  for (const k of ['authorization', 'Proxy-Authorization', 'token', 'access_token', 'apiKey', 'API-KEY', 'X-API-Key', 'secret', 'password', 'PASSWD', 'credentials', 'Cookie', 'Set-Cookie', 'MY_SERVICE_KEY', 'privateKey', 'HF_TOKEN']) {
    assert.equal(isSecretKey(k), true, k);
  }
});

test('nothing to redact: the same value comes back, nothing copied', () => {
  const chunk = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hello password=' } } } };
  assert.equal(redactSecrets(chunk), chunk);
  const tool = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 't', title: 'Read', rawInput: { path: '/a' } } } };
  assert.equal(redactSecrets(tool), tool);
  assert.equal(redactSecrets('plain'), 'plain');
  assert.equal(redactSecrets(null), null);
});

test('a session/update that is not a plain text chunk is walked: a token in a tool input is redacted', () => {
  const tool = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 't', rawInput: { headers: { Authorization: 'Bearer zzz' } } } } };
  const out = redactSecrets(tool);
  assert.notEqual(out, tool);
  assert.equal(out.params.update.rawInput.headers.Authorization, REDACTED);
  assert.equal(out.params.update.toolCallId, 't');
  const withMeta = { method: 'session/update', params: { update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x', _meta: { token: 'm' } } } } };
  assert.equal(redactSecrets(withMeta).params.update.content._meta.token, REDACTED);
});

test('terminal/create env (the NAME=value string form too)', () => {
  assert.deepEqual(redactSecrets({ env: ['A=1', 'TOKEN=abc', 'BARE'] }), { env: [`A=${REDACTED}`, `TOKEN=${REDACTED}`, REDACTED] });
});

test('redactKnown replaces secrets given by value, as written, JSON-escaped or URL-encoded', () => {
  const secret = 'sk-a"b/c d';
  const text = `failed: ${secret} | ${JSON.stringify({ t: secret })} | ?k=${encodeURIComponent(secret)}`;
  const out = redactKnown(text, [secret, '', 'ab']);
  assert.ok(!out.includes('sk-a'), out);
  assert.equal(out.split(REDACTED).length - 1, 3);
  assert.equal(redactKnown('a b ab', ['ab']), 'a b ab', 'too short to tell from text');
});

test('secretValuesIn lists what redactSecrets replaces', () => {
  const v = { mcpServers: [{ env: [{ name: 'X', value: 'val-1' }], headers: { A: 'val-2' } }], apiKey: 'val-3', vars: [{ name: 'HF_TOKEN', value: 'val-4' }], other: 'plain', env: ['K=val-5'] };
  assert.deepEqual(secretValuesIn(v).sort(), ['val-1', 'val-2', 'val-3', 'val-4', 'val-5']);
  const text = JSON.stringify(v);
  assert.equal(redactKnown(text, secretValuesIn(v)), JSON.stringify(redactSecrets(v)));
});

test('cycles and absurd depth do not hang or leak', () => {
  const a: Record<string, unknown> = { token: 'x' };
  a.self = a;
  const out = redactSecrets(a) as Record<string, unknown>;
  assert.equal(out.token, REDACTED);
});

test('what redactSecrets replaces is remembered, so text echoing it later is redacted too — but not ordinary env values', () => {
  const token = 'ghp_REMEMBERED0123456789';
  const header = 'hdr-REMEMBERED-9876543210';
  redactSecrets({ mcpServers: [{ env: [{ name: 'GH_TOKEN', value: token }, { name: 'LOG_LEVEL', value: 'debug' }, { name: 'HOME', value: '/home/someone/x1' }], headers: { 'X-Custom': header } }] });
  assert.ok(knownSecrets().has(token) && knownSecrets().has(header));
  assert.ok(!knownSecrets().has('debug') && !knownSecrets().has('/home/someone/x1'), 'ordinary values would blank words everywhere');
  assert.equal(redactKnown(`stderr: using ${token}`, knownSecrets()), `stderr: using ${REDACTED}`);
  const entry = { type: 'tool', output: [{ text: `env\nGH_TOKEN=${token}` }], n: 1 };
  const out = redactKnownIn(entry);
  assert.deepEqual(out, { type: 'tool', output: [{ text: `env\nGH_TOKEN=${REDACTED}` }], n: 1 });
  const clean = { type: 'agent', text: 'nothing here' };
  assert.equal(redactKnownIn(clean), clean, 'nothing copied when nothing matches');
});

test('rememberSecrets: given values are redacted by value; short ones are ignored', () => {
  rememberSecrets(['sk-given-by-hand-1', 'ab']);
  assert.ok(knownSecrets().has('sk-given-by-hand-1'));
  assert.ok(!knownSecrets().has('ab'));
});

test('a protocol log line redacts a remembered secret an agent echoes in a streamed chunk', async () => {
  const { messageLine } = await import('../../../src/services/protocolRing.js');
  const token = 'sk-echoed-by-agent-0123456789';
  redactSecrets({ env: [{ name: 'API_TOKEN', value: token }] });
  const chunk = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `my env: API_TOKEN=${token}` } } } };
  const line = messageLine('agent', 'in', redactSecrets(chunk));
  assert.ok(!line.includes(token), line);
  assert.ok(line.includes(`API_TOKEN=${REDACTED}`));
});

test('command-line arguments: values of secret options are redacted, the rest stays', () => {
  const args = ['-y', '@acme/server', '--api-key=sk-arg-1234', '--token', 'tok-arg-5678', '--verbose', '--password', '--next', '--model', 'big'];
  const out = redactSecrets({ command: 'npx', args });
  assert.deepEqual(out.args, ['-y', '@acme/server', `--api-key=${REDACTED}`, '--token', REDACTED, '--verbose', '--password', '--next', '--model', 'big']);
  assert.ok(knownSecrets().has('sk-arg-1234') && knownSecrets().has('tok-arg-5678'));
  const plain = { args: ['--port', '8080'] };
  assert.equal(redactSecrets(plain), plain);
});

test('secretsInUrl: query values named like secrets, and a password', async () => {
  const { secretsInUrl } = await import('../../../src/services/redact.js');
  assert.deepEqual(secretsInUrl('https://a.example/rpc?api_key=sk-q-1&page=2&access_token=t%2F2'), ['sk-q-1', 't/2']);
  assert.deepEqual(secretsInUrl('https://user:p%40ss@a.example/'), ['p@ss']);
  assert.deepEqual(secretsInUrl('https://a.example/?page=1'), []);
  assert.deepEqual(secretsInUrl('not a url'), []);
});
