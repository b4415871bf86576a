/**
 * The panel takes every colour from the VS Code theme: the same thread in dark, light and high
 * contrast, checked through computed styles (and saved as screenshots for a human eye).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness, type Theme } from './harness.js';
import { agent, notice, plan, session, snapshot, thought, tool, turnEnd, user } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

const THREAD = [
  user('u1', 'Make the tests pass and explain the fix.'),
  thought('th', 'The failing test expects an early return.'),
  tool('t1', { kind: 'read', status: 'completed', title: 'Read src/handler.ts', locations: [{ path: '/w/src/handler.ts', line: 40 }] }),
  tool('t2', {
    kind: 'edit', status: 'pending', title: 'Edit src/handler.ts',
    content: [{ type: 'diff', path: '/w/src/handler.ts', oldText: 'run(x);\n', newText: 'if (x < 0) return;\nrun(x);\n' }],
    permission: { requestId: 'r1', options: [
      { optionId: 'a', name: 'Allow', kind: 'allow_once' }, { optionId: 'aa', name: 'Always allow edits', kind: 'allow_always' }, { optionId: 'r', name: 'Reject', kind: 'reject_once' },
    ] },
  }),
  tool('t3', { kind: 'execute', status: 'in_progress', title: 'npm test', content: [{ type: 'terminal', terminalId: 'x' }], terminals: { x: { terminalId: 'x', command: 'npm test', output: '✓ handler returns early\n✗ session resumes\n', truncated: false } } }),
  plan('p', [{ content: 'Find the bug', priority: 'high', status: 'completed' }, { content: 'Fix it', priority: 'medium', status: 'in_progress' }, { content: 'Document', priority: 'low', status: 'pending' }]),
  agent('a1', 'The handler ran on negative input. Now it returns early:\n\n```ts\nexport function handle(x: number) {\n  if (x < 0) return;\n  run(x);\n}\n```\n\nSee [the docs](https://example.com).'),
  notice('n', 'warning', 'Slow agent', 'No output for 30 s'),
  turnEnd('e', 'max_tokens'),
];

const EXPECTED: Record<Theme, { bg: string; button: string; focus: string }> = {
  dark: { bg: 'rgb(24, 24, 24)', button: 'rgb(0, 120, 212)', focus: 'rgb(0, 120, 212)' },
  light: { bg: 'rgb(248, 248, 248)', button: 'rgb(0, 95, 184)', focus: 'rgb(0, 95, 184)' },
  'high-contrast': { bg: 'rgb(0, 0, 0)', button: 'rgb(0, 0, 0)', focus: 'rgb(243, 133, 24)' },
};

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`${theme} theme: colours come from the theme, focus is visible`, async () => {
    const panel = await harness.open({ theme, width: 440, height: 1100 });
    await panel.send(snapshot(THREAD, { session: session({ turnState: 'requires_action', usage: { used: 48_200, size: 200_000 } }) }));
    await panel.page.locator('textarea').fill('/');
    const styles = await panel.page.evaluate(() => {
      const d = (globalThis as any).document;
      const cs = (sel: string) => (globalThis as any).getComputedStyle(d.querySelector(sel));
      const allow = d.querySelector('.perm-option.btn-primary');
      allow.focus();
      return { bg: cs('body').backgroundColor, button: cs('.perm-option.btn-primary').backgroundColor, focus: cs('.perm-option.btn-primary:focus-visible').outlineColor, userBorder: cs('.row.user').borderTopColor };
    });
    await panel.screenshot(theme);
    assert.equal(styles.bg, EXPECTED[theme].bg);
    assert.equal(styles.button, EXPECTED[theme].button);
    assert.equal(styles.focus, EXPECTED[theme].focus);
    if (theme === 'high-contrast') assert.equal(styles.userBorder, 'rgb(111, 195, 223)', 'contrast border on surfaces');
    assert.deepEqual(await panel.violations(), []);
  });
}
