import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatProblems, terminalText } from '../../../src/mentions/mentionText.js';

test('problems: errors first, one line each with place and origin, a count on top', () => {
  const text = formatProblems([
    { file: 'b.ts', line: 3, column: 1, severity: 'warning', message: 'unused', source: 'ts', code: '6133' },
    { file: 'a.ts', line: 9, column: 5, severity: 'error', message: 'Type\n  is wrong' },
    { file: 'a.ts', line: 2, column: 1, severity: 'error', message: 'missing' },
  ], 'the workspace');
  assert.equal(text, [
    '2 errors, 1 warning in the workspace:',
    'a.ts:2:1 error: missing',
    'a.ts:9:5 error: Type is wrong',
    'b.ts:3:1 warning: unused (ts 6133)',
  ].join('\n'));
  assert.equal(formatProblems([], 'a.ts'), 'No problems in a.ts.');
});

test('terminal output loses its escape sequences and redrawn lines keep their last form', () => {
  assert.equal(terminalText('\u001b[32mok\u001b[0m\r\nprogress 10%\rprogress 100%\r\n\u001b]633;D;0\u0007done'), 'ok\nprogress 100%\ndone');
});
