import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionSupport } from '../../../src/agents/api.js';
import { MAX_SAVED_TABS, parseSavedTabs, planReattach, savedTabSet, type SavedTab } from '../../../src/vscode/tabs/openTabs.js';

const tab = (n: number, extra: Partial<SavedTab> = {}): SavedTab => ({
  agentName: 'a', transcript: { agentName: 'a', sessionId: `s${n}`, cwd: '/w' }, title: `t${n}`, hasRows: true, resumable: true, ...extra,
});

test('savedTabSet: round-trips through parseSavedTabs', () => {
  const set = savedTabSet([tab(1), tab(2, { agentName: 'b', transcript: { agentName: 'b', sessionId: 'x' } }), { agentName: 'c', title: 'New session', hasRows: false, resumable: false }], 1);
  assert.deepEqual(parseSavedTabs(JSON.parse(JSON.stringify(set))), set);
  assert.equal(set.active, 1);
});

test('savedTabSet: more tabs than the cap keep a window around the shown tab', () => {
  const many = Array.from({ length: MAX_SAVED_TABS + 10 }, (_, i) => tab(i));
  for (const active of [0, 5, MAX_SAVED_TABS + 3, MAX_SAVED_TABS + 9]) {
    const set = savedTabSet(many, active);
    assert.equal(set.tabs.length, MAX_SAVED_TABS);
    assert.equal(set.tabs[set.active]!.title, `t${active}`, `the shown tab ${active} is kept and still shown`);
  }
});

test('parseSavedTabs: anything not ours is no set; bad tabs are dropped or mended', () => {
  for (const bad of [undefined, null, 'x', { version: 2, tabs: [tab(1)], active: 0 }, { version: 1, tabs: 'no', active: 0 }, { version: 1, tabs: [], active: 0 }, { version: 1, tabs: [null, 3], active: 0 }]) {
    assert.equal(parseSavedTabs(bad), undefined, JSON.stringify(bad));
  }
  const parsed = parseSavedTabs({
    version: 1,
    active: 7,
    tabs: [
      null,
      { agentName: 'a', transcript: { agentName: 'a', sessionId: '' }, resumable: true },
      { agentName: 'a', transcript: { agentName: 'b', sessionId: 's', cwd: 7 }, title: 'other agent', hasRows: true, resumable: true },
      { agentName: 5, title: 'x', hasRows: 'yes', resumable: 'yes' },
    ],
  });
  assert.deepEqual(parsed, {
    version: 1,
    active: 2,
    tabs: [
      { agentName: 'a', title: 'New session', hasRows: false, resumable: false },
      { agentName: 'a', transcript: { agentName: 'b', sessionId: 's' }, title: 'other agent', hasRows: true, resumable: false },
      { title: 'x', hasRows: false, resumable: false },
    ],
  });
});

const support = (p: Partial<SessionSupport>): SessionSupport => ({ protocolVersion: 1, load: false, list: false, resume: false, close: false, delete: false, fork: false, additionalDirectories: false, ...p });

test('planReattach: resume over load, load when only that, else a fresh session with a note when rows are shown', () => {
  const cases: Array<[SessionSupport | undefined, string | undefined, boolean, string, boolean]> = [
    [support({ resume: true, load: true }), 's1', true, 'resume', false],
    [support({ resume: true }), 's1', false, 'resume', false],
    [support({ load: true }), 's1', true, 'load', false],
    [support({ load: true }), 's1', false, 'load', false],
    [support({}), 's1', true, 'new', true],
    [support({}), 's1', false, 'new', false],
    [support({ resume: true, load: true }), undefined, true, 'new', true],
    [support({ resume: true, load: true }), undefined, false, 'new', false],
    [undefined, 's1', true, 'new', true],
  ];
  for (const [s, sessionId, shown, kind, noted] of cases) {
    const plan = planReattach('bot', s, sessionId, shown);
    const label = JSON.stringify({ s, sessionId, shown });
    assert.equal(plan.kind, kind, label);
    if (plan.kind !== 'new') assert.equal(plan.sessionId, sessionId, label);
    else {
      assert.equal(plan.note !== undefined, noted, label);
      if (plan.note) assert.match(plan.note.detail, /does not remember the conversation above/);
    }
  }
});

test('a tab\'s worktree is kept for the next window; a damaged one is dropped, the tab kept', () => {
  const worktree = { path: '/store/worktrees/repo-fix-1a2b3c', branch: 'agent/fix', base: 'a'.repeat(40), repo: '/repo', subdir: 'pkg' };
  const set = savedTabSet([tab(1, { worktree })], 0);
  assert.deepEqual(parseSavedTabs(JSON.parse(JSON.stringify(set)))?.tabs[0]?.worktree, worktree);
  const damaged = parseSavedTabs({ version: 1, active: 0, tabs: [{ ...tab(1), worktree: { path: '/x', branch: 'agent/x', base: 'not a commit', repo: '/r' } }] });
  assert.equal(damaged?.tabs.length, 1);
  assert.equal(damaged?.tabs[0]?.worktree, undefined);
});

test('parseSavedTabs: a tab keeps the budget set for its session; an unusable one is dropped, the tab kept', () => {
  const set = savedTabSet([tab(1, { budget: { amount: 2.5 } }), tab(2, { budget: { amount: 3, currency: 'EUR' } }), tab(3)], 0);
  assert.deepEqual(parseSavedTabs(JSON.parse(JSON.stringify(set))), set);
  const bad = [{ amount: 0 }, { amount: -1 }, { amount: '2' }, { amount: 2, currency: ' ' }, { amount: 2, currency: 5 }, 'x', null];
  const parsed = parseSavedTabs({ version: 1, active: 0, tabs: bad.map((budget, i) => ({ ...tab(i), budget })) });
  assert.equal(parsed?.tabs.length, bad.length, 'every tab comes back');
  assert.deepEqual(parsed?.tabs.map((t) => t.budget), bad.map(() => undefined));
  assert.deepEqual(parseSavedTabs({ version: 1, active: 0, tabs: [{ ...tab(1), budget: { amount: 4, currency: ' USD ' } }] })?.tabs[0]?.budget, { amount: 4, currency: 'USD' });
});
