/**
 * Several agents at once: each tab is bound to one agent's process; a second agent gets its own
 * tab while the first keeps running, and restarting one leaves the other's session alive.
 */
import assert from 'node:assert/strict';
import { api, testAgent, textOf, turn } from './agents.js';
import { test } from './harness.js';

test('agents side by side: two agents answer in their own tabs; switching shows each; restarting one leaves the other running', async () => {
  const chat = await api();
  const scripted = testAgent('pool scripted (exthost)', 'scripted');
  const options = testAgent('pool options (exthost)', 'options');
  assert.equal((await chat.context.start(scripted)).state, 'ready');
  const first = chat.context.tabsInfo().activeId;
  const hello = await turn(chat, 'hello');
  assert.ok(hello.some((e) => e.type === 'agent'), 'the scripted agent answers');

  assert.equal((await chat.context.start(options)).state, 'ready');
  const second = chat.context.tabsInfo().activeId;
  assert.notEqual(second, first, 'another agent opens its own tab');
  const status = await turn(chat, 'status');
  assert.ok(status.some((e) => /model=/.test(textOf(e))), 'the options agent answers');
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, options.name);

  assert.ok(chat.context.switchTab(first));
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, scripted.name, 'the header follows the tab');
  assert.match(chat.statusBar.text, /pool scripted/, 'the status bar follows the tab');
  assert.ok(chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'hello'));
  assert.ok(!chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'status'));

  // Restart the options agent: the scripted tab keeps its session.
  assert.ok(chat.context.switchTab(second));
  assert.equal((await chat.context.restart()).state, 'ready');
  assert.ok(chat.context.entries.some((e) => e.type === 'user' && textOf(e) === 'status'), 'the restarted agent\'s thread stays');
  assert.ok(chat.context.switchTab(first));
  assert.notEqual(chat.context.tabsInfo().tabs.find((t) => t.id === first)?.state, 'closed', 'the other agent\'s session is still open');
  const again = await turn(chat, 'hello');
  assert.ok(again.some((e) => e.type === 'agent'));
  assert.ok(!again.some((e) => e.type === 'notice'), 'no new session was needed');

  // Closing the last tab of an agent ends that agent.
  await chat.context.closeTab(second);
  assert.ok(!chat.context.tabsInfo().tabs.some((t) => t.id === second));
  assert.equal(chat.context.agentStatus.state === 'ready' && chat.context.agentStatus.agentName, scripted.name);
}, 90_000);
