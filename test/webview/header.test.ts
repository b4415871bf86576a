/** The panel header in a narrow panel, in every theme: nothing overflows, long names ellipsize with a tooltip, the agent named once, no mode repeat. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { session, snapshot, user } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const LONG = 'claude-code-with-a-very-long-configuration-name';
const MODES = { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }, { id: 'code', name: 'Code' }] };

test('the mode shows once: in the picker above the composer, not in the header', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')], { session: session({ modes: MODES, title: 'Fix the bug' }) }));
  assert.equal(await panel.text('.session-title'), 'Fix the bug');
  assert.doesNotMatch(await panel.text('.panel-header'), /mode/i);
  assert.equal(await panel.page.getByRole('combobox', { name: 'Mode' }).inputValue(), 'ask');
});

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: at 300 px the header fits, the agent name ellipsizes with a tooltip, New session stays whole`, async () => {
    const panel = await harness.open({ theme, width: 300, height: 500 });
    await panel.send(snapshot([user('u1', 'hi')], {
      agent: { state: 'ready', agentName: LONG, agentTitle: 'Claude Code (a very long agent title)', protocolVersion: 1, protocol: 'ACP v1' },
      agents: [{ name: LONG, source: 'settings' }, { name: 'example', source: 'example' }],
      session: session({ turnState: 'running', title: 'A session title far too long for a narrow panel', usage: { used: 48_200, size: 200_000, cost: { amount: 0.42, currency: 'USD' } }, modes: MODES }),
    }));
    const m = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const box = (sel: string) => d.querySelector(sel).getBoundingClientRect();
      const line = d.querySelector('.panel-header .header-line');
      const second = d.querySelector('.panel-header .header-line.secondary');
      const picker = d.querySelector('select.agent-picker');
      const cs = (globalThis as any).getComputedStyle(picker);
      return {
        lineOverflow: line.scrollWidth - line.clientWidth,
        secondOverflow: second.scrollWidth - second.clientWidth,
        bodyOverflow: d.documentElement.scrollWidth - d.documentElement.clientWidth,
        picker: box('select.agent-picker'),
        button: box('.panel-header [data-action="new-session"]'),
        state: box('.agent-state'),
        pickerTitle: picker.title,
        stateTitle: d.querySelector('.agent-state').title,
        pickerColor: cs.color,
        pickerBg: cs.backgroundColor,
        pickerBorder: cs.borderTopColor,
        width: d.documentElement.clientWidth,
      };
    });
    await panel.screenshot(`header-narrow-${theme}`);
    assert.equal(m.width, 300);
    assert.ok(m.lineOverflow <= 0 && m.secondOverflow <= 0 && m.bodyOverflow <= 0, `nothing overflows: ${JSON.stringify(m)}`);
    assert.ok(m.picker.width >= 70, `the picker keeps a usable width (${m.picker.width})`);
    assert.ok(m.picker.right <= m.state.left + 1 && m.state.right <= m.button.left + 1, 'picker, status, button side by side');
    assert.ok(m.button.right <= 300 && m.button.width >= 20, 'New session fully visible');
    // The picker names the agent by its own title (the settings key in the tooltip); the status says only that it runs.
    assert.equal(m.pickerTitle, `Agent: Claude Code (a very long agent title) (${LONG})`);
    assert.equal(await panel.page.locator('select.agent-picker option:checked').textContent(), 'Claude Code (a very long agent title)');
    assert.equal(m.stateTitle, 'Claude Code (a very long agent title) is ready · ACP v1');
    const expected = {
      dark: ['rgb(204, 204, 204)', 'rgb(49, 49, 49)', 'rgb(60, 60, 60)'],
      light: ['rgb(59, 59, 59)', 'rgb(255, 255, 255)', 'rgb(206, 206, 206)'],
      'high-contrast': ['rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgb(111, 195, 223)'],
    }[theme];
    assert.deepEqual([m.pickerColor, m.pickerBg, m.pickerBorder], expected, 'dropdown colours from the theme');
    assert.deepEqual(await panel.violations(), []);
  });
}

test('keyboard: agent picker, New session, Follow the agent, then the thread; every header control has a name', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot([user('u1', 'hi')]));
  const names = await panel.page.locator('.panel-header select, .panel-header button').evaluateAll((els) =>
    els.map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(names, ['Agent', 'New session', 'Follow the agent in the editor']);
});

test('Follow the agent: a toggle that shows the host\'s state, pressed by mouse or keyboard, and says so to screen readers', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot([user('u1', 'hi')], { follow: true }));
  const toggle = panel.page.getByRole('button', { name: 'Follow the agent in the editor' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true', 'on from the snapshot');
  const fit = await panel.page.evaluate(() => {
    const d = (globalThis as any).document;
    const line = d.querySelector('.panel-header .header-line.secondary');
    return { right: d.querySelector('.follow-toggle').getBoundingClientRect().right, overflow: line.scrollWidth - line.clientWidth, width: d.documentElement.clientWidth };
  });
  assert.ok(fit.right <= fit.width && fit.overflow <= 0, `the toggle fits a 300 px panel: ${JSON.stringify(fit)}`);
  await panel.screenshot('header-follow-on');
  assert.match((await toggle.getAttribute('title')) ?? '', /Following the agent/);
  await panel.clearPosted();
  await toggle.click();
  assert.deepEqual(await panel.postedOf('setFollow'), [{ type: 'setFollow', on: false }]);
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'shown off at once');
  // The host has the last word: its `follow` message sets the toggle (another window, the command).
  await panel.send({ type: 'follow', on: true });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await toggle.focus();
  await panel.clearPosted();
  await panel.page.keyboard.press('Space');
  await panel.page.keyboard.press('Enter');
  assert.deepEqual(await panel.postedOf('setFollow'), [{ type: 'setFollow', on: false }, { type: 'setFollow', on: true }]);
  assert.deepEqual(await panel.violations(), []);
});

test('typing in the composer tells the host, at most once per 300 ms', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')]));
  await panel.clearPosted();
  await panel.page.locator('textarea').first().pressSequentially('hello there', { delay: 0 });
  const told = await panel.postedOf('composerTyping');
  assert.ok(told.length >= 1 && told.length <= 2, `one or two typing signals for a quick burst, got ${told.length}`);
});

test('a remote agent reads "A2A v0.3" in the header, never "ACP"', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hi')], {
    agent: { state: 'ready', agentName: 'travel', agentTitle: 'Travel Agent', protocolVersion: 0.3, protocol: 'A2A v0.3', remote: true },
  }));
  assert.equal((await panel.text('.agent-state')).trim(), 'Travel Agent is ready', 'said to screen readers');
  assert.equal(await panel.page.locator('select.agent-picker option:checked').textContent(), 'Travel Agent');
  assert.equal(await panel.text('.agent-protocol'), 'A2A v0.3');
  assert.doesNotMatch(await panel.text('.panel-header'), /ACP/);
});

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme}: at 300 px a remote agent's whole name shows once on the first line (in the picker), its protocol whole on the second`, async () => {
    const panel = await harness.open({ theme, width: 300, height: 500 });
    await panel.send(snapshot([], {
      agent: { state: 'ready', agentName: 'seed-analyst-v03', agentTitle: 'Seed Analyst (v0.3)', protocolVersion: 0.3, protocol: 'A2A v0.3', remote: true },
      agents: [{ name: 'seed-analyst-v03', source: 'settings' }, { name: 'example', source: 'example' }],
      session: session({ turnState: 'running' }),
    }));
    const m = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const el = (sel: string) => d.querySelector(sel);
      const cut = (sel: string) => el(sel).scrollWidth - el(sel).clientWidth;
      // A select cuts its label without a scroll width to tell: the label's own width against the picker's room.
      const picker = el('select.agent-picker');
      const cs = (globalThis as any).getComputedStyle(picker);
      const ctx = d.createElement('canvas').getContext('2d');
      ctx.font = cs.font;
      const label = picker.selectedOptions[0].textContent;
      const room = picker.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16; // less the arrow
      // What the status shows on screen besides its icon (the name is there only for screen readers).
      const shown = Array.from(el('.agent-state').querySelectorAll('span:not(.codicon)')).filter((s: any) => !s.classList.contains('sr-only')).map((s: any) => s.textContent).join('');
      return {
        label,
        nameCut: Math.ceil(ctx.measureText(label).width) - room,
        shown,
        stateCut: cut('.agent-state'),
        protocolCut: cut('.agent-protocol'),
        protocolLine: el('.agent-protocol').closest('.header-line').classList.contains('secondary'),
        lineOverflow: cut('.panel-header .header-line'),
        button: el('.panel-header [data-action="new-session"]').getBoundingClientRect().right,
        picker: el('select.agent-picker').getBoundingClientRect().width,
      };
    });
    await panel.screenshot(`header-remote-300-${theme}`);
    assert.equal(m.label, 'Seed Analyst (v0.3)', 'the picker names the agent by its card');
    assert.equal(m.shown, '', 'the status does not name it again');
    assert.ok(m.nameCut <= 0 && m.stateCut <= 0, `the agent name is not cut: ${JSON.stringify(m)}`);
    assert.ok(m.protocolCut <= 0 && m.protocolLine, `the protocol is whole, on the second line: ${JSON.stringify(m)}`);
    assert.ok(m.lineOverflow <= 0 && m.button <= 300, `nothing overflows: ${JSON.stringify(m)}`);
    assert.ok(m.picker >= 70, `the picker stays usable (${m.picker})`);
    assert.equal(await panel.page.locator('.agent-state').getAttribute('title'), 'Seed Analyst (v0.3) is ready · A2A v0.3');
    assert.deepEqual(await panel.violations(), []);
  });
}

test('budget: the header says spend against budget, tinted from 80%, the cost not repeated; pressed it asks the host; a prompt held back returns to the composer', async () => {
  const panel = await harness.open({ width: 300 });
  await panel.send(snapshot([user('u1', 'hi')], { session: session({ usage: { used: 48_200, size: 200_000, cost: { amount: 0.85, currency: 'USD' } } }) }));
  assert.equal(await panel.page.locator('.panel-header .budget').count(), 0, 'no button before the host says');
  await panel.send({ type: 'budget', tabId: 't1', budget: { level: 'warn', text: '$0.85 of $1.00', detail: '85% of the budget spent.' } });
  const button = panel.page.locator('.panel-header .budget');
  assert.equal(await button.locator('.btn-label').textContent(), '$0.85 of $1.00');
  assert.equal(await button.getAttribute('data-level'), 'warn');
  assert.equal(await panel.text('.usage'), '48k / 200k tokens (24%)', 'the cost is said once, by the budget');
  const tint = await button.evaluate((el) => (globalThis as any).getComputedStyle(el).color);
  await panel.send({ type: 'budget', tabId: 't1', budget: { level: 'under', text: '$0.85 of $5.00', detail: '17% of the budget spent.' } });
  assert.notEqual(await button.evaluate((el) => (globalThis as any).getComputedStyle(el).color), tint, 'tinted only from 80%');
  await panel.send({ type: 'budget', tabId: 't1', budget: { level: 'noCost', text: 'no cost reported', detail: 'This agent reports no cost.' } });
  assert.equal(await button.locator('.btn-label').textContent(), 'no cost reported');
  // A full second line at 300 px: the button gives way first, but never below its icon (a sliver reads as a stray bracket).
  await panel.send(snapshot([user('u1', 'hi')], { session: session({ turnState: 'requires_action', title: 'a session with a long title', usage: { used: 148_200, size: 200_000 } }) }));
  const fit = async () => button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const icon = el.querySelector('.codicon')!.getBoundingClientRect();
    return { width: r.width, right: r.right, iconInside: icon.left >= r.left && icon.right <= r.right + 0.5 };
  });
  const shrunk = await fit();
  assert.ok(shrunk.width >= 24 && shrunk.iconInside && shrunk.right <= 300, `the budget button keeps its icon, inside the panel: ${JSON.stringify(shrunk)}`);
  assert.doesNotMatch(await panel.text('.panel-header'), /\$0\.00/);
  await panel.clearPosted();
  await button.click();
  assert.deepEqual(await panel.postedOf('setBudget'), [{ type: 'setBudget' }]);
  const input = panel.page.locator('textarea').first();
  await input.fill('a draft typed since');
  await panel.send({ type: 'returnPrompt', text: 'refactor the parser', attachments: [], images: [] });
  assert.equal(await input.inputValue(), 'refactor the parser\n\na draft typed since', 'the prompt comes back before the draft, which stays');
  assert.deepEqual(await panel.violations(), []);
});
