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
