/** Mode and config option pickers: drawn from the session facts, changes posted to the host. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { session, snapshot, user } from './fixtures.js';
import type { SessionConfigOption, SessionModeState } from '../../src/protocol/events.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const MODES: SessionModeState = {
  currentModeId: 'ask',
  availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code', description: 'Edits files' }],
};
const THOUGHT: SessionConfigOption = {
  type: 'select', id: 'thought_level', name: 'Thinking', category: 'thought_level', currentValue: 'medium',
  options: [{ value: 'low', name: 'Low' }, { value: 'medium', name: 'Medium' }, { value: 'high', name: 'High' }],
};
const MODEL: SessionConfigOption = {
  type: 'select', id: 'model', name: 'Model', category: 'model', currentValue: 'sonnet',
  options: [
    { group: 'anthropic', name: 'Anthropic', options: [{ value: 'sonnet', name: 'Sonnet' }, { value: 'opus', name: 'Opus' }] },
    { group: 'openai', name: 'OpenAI', options: [{ value: 'gpt-5', name: 'GPT-5' }] },
  ],
};
const FAST: SessionConfigOption = { type: 'boolean', id: 'fast', name: 'Fast', currentValue: false };
const MODE_OPTION: SessionConfigOption = {
  type: 'select', id: 'mode', name: 'Mode', category: 'mode', currentValue: 'ask',
  options: [{ value: 'ask', name: 'Ask' }, { value: 'code', name: 'Code' }],
};

test('model is shown first, grouped options become optgroups, a boolean is a checkbox; changes are posted', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')], { session: session({ configOptions: [THOUGHT, MODEL, FAST] }) }));
  const pickers = panel.page.locator('.session-pickers [data-picker]');
  assert.deepEqual(await pickers.evaluateAll((els) => els.map((e) => e.getAttribute('data-picker'))), ['model', 'thought_level', 'fast']);
  assert.deepEqual(await panel.page.locator('[data-picker="model"] optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label'))), ['Anthropic', 'OpenAI']);
  assert.equal(await panel.page.locator('[data-picker="model"]').inputValue(), 'sonnet');
  assert.equal(await panel.page.locator('[data-picker="thought_level"]').inputValue(), 'medium');
  assert.equal(await panel.page.locator('[data-picker="fast"]').isChecked(), false);
  assert.equal(await panel.page.getByRole('combobox', { name: 'Model' }).count(), 1);

  await panel.page.locator('[data-picker="model"]').selectOption('gpt-5');
  await panel.page.locator('[data-picker="fast"]').check();
  assert.deepEqual(await panel.postedOf('setConfigOption'), [
    { type: 'setConfigOption', configId: 'model', value: 'gpt-5' },
    { type: 'setConfigOption', configId: 'fast', value: true },
  ]);
  await panel.screenshot('pickers');
});

test('the host\'s facts win: a refused change snaps back, an agent-side change shows', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { session: session({ configOptions: [MODEL] }) }));
  await panel.page.locator('[data-picker="model"]').selectOption('opus');
  // The agent refused: the host re-sends the unchanged facts.
  await panel.send({ type: 'session', session: session({ configOptions: [MODEL] }) });
  assert.equal(await panel.page.locator('[data-picker="model"]').inputValue(), 'sonnet');
  // config_option_update from the agent: the full list is replaced.
  await panel.send({ type: 'session', session: session({ configOptions: [{ ...MODEL, currentValue: 'gpt-5' }, THOUGHT] }) });
  assert.equal(await panel.page.locator('[data-picker="model"]').inputValue(), 'gpt-5');
  assert.equal(await panel.count('[data-picker="thought_level"]'), 1);
});

test('modes: a picker posting setMode, hidden when a mode config option exists, nothing without either', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { session: session({ modes: MODES }) }));
  assert.equal(await panel.page.locator('[data-picker="mode"]').inputValue(), 'ask');
  await panel.page.locator('[data-picker="mode"]').selectOption('code');
  assert.deepEqual(await panel.postedOf('setMode'), [{ type: 'setMode', modeId: 'code' }]);
  // current_mode_update from the agent.
  await panel.send({ type: 'session', session: session({ modes: { ...MODES, currentModeId: 'code' } }) });
  assert.equal(await panel.page.locator('[data-picker="mode"]').inputValue(), 'code');

  await panel.clearPosted();
  await panel.send({ type: 'session', session: session({ modes: MODES, configOptions: [MODE_OPTION] }) });
  assert.equal(await panel.count('.session-pickers select'), 1);
  await panel.page.locator('[data-picker="mode"]').selectOption('code');
  assert.deepEqual(await panel.postedOf('setMode'), []);
  assert.deepEqual(await panel.postedOf('setConfigOption'), [{ type: 'setConfigOption', configId: 'mode', value: 'code' }]);

  await panel.send({ type: 'session', session: session() });
  assert.equal(await panel.page.locator('.session-pickers').isHidden(), true);
});
