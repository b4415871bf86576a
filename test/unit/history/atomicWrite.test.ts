import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../src/history/atomicWrite.js';

test('writeFileAtomic: creates folders, replaces content, leaves no temp files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
  const file = join(dir, 'a', 'b', 'x.json');
  await writeFileAtomic(file, 'one');
  await writeFileAtomic(file, 'two');
  assert.equal(readFileSync(file, 'utf8'), 'two');
  assert.deepEqual(readdirSync(join(dir, 'a', 'b')), ['x.json']);
});

test('writeFileAtomic: a failed rename throws and cleans its temp file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-fail-'));
  const target = join(dir, 'taken');
  mkdirSync(join(target, 'child'), { recursive: true }); // a non-empty directory cannot be replaced by a file
  await assert.rejects(writeFileAtomic(target, 'data'));
  assert.deepEqual(readdirSync(dir), ['taken']);
});

test('writeFileAtomic: content given in pieces is written as their concatenation, batched, with no temp file left', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-pieces-'));
  const file = join(dir, 'x.json');
  // More than one batch (256 Ki characters), with multi-byte characters across batch edges.
  const pieces = Array.from({ length: 3000 }, (_, i) => `${i}:${'é€'.repeat(60)};`);
  await writeFileAtomic(file, pieces);
  assert.equal(readFileSync(file, 'utf8'), pieces.join(''));
  await writeFileAtomic(file, (function* () { yield 'a'; yield 'b'; })());
  assert.equal(readFileSync(file, 'utf8'), 'ab');
  assert.deepEqual(readdirSync(dir), ['x.json']);
});
