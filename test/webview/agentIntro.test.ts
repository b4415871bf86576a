/**
 * A remote agent's card in the panel: its description as the picker's tooltip, and in an empty
 * thread "What this agent can do" with each skill and example buttons that fill the composer
 * without sending. Card text is the agent's: it stays text, in every theme, by keyboard too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { session, snapshot, user } from './fixtures.js';
import type { AgentStatus } from '../../src/shared/webviewProtocol.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const HOSTILE = '<img src=x onerror=alert(1)>**not bold**';
const TRAVEL: AgentStatus = {
  state: 'ready', agentName: 'travel', agentTitle: 'Travel Agent', protocolVersion: 0.3, protocol: 'A2A v0.3', remote: true,
  about: {
    description: `Books trips. ${HOSTILE}`,
    skills: [
      { name: 'Book a flight', description: 'Finds and books flights', examples: ['Book a flight to Lisbon on Friday', `Try ${HOSTILE}`] },
      { name: 'Weather', examples: [] },
    ],
  },
};
const AGENTS = [{ name: 'travel', source: 'settings' as const, description: TRAVEL.about!.description }, { name: 'example', source: 'example' as const }];

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: an empty thread of a remote agent lists its skills; an example fills the composer and is not sent`, async () => {
    const panel = await harness.open({ theme, width: 300 });
    await panel.send(snapshot([], { agent: TRAVEL, agents: AGENTS }));
    const intro = panel.page.getByRole('region', { name: 'What this agent can do' });
    await intro.waitFor();
    assert.equal(await intro.locator('.intro-title').textContent(), 'Travel Agent');
    assert.equal(await intro.locator('.intro-description').textContent(), `Books trips. ${HOSTILE}`);
    assert.deepEqual(await intro.locator('.skill-name').allTextContents(), ['Book a flight', 'Weather']);
    assert.deepEqual(await intro.locator('.skill-description').allTextContents(), ['Finds and books flights']);
    assert.equal(await intro.locator('img, strong, script').count(), 0, 'card text is never markup');
    const examples = intro.getByRole('button', { name: /^Use example: / });
    assert.deepEqual(await examples.allTextContents(), ['Book a flight to Lisbon on Friday', `Try ${HOSTILE}`]);

    await panel.clearPosted();
    await intro.getByRole('button', { name: 'Use example: Book a flight to Lisbon on Friday' }).click();
    const input = panel.page.getByRole('textbox', { name: 'Message the agent' });
    assert.equal(await input.inputValue(), 'Book a flight to Lisbon on Friday');
    assert.ok(await input.evaluate((el) => el === (globalThis as any).document.activeElement), 'the composer has the focus');
    assert.deepEqual((await panel.posted()).filter((m) => m.type === 'send'), [], 'nothing is sent by the example');

    const m = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const b = d.querySelector('.intro-example');
      const cs = (globalThis as any).getComputedStyle(b);
      return { color: cs.color, bg: cs.backgroundColor, overflow: d.documentElement.scrollWidth - d.documentElement.clientWidth };
    });
    const expected = await panel.page.evaluate(() => {
      const cs = (globalThis as any).getComputedStyle((globalThis as any).document.documentElement);
      return [cs.getPropertyValue('--vscode-button-secondaryForeground').trim(), cs.getPropertyValue('--vscode-button-secondaryBackground').trim()];
    });
    assert.ok(expected[0] && expected[1], 'the theme defines the secondary button colours');
    assert.ok(m.overflow <= 0, `nothing overflows at 300 px (${m.overflow})`);
    assert.notEqual(m.color, m.bg, 'example text stands out from its background');
    await panel.screenshot(`agent-intro-${theme}`);
    assert.equal(await panel.page.evaluate(() => (globalThis as any).__xss), 0);
    assert.deepEqual(await panel.violations(), []);
  });
}

test('keyboard: Tab reaches an example, Enter fills the composer', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot([], { agent: TRAVEL, agents: AGENTS }));
  const first = panel.page.getByRole('button', { name: 'Use example: Book a flight to Lisbon on Friday' });
  await first.waitFor();
  await first.focus();
  await panel.page.keyboard.press('Tab');
  await panel.page.keyboard.press('Enter');
  assert.equal(await panel.page.getByRole('textbox', { name: 'Message the agent' }).inputValue(), `Try ${HOSTILE}`);
  assert.equal(await panel.page.evaluate(() => (globalThis as any).__xss), 0);
});

test('the introduction leaves once the thread has a row, and comes back for an empty one', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([], { agent: TRAVEL, agents: AGENTS }));
  const intro = panel.page.locator('.agent-intro');
  await intro.waitFor({ state: 'visible' });
  await panel.send({ type: 'rows', changes: [{ op: 'insert', index: 0, entry: user('u1', 'hello') }] } as never);
  await intro.waitFor({ state: 'hidden' });
  await panel.send(snapshot([], { agent: TRAVEL, agents: AGENTS, session: session() }));
  await intro.waitFor({ state: 'visible' });
});

test('an agent without a card (ACP) shows no introduction', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([]));
  await panel.page.locator('.composer-input').waitFor();
  assert.equal(await panel.page.locator('.agent-intro').isHidden(), true);
});

test('the picker shows the card description as the agent\'s tooltip', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')], { agent: TRAVEL, agents: AGENTS }));
  const picker = panel.page.getByRole('combobox', { name: 'Agent' });
  await picker.waitFor();
  assert.equal(await picker.getAttribute('title'), `Agent: Travel Agent (travel) — Books trips. ${HOSTILE}`);
  assert.equal(await picker.locator('option[value="travel"]').getAttribute('title'), `Books trips. ${HOSTILE}`);
  assert.equal(await picker.locator('option[value="example"]').getAttribute('title'), null);
});
