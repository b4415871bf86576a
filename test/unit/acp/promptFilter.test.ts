import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterPromptBlocks } from '../../../src/agents/acp/session/promptFilter.js';
import type { ContentBlock } from '../../../src/protocol/events.js';

const text: ContentBlock = { type: 'text', text: 'hi' };
const link: ContentBlock = { type: 'resource_link', uri: 'file:///ws/doc.pdf', name: 'doc.pdf' };
const image: ContentBlock = { type: 'image', data: 'aGk=', mimeType: 'image/png' };
const audio: ContentBlock = { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' };
const embedded: ContentBlock = { type: 'resource', resource: { uri: 'file:///ws/src/my%20file.ts', text: 'x', mimeType: 'text/x-typescript' } };
const all = [text, link, image, audio, embedded];

test('text and resource_link always pass; nothing else without capabilities', () => {
  assert.deepEqual(filterPromptBlocks(all, { image: false, audio: false, embeddedContext: false }), [
    text,
    link,
    { type: 'resource_link', uri: 'file:///ws/src/my%20file.ts', name: 'my file.ts', mimeType: 'text/x-typescript' },
  ]);
});

test('each capability lets its block type through unchanged', () => {
  assert.deepEqual(filterPromptBlocks(all, { image: true, audio: true, embeddedContext: true }), all);
  assert.deepEqual(filterPromptBlocks(all, { image: true, audio: false, embeddedContext: true }), [text, link, image, embedded]);
  assert.deepEqual(filterPromptBlocks([audio], { image: false, audio: true, embeddedContext: false }), [audio]);
});

test('a blob resource is downgraded to a link too; order is kept', () => {
  const blob: ContentBlock = { type: 'resource', resource: { uri: 'file:///ws/a.bin', blob: 'AAAA' } };
  assert.deepEqual(filterPromptBlocks([blob, text], { image: false, audio: false, embeddedContext: false }), [
    { type: 'resource_link', uri: 'file:///ws/a.bin', name: 'a.bin' },
    text,
  ]);
});

test('the input array is not modified', () => {
  const input = [embedded];
  filterPromptBlocks(input, { image: false, audio: false, embeddedContext: false });
  assert.deepEqual(input, [embedded]);
});
