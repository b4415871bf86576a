import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carryOver } from '../../../src/checkpoints/merge/threeWay.js';
import { planFile, type FileSides } from '../../../src/checkpoints/merge/filePlan.js';
import { writesFor } from '../../../src/checkpoints/merge/resolve.js';
import { changedSpans, spansText } from '../../../src/checkpoints/merge/userEdits.js';
import { anchorOf } from '../../../src/thread/review/anchor.js';
import type { ThreadEntry } from '../../../src/thread/types.js';

const b = (s: string) => new TextEncoder().encode(s);
const txt = (p: ReturnType<typeof planFile>) => (p.kind === 'write' ? new TextDecoder().decode(p.bytes) : p.kind);

test('carryOver: the undo applies where the user left the agent\'s lines, and their own lines stay', () => {
  const base = 'a\nb\nc\nd\ne\nf\n';
  const agent = 'a\nB\nc\nd\ne\nf\n';
  const mine = 'a\nB\nc\nd\ne\nmine\n';
  assert.deepEqual(carryOver(agent, base, mine), { clean: true, text: 'a\nb\nc\nd\ne\nmine\n' });
});

test('carryOver: the user rewrote a line the agent wrote (same number of lines) — a conflict, never their line replaced', () => {
  assert.equal(carryOver('a\nB\nc\n', 'a\nb\nc\n', 'a\nmine\nc\n').clean, false);
});

test('carryOver: an edit right next to the agent\'s lines is the user\'s to decide', () => {
  assert.equal(carryOver('a\nB\nc\nd\n', 'a\nb\nc\nd\n', 'a\nB\nmine\nd\n').clean, false);
});

test('carryOver: CRLF, a missing final newline and unicode come back byte for byte', () => {
  const base = 'héllo\r\nwörld\r\nend';
  const agent = 'héllo\r\nWÖRLD\r\nend';
  const mine = 'héllo 🌍\r\nWÖRLD\r\nend';
  // The user's first line is next to the agent's: a conflict; without it the undo is exact.
  assert.equal(carryOver(agent, base, mine).clean, false);
  assert.deepEqual(carryOver(agent, base, agent), { clean: true, text: base });
  assert.deepEqual(carryOver('1\n2\n3\n4\n5\n', '1\n2\n3\n4\n5', 'one\n2\n3\n4\n5\n'), { clean: true, text: 'one\n2\n3\n4\n5' });
});

test('planFile: every case of present, absent and changed', () => {
  const cases: Array<[string, FileSides, string]> = [
    ['untouched since: exact target', { anchor: b('x\n'), target: b('y\n'), mine: b('x\n') }, 'y\n'],
    ['already the target', { anchor: b('x\n'), target: b('y\n'), mine: b('y\n') }, 'same'],
    ['agent created it, untouched: removed', { anchor: b('x\n'), target: undefined, mine: b('x\n') }, 'remove'],
    ['agent created it, user edited it', { anchor: b('x\n'), target: undefined, mine: b('x\nmine\n') }, 'conflict'],
    ['agent deleted it, untouched: recreated', { anchor: undefined, target: b('y\n'), mine: undefined }, 'y\n'],
    ['agent deleted it, user made a new one', { anchor: undefined, target: b('y\n'), mine: b('mine\n') }, 'conflict'],
    ['user deleted the agent\'s file', { anchor: b('x\n'), target: b('y\n'), mine: undefined }, 'conflict'],
    ['no end-of-turn snapshot', { anchor: 'unknown', target: b('y\n'), mine: b('x\n') }, 'conflict'],
    ['binary changed by the user', { anchor: b('\0x'), target: b('\0y'), mine: b('\0z') }, 'conflict'],
    ['not UTF-8, changed by the user', { anchor: b('a\nb\n'), target: b('a\nB\n'), mine: new Uint8Array([0x61, 0x0a, 0xff, 0x0a]) }, 'conflict'],
  ];
  for (const [name, sides, want] of cases) {
    const p = planFile(sides);
    assert.equal(p.kind === 'conflict' ? 'conflict' : txt(p), want, name);
  }
});

test('planFile: a clean merge that keeps the user\'s lines is not marked exact', () => {
  const p = planFile({ anchor: b('a\nB\nc\nd\ne\n'), target: b('a\nb\nc\nd\ne\n'), mine: b('a\nB\nc\nd\nmine\n') });
  assert.equal(p.kind, 'write');
  assert.equal(p.kind === 'write' && p.exact, false);
  assert.equal(txt(p), 'a\nb\nc\nd\nmine\n');
});

test('writesFor: a conflict is written only when the answer is take, and carries what it expects to find', () => {
  const sides: FileSides = { anchor: b('x\n'), target: b('y\n'), mine: b('mine\n') };
  const plans = [{ root: '/r', path: 'f', sides, plan: planFile(sides) }];
  assert.deepEqual(writesFor(plans, 'keep'), []);
  const take = writesFor(plans, 'take');
  assert.equal(take.length, 1);
  assert.equal(take[0]!.kind, 'write');
  assert.deepEqual(take[0]!.expect, b('mine\n'));
});

test('changedSpans names the user\'s lines as a person counts them', () => {
  assert.equal(spansText(changedSpans('a\nb\nc\nd\n', 'a\nB\nC\nd\nE\n')), '2–3, 5');
});

test('anchorOf: the latest turn end, or the checkpoint of a restore that came after it', () => {
  const user = (id: string, extra: object = {}) => ({ type: 'user', id, turnId: id, content: [], checkpoint: [{ root: '/r', id: `cp-${id}` }], ...extra }) as ThreadEntry;
  const changes = (id: string, extra: object = {}) => ({ type: 'changes', id: `c${id}`, turnId: id, files: [], after: [{ root: '/r', id: `end-${id}` }], ...extra }) as ThreadEntry;
  assert.equal(anchorOf([user('1'), changes('1'), user('2'), changes('2')], '/r'), 'end-2');
  // Restored to message 2: rows from it on are undone; the state the restore wrote is message 2's checkpoint.
  assert.equal(anchorOf([user('1'), changes('1'), user('2', { undone: true, redo: [{ root: '/r', id: 'x' }] }), changes('2', { undone: true })], '/r'), 'cp-2');
  // A turn after that restore is newer than it.
  assert.equal(anchorOf([user('1'), changes('1'), user('2', { undone: true, redo: [] }), changes('2', { undone: true }), user('3'), changes('3')], '/r'), 'end-3');
  assert.equal(anchorOf([user('1')], '/r'), undefined);
});
