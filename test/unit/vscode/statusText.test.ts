import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failedStatus } from '../../../src/vscode/agents/statusText.js';

test('a launch failure names the command once: in its own fact, not inside the reason too', () => {
  const commandLine = '/opt/very/long/path/to/agent --acp';
  const status = failedStatus(
    { name: 'mine', command: '/opt/very/long/path/to/agent', args: ['--acp'], env: {}, protocolVersion: 1 },
    { reason: 'exited_during_initialize', exitCode: 7, signal: null, stderrTail: 'boom', message: `${commandLine} exited with code 7 before answering initialize.` } as never,
    commandLine,
  );
  assert.ok(status.state === 'failed');
  assert.equal(status.commandLine, commandLine);
  assert.ok(!status.reason.includes(commandLine), status.reason);
  assert.match(status.reason, /the agent exited with code 7 before answering initialize/);
});
