import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NOTICE_KINDS,
  noticeSettings,
  permissionChoices,
  turnEndTitle,
  userSees,
  wantsNotice,
  type Attention,
  type NoticeKind,
} from '../../../src/vscode/notifications/noticePolicy.js';

const ALL_ON = noticeSettings(() => undefined);
const seen: Attention = { windowFocused: true, chatVisible: true, tabShown: true };

test('every kind is on unless its setting is exactly false', () => {
  assert.deepEqual(ALL_ON, { turnEnd: true, permission: true, elicitation: true, inputRequired: true });
  const values: Record<string, unknown> = { turnEnd: false, permission: 'false', elicitation: 0, inputRequired: null };
  assert.deepEqual(noticeSettings((k) => values[k]), { turnEnd: false, permission: true, elicitation: true, inputRequired: true });
});

test('a notice is wanted when the user cannot see the tab: window unfocused, chat hidden or another tab shown', () => {
  const cases: Array<[Partial<Attention>, boolean]> = [
    [{}, false],
    [{ windowFocused: false }, true],
    [{ chatVisible: false }, true],
    [{ tabShown: false }, true],
    [{ windowFocused: false, chatVisible: false, tabShown: false }, true],
  ];
  for (const kind of NOTICE_KINDS) {
    for (const [change, expected] of cases) {
      const attention = { ...seen, ...change };
      assert.equal(userSees(attention), !expected, JSON.stringify(change));
      assert.equal(wantsNotice(kind, ALL_ON, attention), expected, `${kind} ${JSON.stringify(change)}`);
    }
  }
});

test('a kind turned off is never wanted, and leaves the other kinds alone', () => {
  const hidden = { ...seen, chatVisible: false };
  for (const off of NOTICE_KINDS) {
    const settings = noticeSettings((k) => (k === off ? false : true));
    for (const kind of NOTICE_KINDS) assert.equal(wantsNotice(kind as NoticeKind, settings, hidden), kind !== off, `${off} off, ${kind}`);
  }
});

test('turn-end titles say in words how the turn ended', () => {
  assert.equal(turnEndTitle('Claude', { stopReason: 'end_turn' }), 'Claude finished');
  assert.equal(turnEndTitle(undefined, { stopReason: 'end_turn' }), 'The agent finished');
  assert.equal(turnEndTitle('  ', { stopReason: 'end_turn' }), 'The agent finished');
  assert.equal(turnEndTitle('Claude', { stopReason: 'max_tokens' }), 'Claude stopped: it reached its token limit');
  assert.equal(turnEndTitle('Claude', { stopReason: 'max_turn_requests' }), 'Claude stopped: it reached its request limit for one turn');
  assert.equal(turnEndTitle('Claude', { stopReason: 'refusal' }), 'Claude stopped: it refused to continue');
  assert.equal(turnEndTitle('Claude', { stopReason: 'error' }), 'Claude stopped: an error');
  assert.equal(turnEndTitle('Claude', { stopReason: 'error', error: { message: 'model\n  overloaded' } }), 'Claude stopped: model overloaded');
  assert.equal(turnEndTitle('Claude', { stopReason: '_paused_for_review' }), 'Claude stopped: paused for review');
  assert.equal(turnEndTitle('Claude', { stopReason: 'future_reason' }), 'Claude stopped: reason "future_reason"');
  // The thread named as in the Threads view: several threads of one agent run at once.
  assert.equal(turnEndTitle('Claude', { stopReason: 'end_turn' }, 'Fix the build'), 'Claude finished — Fix the build');
  assert.equal(turnEndTitle('Claude', { stopReason: 'refusal' }, 'Fix\n  the build'), 'Claude stopped: it refused to continue — Fix the build');
  assert.equal(turnEndTitle('Claude', { stopReason: 'cancelled' }, 'Fix the build'), undefined);
  const long = turnEndTitle('A', { stopReason: 'error', error: { message: 'x'.repeat(500) } })!;
  assert.ok(long.length < 200 && long.endsWith('…'), 'a long error is cut short');
});

test('turn ends that need no notice: cancelled, and the waiting ones the input notifier announces', () => {
  for (const stopReason of ['cancelled', 'input_required', 'auth_required']) {
    assert.equal(turnEndTitle('Claude', { stopReason }), undefined, stopReason);
    assert.equal(turnEndTitle('Claude', { stopReason, error: { message: 'x' } }), undefined, `${stopReason} with an error`);
  }
});

test('permission choices: allowing before denying, the agent order within each, its own labels, the kind for an unnamed one', () => {
  const choices = permissionChoices([
    { optionId: 'r1', name: 'No thanks', kind: 'reject_once' },
    { optionId: 'a1', name: 'Yes, once', kind: 'allow_once' },
    { optionId: 'x', name: 'Ask later', kind: '_custom' },
    { optionId: 'r2', name: '', kind: 'reject_always' },
    { optionId: 'a2', name: ' ', kind: 'allow_always' },
    { optionId: 'odd', name: '' },
  ]);
  assert.deepEqual(choices.map((c) => [c.optionId, c.label]), [
    ['a1', 'Yes, once'],
    ['a2', 'Always allow'],
    ['r1', 'No thanks'],
    ['r2', 'Always deny'],
    ['x', 'Ask later'],
    ['odd', 'odd'],
  ]);
});
