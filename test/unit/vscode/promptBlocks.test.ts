import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPromptBlocks, sliceRange } from '../../../src/vscode/tabs/promptBlocks.js';

const files: Record<string, string> = { '/ws/a.ts': 'one\ntwo\nthree\nfour' };
const read = async (p: string) => {
  const text = files[p];
  if (text === undefined) throw new Error(`File not found: ${p}`);
  return text;
};
const all = { image: true, audio: false, embeddedContext: true };
const none = { image: false, audio: false, embeddedContext: false };

test('embeds attachment text as a resource when the agent allows embedded context', async () => {
  const built = await buildPromptBlocks(
    { text: 'explain', attachments: [{ uri: 'file:///ws/a.ts', name: 'a.ts', range: { startLine: 2, endLine: 3 } }], images: [] },
    all,
    read,
  );
  assert.deepEqual(built.blocks, [
    { type: 'text', text: 'explain' },
    { type: 'resource', resource: { uri: 'file:///ws/a.ts#L2-L3', text: 'two\nthree', mimeType: 'text/x-typescript' } },
  ]);
  assert.deepEqual(built.dropped, []);
});

test('links the attachment when embedded context is not allowed, drops images the agent cannot take', async () => {
  const built = await buildPromptBlocks(
    { text: 'look', attachments: [{ uri: 'file:///ws/a.ts', name: 'a.ts' }], images: [{ mimeType: 'image/png', data: 'AAAA' }] },
    none,
    read,
  );
  assert.deepEqual(built.blocks, [
    { type: 'text', text: 'look' },
    { type: 'resource_link', uri: 'file:///ws/a.ts', name: 'a.ts' },
  ]);
  assert.equal(built.dropped.length, 1);
});

test('an unreadable attachment falls back to a link and is reported', async () => {
  const built = await buildPromptBlocks({ text: '', attachments: [{ uri: 'file:///ws/gone.ts', name: 'gone.ts' }], images: [{ mimeType: 'image/png', data: 'AAAA' }] }, all, read);
  assert.deepEqual(built.blocks, [
    { type: 'resource_link', uri: 'file:///ws/gone.ts', name: 'gone.ts' },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
  ]);
  assert.match(built.dropped[0]!, /gone\.ts/);
});

test('sliceRange is 1-based and inclusive', () => {
  assert.equal(sliceRange('a\nb\nc', { startLine: 1, endLine: 1 }), 'a');
  assert.equal(sliceRange('a\nb\nc', { startLine: 2, endLine: 9 }), 'b\nc');
  assert.equal(sliceRange('a\nb\nc', undefined), 'a\nb\nc');
});
