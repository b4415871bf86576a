import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AcpAgentConfig, LaunchFailure } from '../../../../src/agents/api.js';
import { suggestFix } from '../../../../src/agents/acp/presets/suggestFix.js';

const cfg = (command: string, args: string[] = [], name = 'x'): AcpAgentConfig => ({ name, command, args, env: {}, protocolVersion: 1 });
const exited = (stderrTail: string, exitCode: number | null = 1): LaunchFailure =>
  ({ reason: 'exited_during_initialize', exitCode, signal: null, stderrTail, message: 'exited' });

test('suggestFix: table', () => {
  const cases: Array<[string, LaunchFailure, AcpAgentConfig, RegExp, string[], string | undefined]> = [
    ['preset not on PATH', { reason: 'not_found', command: 'gemini', message: 'ENOENT' }, cfg('gemini', ['--acp'], 'gemini'),
      /gemini was not found/, ['install', 'check_path', 'open_settings'], 'npm install -g @google/gemini-cli'],
    ['unknown program not on PATH', { reason: 'not_found', command: 'foo', message: 'ENOENT' }, cfg('foo'),
      /foo was not found/, ['install', 'check_path', 'open_settings'], undefined],
    ['npx missing', { reason: 'not_found', command: 'npx', message: 'ENOENT' }, cfg('npx', ['@agentclientprotocol/claude-agent-acp'], 'claude'),
      /npx is not installed/, ['install', 'check_path'], undefined],
    ['stderr mentions API key', exited('Error: GEMINI_API_KEY environment variable not set'), cfg('gemini', ['--acp']),
      /needs a login/, ['login', 'open_settings'], undefined],
    ['stderr says not logged in', exited('You are not logged in. Run `cursor-agent login`.'), cfg('cursor-agent', ['acp']),
      /needs a login/, ['login', 'open_settings'], undefined],
    ['npm 404', exited('npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/@x%2fy'), cfg('npx', ['@x/y']),
      /could not find the agent package/, ['open_settings', 'open_log'], undefined],
    ['npx offline', exited('npm ERR! code ENOTFOUND'), cfg('npx', ['@x/y']),
      /could not download/, ['open_log'], undefined],
    ['old node', exited('npm WARN EBADENGINE Unsupported engine { required: { node: ">=22" } }'), cfg('npx', ['@x/y']),
      /newer Node/, ['install', 'check_path'], undefined],
    ['plain crash', exited('Segmentation fault', 139), cfg('goose', ['acp']),
      /exited while starting \(exit code 139\)/, ['open_log'], 'goose acp'],
    ['timeout', { reason: 'timeout', afterMs: 30000, stderrTail: '', message: 't' }, cfg('goose', ['acp']),
      /started but didn't answer/, ['open_log'], undefined],
    ['agent answers v2', { reason: 'unsupported_version', requested: 1, answered: 2, message: 'v' }, cfg('a'),
      /version 2/, ['set_protocol_version', 'open_settings'], undefined],
    ['agent answers an unknown version', { reason: 'unsupported_version', requested: 1, answered: -1, message: 'no usable protocolVersion.' }, cfg('a'),
      /does not know/, ['set_protocol_version', 'open_log'], undefined],
    ['initialize -32000', { reason: 'initialize_error', code: -32000, message: 'Authentication required', stderrTail: '' }, cfg('a'),
      /needs a login/, ['login', 'open_settings'], undefined],
    ['initialize other error', { reason: 'initialize_error', code: -32603, message: 'boom', stderrTail: '' }, cfg('a'),
      /rejected the connection/, ['open_log'], undefined],
  ];
  for (const [label, failure, config, title, actions, command] of cases) {
    const fix = suggestFix(failure, config);
    assert.match(fix.title, title, label);
    assert.deepEqual(fix.actions, actions, label);
    assert.equal(fix.command, command, label);
    assert.ok(fix.detail.length > 20, label);
  }
});

test('suggestFix: timeout mentions the protocol log, version fix names the setting', () => {
  assert.match(suggestFix({ reason: 'timeout', afterMs: 15000, stderrTail: '', message: '' }, cfg('a')).detail, /protocol log/);
  assert.match(suggestFix({ reason: 'unsupported_version', requested: 2, answered: 1, message: '' }, cfg('a')).detail, /"protocolVersion": 1/);
  assert.match(suggestFix({ reason: 'timeout', afterMs: 30000, stderrTail: '', message: '' }, cfg('npx', ['-y', '@x/agent'])).detail, /first start downloads @x\/agent/);
  assert.doesNotMatch(suggestFix({ reason: 'timeout', afterMs: 30000, stderrTail: '', message: '' }, cfg('goose', ['acp'])).detail, /npx/);
  assert.match(suggestFix({ reason: 'not_found', command: 'opencode', message: '' }, cfg('opencode', ['acp'], 'opencode')).detail, /login shell/);
});
