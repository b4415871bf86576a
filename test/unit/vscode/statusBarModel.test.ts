import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderStatus, sameStatusView } from '../../../src/vscode/status/statusBarModel.js';
import { protocolLabel } from '../../../src/vscode/agents/protocolLabel.js';

const ready = { state: 'ready' as const, agentName: 'Claude', protocolVersion: 1, protocol: 'ACP v1' };
const usage = { used: 53_000, size: 200_000, cost: { amount: 0.05, currency: 'USD' } };

test('idle agent with usage and cost', () => {
  const view = renderStatus({ agent: ready, turnRunning: false, waitingForPermission: false, usage });
  assert.equal(view.text, '$(hubot) Claude · 53k / 200k (27%) · $0.05');
  assert.equal(view.background, undefined);
});

test('a running turn spins, a permission question rings with the warning background', () => {
  assert.match(renderStatus({ agent: ready, turnRunning: true, waitingForPermission: false }).text, /^\$\(loading~spin\) Claude$/);
  const asking = renderStatus({ agent: ready, turnRunning: true, waitingForPermission: true, usage });
  assert.match(asking.text, /^\$\(bell\) Claude/);
  assert.equal(asking.background, 'warning');
});

test('failure shows the error icon and the reason in the tooltip, escaped', () => {
  const view = renderStatus({
    agent: { state: 'failed', agentName: 'Gemini', reason: 'not found [x](command:evil)', fix: 'Install it' },
    turnRunning: false,
    waitingForPermission: false,
  });
  assert.equal(view.text, '$(error) Gemini');
  assert.ok(!view.tooltip.includes('[x](command:evil)'));
  assert.match(view.tooltip, /Install it/);
});

test('no agent and starting', () => {
  assert.equal(renderStatus({ agent: { state: 'none' }, turnRunning: false, waitingForPermission: false }).text, '$(comment-discussion) Agent Chat');
  assert.equal(
    renderStatus({ agent: { state: 'starting', agentName: 'X' }, turnRunning: false, waitingForPermission: false }).text,
    '$(loading~spin) X',
  );
});

test('the tooltip names the session and the usage', () => {
  const view = renderStatus({ agent: ready, turnRunning: false, waitingForPermission: false, usage, sessionTitle: 'Fix the build' });
  assert.match(view.tooltip, /Session: Fix the build/);
  assert.match(view.tooltip, /Context: 53k \/ 200k \(27%\) · \$0\.05/);
});

test('the protocol a person reads: ACP by major version, A2A as v1.0 / v0.3', () => {
  assert.equal(protocolLabel('acp', 1), 'ACP v1');
  assert.equal(protocolLabel('acp', 2), 'ACP v2');
  assert.equal(protocolLabel('a2a', 1), 'A2A v1.0');
  assert.equal(protocolLabel('a2a', 0.3), 'A2A v0.3');
});

test('a remote agent: its protocol in the tooltip, the task state in the text, a question waits with the warning background', () => {
  const remote = { state: 'ready' as const, agentName: 'Travel', protocolVersion: 0.3, protocol: 'A2A v0.3', remote: true };
  const idle = renderStatus({ agent: remote, turnRunning: false, waitingForPermission: false });
  assert.match(idle.tooltip, /A2A v0\\\.3/);
  assert.doesNotMatch(idle.tooltip, /ACP/);
  assert.equal(idle.text, '$(hubot) Travel');
  assert.equal(renderStatus({ agent: remote, turnRunning: true, waitingForPermission: false }).text, '$(loading~spin) Travel: working');
  const asking = renderStatus({ agent: remote, turnRunning: false, waitingForPermission: false, waitingForInput: 'input' });
  assert.equal(asking.text, '$(comment-discussion) Travel: waiting for your answer');
  assert.equal(asking.background, 'warning');
  assert.match(renderStatus({ agent: remote, turnRunning: false, waitingForPermission: false, waitingForInput: 'auth' }).text, /waiting for credentials/);
});

test('a status change the item does not show draws the same view (the bar is not redrawn); a shown change differs', () => {
  const base = { agent: ready, turnRunning: true, waitingForPermission: false };
  const first = renderStatus(base);
  assert.equal(sameStatusView(undefined, first), false, 'the first status is always drawn');
  // Commands, modes or a new config option change the session's facts, not what the item shows.
  assert.equal(sameStatusView(first, renderStatus({ ...base })), true);
  assert.equal(sameStatusView(first, renderStatus({ ...base, usage })), false, 'usage is shown');
  assert.equal(sameStatusView(first, renderStatus({ ...base, sessionTitle: 'Fix the parser' })), false, 'the title is in the tooltip');
  assert.equal(sameStatusView(first, renderStatus({ ...base, waitingForPermission: true })), false);
  assert.equal(sameStatusView(first, renderStatus({ ...base, turnRunning: false })), false);
});
