/**
 * Agent → client request params and agent results, v1 and v2 shapes, lenient where the spec
 * says so and strict on required fields.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseCreateTerminal,
  parseReadTextFile,
  parseRequestPermission,
  parseTerminalRequest,
  parseWriteTextFile,
} from '../../../../src/protocol/acp/parseClientRequests.js';
import type { Parsed } from '../../../../src/protocol/acp/parseClientRequests.js';
import {
  parseInitializeResult,
  parseListSessionsResult,
  parseLoadSessionResult,
  parseNewSessionResult,
  parsePromptResult,
  parseSetConfigOptionResult,
} from '../../../../src/protocol/acp/parseAgentResults.js';

interface Case {
  name: string;
  run: () => Parsed<unknown>;
  /** The parsed value, or `false` for "must be rejected". */
  expect: unknown;
}

const options = [
  { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

const cases: Case[] = [
  // fs
  {
    name: 'fs/read_text_file with line and limit',
    run: () => parseReadTextFile({ sessionId: 's', path: '/a', line: 1, limit: 1 }),
    expect: { sessionId: 's', path: '/a', line: 1, limit: 1 },
  },
  {
    name: 'fs/read_text_file: null and malformed optionals read as absent',
    run: () => parseReadTextFile({ sessionId: 's', path: '/a', line: null, limit: -3 }),
    expect: { sessionId: 's', path: '/a' },
  },
  { name: 'fs/read_text_file without a path is rejected', run: () => parseReadTextFile({ sessionId: 's' }), expect: false },
  {
    name: 'fs/write_text_file',
    run: () => parseWriteTextFile({ sessionId: 's', path: '/a', content: '' }),
    expect: { sessionId: 's', path: '/a', content: '' },
  },
  { name: 'fs/write_text_file without content is rejected', run: () => parseWriteTextFile({ sessionId: 's', path: '/a' }), expect: false },
  // terminals
  {
    name: 'terminal/create minimal',
    run: () => parseCreateTerminal({ sessionId: 's', command: 'echo', args: ['hi'] }),
    expect: { sessionId: 's', command: 'echo', args: ['hi'], env: [] },
  },
  {
    name: 'terminal/create full; bad env entries dropped',
    run: () =>
      parseCreateTerminal({
        sessionId: 's',
        command: 'npm',
        args: ['test'],
        env: [{ name: 'CI', value: '1' }, { name: 'BAD' }],
        cwd: '/w',
        outputByteLimit: 1024,
      }),
    expect: { sessionId: 's', command: 'npm', args: ['test'], env: [{ name: 'CI', value: '1' }], cwd: '/w', outputByteLimit: 1024 },
  },
  {
    name: 'terminal/output, wait_for_exit, kill, release params',
    run: () => parseTerminalRequest({ sessionId: 's', terminalId: 't1' }),
    expect: { sessionId: 's', terminalId: 't1' },
  },
  { name: 'terminal request without terminalId is rejected', run: () => parseTerminalRequest({ sessionId: 's' }), expect: false },
  // permission
  {
    name: 'permission v1',
    run: () =>
      parseRequestPermission({
        sessionId: 's',
        toolCall: { toolCallId: 'c1', title: 'Edit a.ts', kind: 'edit', status: 'pending' },
        options,
      }),
    expect: {
      sessionId: 's',
      options,
      toolCallId: 'c1',
      toolCall: { title: 'Edit a.ts', kind: 'edit', status: 'pending' },
    },
  },
  {
    name: 'permission v1 with extra v2-style title from a real agent',
    run: () => parseRequestPermission({ sessionId: 's', title: 'Allow edit?', toolCall: { toolCallId: 'c1' }, options }),
    expect: { sessionId: 's', options, toolCallId: 'c1', toolCall: {}, title: 'Allow edit?' },
  },
  {
    name: 'permission v1 without toolCallId is rejected',
    run: () => parseRequestPermission({ sessionId: 's', toolCall: { title: 'x' }, options }),
    expect: false,
  },
  {
    name: 'permission v2 with a tool call subject',
    run: () =>
      parseRequestPermission({
        sessionId: 's',
        title: 'Edit a.ts?',
        description: 'Writes one file',
        subject: { type: 'tool_call', toolCall: { toolCallId: 'c2', title: 'Edit' } },
        options,
      }),
    expect: {
      sessionId: 's',
      options,
      title: 'Edit a.ts?',
      description: 'Writes one file',
      toolCallId: 'c2',
      toolCall: { title: 'Edit' },
    },
  },
  {
    name: 'permission v2 with a command subject',
    run: () =>
      parseRequestPermission({
        sessionId: 's',
        title: 'Run npm test?',
        subject: { type: 'command', command: 'npm test', cwd: '/w', toolCallId: 'c3', terminalId: null },
        options,
      }),
    expect: { sessionId: 's', options, title: 'Run npm test?', command: { command: 'npm test', cwd: '/w' }, toolCallId: 'c3' },
  },
  {
    name: 'permission v2 without subject, and an extension subject, still parse',
    run: () => parseRequestPermission({ sessionId: 's', title: 'Proceed?', subject: { type: '_vendor' }, options }),
    expect: { sessionId: 's', options, title: 'Proceed?' },
  },
  {
    name: 'permission: bad options are dropped',
    run: () => parseRequestPermission({ sessionId: 's', title: 'T', options: [...options, { optionId: 'x' }] }),
    expect: { sessionId: 's', options, title: 'T' },
  },
  { name: 'permission v2 without title is rejected', run: () => parseRequestPermission({ sessionId: 's', options }), expect: false },
  // initialize results
  {
    name: 'initialize v1 result, full',
    run: () =>
      parseInitializeResult({
        protocolVersion: 1,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, audio: false, embeddedContext: true },
          mcpCapabilities: { http: true, sse: false },
          sessionCapabilities: { list: {}, resume: {}, close: null, additionalDirectories: {} },
          auth: { logout: {} },
        },
        authMethods: [
          { id: 'agent-login', name: 'Log in', description: 'optional' },
          { type: 'terminal', id: 'term-login', name: 'Log in in a terminal', args: ['--login'], env: { X: '1' } },
          { name: 'no id' },
        ],
        agentInfo: { name: 'my-agent', title: 'My Agent', version: '0.3.0' },
      }),
    expect: {
      protocolVersion: 1,
      capabilities: {
        loadSession: true,
        prompt: { image: true, audio: false, embeddedContext: true },
        mcp: { http: true, sse: false },
        session: { list: true, resume: true, close: false, delete: false, fork: false, additionalDirectories: true },
        logout: true,
      },
      authMethods: [
        { id: 'agent-login', name: 'Log in', type: 'agent', description: 'optional' },
        { id: 'term-login', name: 'Log in in a terminal', type: 'terminal', args: ['--login'], env: { X: '1' } },
      ],
      agentInfo: { name: 'my-agent', title: 'My Agent', version: '0.3.0' },
    },
  },
  {
    name: 'initialize v1 result, minimal (observed from the SDK example agent)',
    run: () => parseInitializeResult({ protocolVersion: 1, agentCapabilities: { loadSession: false } }),
    expect: {
      protocolVersion: 1,
      capabilities: {
        loadSession: false,
        prompt: { image: false, audio: false, embeddedContext: false },
        mcp: { http: false, sse: false },
        session: { list: false, resume: false, close: false, delete: false, fork: false, additionalDirectories: false },
        logout: false,
      },
      authMethods: [],
    },
  },
  {
    name: 'initialize v2 result',
    run: () =>
      parseInitializeResult({
        protocolVersion: 2,
        info: { name: 'claude', version: '0.100.0' },
        capabilities: { session: { prompt: { image: {}, embeddedContext: {} }, mcp: { stdio: {}, http: {} }, delete: {} } },
        authMethods: [{ type: 'terminal', methodId: 'login', name: 'Log in', args: ['--login'], env: [{ name: 'A', value: 'b' }] }],
      }),
    expect: {
      protocolVersion: 2,
      capabilities: {
        loadSession: false,
        prompt: { image: true, audio: false, embeddedContext: true },
        mcp: { http: true, sse: false },
        session: { list: true, resume: true, close: true, delete: true, fork: false, additionalDirectories: false },
        logout: true,
      },
      authMethods: [{ id: 'login', name: 'Log in', type: 'terminal', args: ['--login'], env: { A: 'b' } }],
      agentInfo: { name: 'claude', version: '0.100.0' },
    },
  },
  { name: 'initialize without protocolVersion is rejected', run: () => parseInitializeResult({ agentCapabilities: {} }), expect: false },
  // session results
  {
    name: 'session/new v1 with modes and config options (and an old `models` field ignored)',
    run: () =>
      parseNewSessionResult({
        sessionId: 'sess_1',
        modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code', description: 'd' }] },
        configOptions: [{ id: 'model', name: 'Model', type: 'select', currentValue: 'm', options: [{ value: 'm', name: 'M' }] }],
        models: { currentModelId: 'm', availableModels: [] },
      }),
    expect: {
      sessionId: 'sess_1',
      modes: { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code', description: 'd' }] },
      configOptions: [{ id: 'model', name: 'Model', type: 'select', currentValue: 'm', options: [{ value: 'm', name: 'M' }] }],
    },
  },
  {
    name: 'session/new v2 with available commands; malformed modes dropped',
    run: () =>
      parseNewSessionResult({
        sessionId: 's2',
        modes: 'bogus',
        availableCommands: [{ type: 'command', name: 'plan', description: 'Plan it' }],
      }),
    expect: { sessionId: 's2', availableCommands: [{ name: 'plan', description: 'Plan it', inputHint: null }] },
  },
  { name: 'session/new without sessionId is rejected', run: () => parseNewSessionResult({}), expect: false },
  { name: 'session/load answering null', run: () => parseLoadSessionResult(null), expect: {} },
  {
    name: 'session/set_config_option result',
    run: () => parseSetConfigOptionResult({ configOptions: [{ id: 'web', name: 'Web', type: 'boolean', currentValue: true }] }),
    expect: [{ id: 'web', name: 'Web', type: 'boolean', currentValue: true }],
  },
  {
    name: 'session/list: bad entries skipped, last page',
    run: () =>
      parseListSessionsResult({
        sessions: [
          { sessionId: 'a', cwd: '/w', title: 'Fix bug', updatedAt: '2026-11-01T10:00:00Z', additionalDirectories: [] },
          { sessionId: 'b' },
          { sessionId: 'c', cwd: '/w', title: null },
        ],
      }),
    expect: {
      sessions: [
        { sessionId: 'a', cwd: '/w', title: 'Fix bug', updatedAt: '2026-11-01T10:00:00Z' },
        { sessionId: 'c', cwd: '/w' },
      ],
    },
  },
  {
    name: 'session/list with a next page',
    run: () => parseListSessionsResult({ sessions: [], nextCursor: 'opaque' }),
    expect: { sessions: [], nextCursor: 'opaque' },
  },
  // prompt results
  {
    name: 'prompt v1 with extra usage (claude-agent-acp)',
    run: () => parsePromptResult({ stopReason: 'refusal', usage: { totalTokens: 5 } }, 1),
    expect: { protocolVersion: 1, stopReason: 'refusal' },
  },
  { name: 'prompt v1 without stopReason is rejected', run: () => parsePromptResult({}, 1), expect: false },
  { name: 'prompt v2 {messageId}', run: () => parsePromptResult({ messageId: 'u1' }, 2), expect: { protocolVersion: 2, messageId: 'u1' } },
  { name: 'prompt v2 null result', run: () => parsePromptResult(null, 2), expect: { protocolVersion: 2 } },
];

for (const c of cases) {
  test(`parse: ${c.name}`, () => {
    const r = c.run();
    if (c.expect === false) {
      assert.equal(r.ok, false);
      assert.ok(!r.ok && r.error.length > 0, 'a rejection says why');
    } else {
      assert.deepEqual(r, { ok: true, value: c.expect });
    }
  });
}
