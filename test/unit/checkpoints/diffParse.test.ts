import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiffTree } from '../../../src/checkpoints/diffParse.js';

const Z = '0'.repeat(40);
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

test('raw + numstat records: modified, added, deleted, renamed, binary, odd names', () => {
  const out = [
    `:100644 100644 ${A} ${B} M`, 'src/x.ts',
    `:000000 100644 ${Z} ${B} A`, 'new file.txt',
    `:100644 000000 ${A} ${Z} D`, 'gone\ttab.txt',
    `:100644 100644 ${A} ${B} R087`, 'old/name.ts', 'new/name.ts',
    `:100644 100644 ${A} ${B} M`, 'img.png',
    '3\t1\tsrc/x.ts', '2\t0\tnew file.txt', '0\t4\tgone\ttab.txt', '1\t1\t', 'old/name.ts', 'new/name.ts', '-\t-\timg.png', '',
  ].join('\0');
  const files = parseDiffTree(out);
  assert.deepEqual(files.map((f) => [f.path, f.status, f.added, f.deleted, f.binary, f.oldPath]), [
    ['src/x.ts', 'modified', 3, 1, false, undefined],
    ['new file.txt', 'added', 2, 0, false, undefined],
    ['gone\ttab.txt', 'deleted', 0, 4, false, undefined],
    ['new/name.ts', 'renamed', 1, 1, false, 'old/name.ts'],
    ['img.png', 'modified', 0, 0, true, undefined],
  ]);
  assert.equal(files[1]!.oldId, '');
  assert.equal(files[2]!.newId, '');
});

test('no output, no changes', () => {
  assert.deepEqual(parseDiffTree(''), []);
});
