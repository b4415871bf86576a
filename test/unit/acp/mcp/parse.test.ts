import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeMcpSources, parseMcpJson, parseMcpSetting } from '../../../../src/agents/acp/mcp/parse.js';

const MCP_JSON = `{
  // VS Code's format, with comments and trailing commas
  "inputs": [{ "type": "promptString", "id": "gh-token", "description": "GitHub token", "password": true }],
  "servers": {
    "fs": { "type": "stdio", "command": "/usr/bin/mcp-fs", "args": ["\${workspaceFolder}/src", "--ro",], "env": { "LOG": "\${env:LOG_LEVEL}", "N": 3 } },
    "api": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer \${env:API_TOKEN}" } },
    "old": { "type": "sse", "url": "https://old.example.com/sse" },
    "github": { "type": "http", "url": "https://gh.example.com/mcp", "headers": { "Authorization": "Bearer \${input:gh-token}" } },
    "implicitStdio": { "command": "/opt/s", "cwd": "/tmp", "envFile": ".env" },
    "implicitHttp": { "url": "http://localhost:3000/mcp" },
    "cfg": { "command": "/opt/s2", "args": ["\${config:foo}"] },
    "noCommand": { "type": "stdio" },
    "ws": { "type": "websocket", "url": "ws://x" },
    "ftp": { "type": "http", "url": "ftp://x" },
  },
}`;

test('parseMcpJson: converts, resolves variables, skips what it cannot resolve', () => {
  const { servers, problems } = parseMcpJson(MCP_JSON, {
    workspaceFolder: '/ws', env: { LOG_LEVEL: 'debug', API_TOKEN: 't0k' },
  });
  assert.deepEqual(servers, [
    { transport: 'stdio', name: 'fs', command: '/usr/bin/mcp-fs', args: ['/ws/src', '--ro'], env: { LOG: 'debug', N: '3' } },
    { transport: 'http', name: 'api', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer t0k' } },
    { transport: 'sse', name: 'old', url: 'https://old.example.com/sse', headers: {} },
    { transport: 'stdio', name: 'implicitStdio', command: '/opt/s', args: [], env: {} },
    { transport: 'http', name: 'implicitHttp', url: 'http://localhost:3000/mcp', headers: {} },
  ]);
  const byName = Object.fromEntries(problems.map((p) => [`${p.name}:${p.severity}`, p.reason]));
  assert.match(byName['github:skipped']!, /input "gh-token"/);
  assert.match(byName['cfg:skipped']!, /\$\{config:foo\}.*cannot resolve/);
  assert.match(byName['noCommand:skipped']!, /no command/);
  assert.match(byName['ws:skipped']!, /"websocket"/);
  assert.match(byName['ftp:skipped']!, /not http/);
  assert.ok(problems.some((p) => p.name === 'implicitStdio' && p.severity === 'warning' && /envFile/.test(p.reason)));
  assert.ok(problems.some((p) => p.name === 'implicitStdio' && p.severity === 'warning' && /cwd/.test(p.reason)));
  assert.ok(problems.every((p) => p.source === 'mcp.json'));
});

test('parseMcpJson: inputs resolve when the glue supplies values; no workspace → skipped', () => {
  const withInput = parseMcpJson(MCP_JSON, { workspaceFolder: '/ws', env: {}, inputs: { 'gh-token': 'g' } });
  assert.deepEqual(withInput.servers.find((s) => s.name === 'github'),
    { transport: 'http', name: 'github', url: 'https://gh.example.com/mcp', headers: { Authorization: 'Bearer g' } });
  const noWs = parseMcpJson(MCP_JSON, { env: {} });
  assert.ok(noWs.problems.some((p) => p.name === 'fs' && /no workspace folder/.test(p.reason)));
  assert.equal(noWs.servers.find((s) => s.name === 'fs'), undefined);
});

test('parseMcpJson: broken documents and missing servers', () => {
  const cases: Array<[string, number, RegExp | undefined]> = [
    ['{ "servers": ', 0, /not valid JSON/],
    ['{}', 0, undefined],
    ['{ "servers": [] }', 0, undefined],
    ['{ "servers": { "a": 5 } }', 0, /not an object/],
  ];
  for (const [text, count, problem] of cases) {
    const r = parseMcpJson(text);
    assert.equal(r.servers.length, count, text);
    if (problem) assert.match(r.problems[0]!.reason, problem, text);
    else assert.deepEqual(r.problems, [], text);
  }
});

test('parseMcpSetting: map and ACP-style array, bare commands resolved on PATH', () => {
  const bin = mkdtempSync(join(tmpdir(), 'mcp-path-'));
  writeFileSync(join(bin, 'uvx'), '#!/bin/sh\n');
  chmodSync(join(bin, 'uvx'), 0o755);
  const map = parseMcpSetting({ tools: { command: 'uvx', args: ['mcp-tools'] }, other: { command: 'not-there' } }, { pathEnv: bin });
  assert.deepEqual(map.servers, [
    { transport: 'stdio', name: 'tools', command: join(bin, 'uvx'), args: ['mcp-tools'], env: {} },
    { transport: 'stdio', name: 'other', command: 'not-there', args: [], env: {} },
  ]);
  const arr = parseMcpSetting([
    { name: 'a', command: '/a', args: [], env: [{ name: 'K', value: 'V' }] },
    { type: 'http', name: 'h', url: 'https://h', headers: [{ name: 'X', value: 'y' }] },
    { name: 'a', command: '/dup' },
    { command: '/anon' },
  ]);
  assert.deepEqual(arr.servers, [
    { transport: 'stdio', name: 'a', command: '/a', args: [], env: { K: 'V' } },
    { transport: 'http', name: 'h', url: 'https://h', headers: { X: 'y' } },
    { transport: 'stdio', name: '#4', command: '/anon', args: [], env: {} },
  ]);
  assert.match(arr.problems[0]!.reason, /defined twice/);
  assert.deepEqual(parseMcpSetting(undefined), { servers: [], problems: [] });
  assert.match(parseMcpSetting('x').problems[0]!.reason, /not an object/);
});

test('mergeMcpSources: settings win on name clash', () => {
  const s = parseMcpSetting({ fs: { command: '/mine' } });
  const w = parseMcpJson('{"servers": {"fs": {"command": "/theirs"}, "db": {"command": "/db"}}}');
  const m = mergeMcpSources(s, w);
  assert.deepEqual(m.servers.map((x) => [x.name, (x as { command: string }).command]), [['fs', '/mine'], ['db', '/db']]);
  assert.match(m.problems[0]!.reason, /setting is used/);
});
