/**
 * Strict out: every message we build must satisfy the official JSON Schema definition for
 * its method, in each protocol version it is used with.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  authenticateParams,
  cancelParams,
  cancelTerminalParams,
  cancelToolCallParams,
  createTerminalResult,
  emptyResult,
  initializeParams,
  initializeParamsV1,
  listSessionsParams,
  loadSessionParams,
  newSessionParams,
  permissionResult,
  promptParams,
  readTextFileResult,
  resumeSessionParams,
  sessionIdParams,
  setConfigOptionParams,
  setModeParams,
  terminalOutputResult,
  waitForTerminalExitResult,
} from '../../../../src/protocol/acp/outgoing.js';
import { definitionForMethod, validateOutgoing } from '../../../support/schemaValidator.js';
import type { SchemaVersion } from '../../../support/schemaValidator.js';

const info = { name: 'agent-chat', title: 'Agent Chat', version: '0.1.0' };
const target = { cwd: '/home/u/project' };
const prompt = [
  { type: 'text' as const, text: 'hi' },
  { type: 'resource_link' as const, uri: 'file:///home/u/project/a.ts', name: 'a.ts' },
  { type: 'resource' as const, resource: { uri: 'file:///home/u/project/b.ts', text: 'x', mimeType: 'text/x-typescript' } },
  { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' },
];

interface Case {
  name: string;
  versions: SchemaVersion[];
  method: string;
  kind: 'Request' | 'Response' | 'Notification';
  value: (v: SchemaVersion) => unknown;
}

const cases: Case[] = [
  { name: 'initialize', versions: [1, 2], method: 'initialize', kind: 'Request', value: (v) => initializeParams(v as 1 | 2, info) },
  {
    name: 'initialize without a title',
    versions: [1, 2],
    method: 'initialize',
    kind: 'Request',
    value: (v) => initializeParams(v as 1 | 2, { name: 'agent-chat', version: '0.1.0' }),
  },
  { name: 'session/new', versions: [1, 2], method: 'session/new', kind: 'Request', value: () => newSessionParams(target) },
  {
    name: 'session/new with extra roots and an MCP server',
    versions: [1, 2],
    method: 'session/new',
    kind: 'Request',
    value: (v) =>
      newSessionParams({
        cwd: '/w/a',
        additionalDirectories: ['/w/b'],
        // v2 requires an explicit stdio `type`; we only send stdio servers in v1 for now.
        mcpServers: v === 1 ? [{ name: 'fs', command: '/bin/fs', args: ['--stdio'], env: [{ name: 'K', value: 'V' }] }] : [],
      }),
  },
  { name: 'session/load', versions: [1], method: 'session/load', kind: 'Request', value: () => loadSessionParams('s1', target) },
  { name: 'session/resume', versions: [1, 2], method: 'session/resume', kind: 'Request', value: () => resumeSessionParams('s1', target) },
  {
    name: 'session/resume with replay',
    versions: [2],
    method: 'session/resume',
    kind: 'Request',
    value: () => resumeSessionParams('s1', target, true),
  },
  { name: 'session/list (first page)', versions: [1, 2], method: 'session/list', kind: 'Request', value: () => listSessionsParams() },
  {
    name: 'session/list (filtered, next page)',
    versions: [1, 2],
    method: 'session/list',
    kind: 'Request',
    value: () => listSessionsParams('/w', 'opaque'),
  },
  { name: 'session/close', versions: [1, 2], method: 'session/close', kind: 'Request', value: () => sessionIdParams('s1') },
  { name: 'session/delete', versions: [1, 2], method: 'session/delete', kind: 'Request', value: () => sessionIdParams('s1') },
  { name: 'session/prompt', versions: [1, 2], method: 'session/prompt', kind: 'Request', value: () => promptParams('s1', prompt) },
  { name: 'session/cancel', versions: [1, 2], method: 'session/cancel', kind: 'Notification', value: () => cancelParams('s1') },
  { name: 'tool_call/cancel', versions: [2], method: 'tool_call/cancel', kind: 'Request', value: () => cancelToolCallParams('s1', 'tool_7') },
  { name: 'terminal/cancel', versions: [2], method: 'terminal/cancel', kind: 'Request', value: () => cancelTerminalParams('s1', 'term_3') },
  { name: 'authenticate', versions: [1], method: 'authenticate', kind: 'Request', value: () => authenticateParams('login') },
  { name: 'auth/login (v2 authenticate)', versions: [2], method: 'auth/login', kind: 'Request', value: () => authenticateParams('login') },
  { name: 'session/set_mode', versions: [1], method: 'session/set_mode', kind: 'Request', value: () => setModeParams('s1', 'ask') },
  {
    name: 'session/set_config_option (select)',
    versions: [1, 2],
    method: 'session/set_config_option',
    kind: 'Request',
    value: (v) => setConfigOptionParams(v as 1 | 2, 's1', 'model', 'fast'),
  },
  {
    name: 'session/set_config_option (boolean)',
    versions: [1, 2],
    method: 'session/set_config_option',
    kind: 'Request',
    value: (v) => setConfigOptionParams(v as 1 | 2, 's1', 'web', true),
  },
  {
    name: 'permission: selected',
    versions: [1, 2],
    method: 'session/request_permission',
    kind: 'Response',
    value: () => permissionResult({ outcome: 'selected', optionId: 'allow' }),
  },
  {
    name: 'permission: cancelled',
    versions: [1, 2],
    method: 'session/request_permission',
    kind: 'Response',
    value: () => permissionResult({ outcome: 'cancelled' }),
  },
  { name: 'fs/read_text_file result', versions: [1], method: 'fs/read_text_file', kind: 'Response', value: () => readTextFileResult('a\nb') },
  { name: 'fs/write_text_file result', versions: [1], method: 'fs/write_text_file', kind: 'Response', value: () => emptyResult() },
  { name: 'terminal/create result', versions: [1], method: 'terminal/create', kind: 'Response', value: () => createTerminalResult('t1') },
  {
    name: 'terminal/output result (running)',
    versions: [1],
    method: 'terminal/output',
    kind: 'Response',
    value: () => terminalOutputResult('out', false),
  },
  {
    name: 'terminal/output result (exited)',
    versions: [1],
    method: 'terminal/output',
    kind: 'Response',
    value: () => terminalOutputResult('…tail', true, { exitCode: 0 }),
  },
  {
    name: 'terminal/wait_for_exit result (signal)',
    versions: [1],
    method: 'terminal/wait_for_exit',
    kind: 'Response',
    value: () => waitForTerminalExitResult({ signal: 'SIGTERM' }),
  },
  { name: 'terminal/kill result', versions: [1], method: 'terminal/kill', kind: 'Response', value: () => emptyResult() },
  { name: 'terminal/release result', versions: [1], method: 'terminal/release', kind: 'Response', value: () => emptyResult() },
];

for (const c of cases) {
  for (const v of c.versions) {
    test(`outgoing v${v}: ${c.name} matches ${c.method} ${c.kind}`, () => {
      const def = definitionForMethod(v, c.method, c.kind);
      assert.deepEqual(validateOutgoing(v, def, c.value(v)), []);
    });
  }
}

test('the validator is not a rubber stamp: broken shapes are rejected', () => {
  assert.notDeepEqual(validateOutgoing(1, 'InitializeRequest', { protocolVersion: '1' }), []);
  assert.notDeepEqual(validateOutgoing(1, 'NewSessionRequest', { cwd: '/x' }), []); // v1 needs mcpServers
  assert.notDeepEqual(validateOutgoing(2, 'InitializeRequest', { protocolVersion: 2, capabilities: {} }), []); // v2 needs info
  assert.notDeepEqual(validateOutgoing(1, 'RequestPermissionResponse', { outcome: { outcome: 'selected' } }), []);
  assert.notDeepEqual(validateOutgoing(1, 'PromptRequest', { sessionId: 's', prompt: [{ type: 'text' }] }), []);
  assert.notDeepEqual(validateOutgoing(2, 'CancelToolCallRequest', { sessionId: 's', terminalId: 't' }), []); // needs toolCallId
  assert.notDeepEqual(validateOutgoing(2, 'CancelTerminalRequest', { sessionId: 's' }), []);
});

test('v1 initialize advertises exactly what the client implements', () => {
  assert.deepEqual(initializeParamsV1(info), {
    protocolVersion: 1,
    clientCapabilities: {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
      elicitation: { form: {}, url: {} },
      plan: {},
      subagents: {},
    },
    clientInfo: info,
  });
});

test('v2 initialize sends info and only the capabilities it honours (elicitation)', () => {
  assert.deepEqual(initializeParams(2, info), { protocolVersion: 2, info, capabilities: { elicitation: { form: {}, url: {} } } });
});

test('session/new omits additionalDirectories when there are none', () => {
  assert.deepEqual(newSessionParams({ cwd: '/a', additionalDirectories: [] }), { cwd: '/a', mcpServers: [] });
});
