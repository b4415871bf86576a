import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversationBefore, seededPrompt } from '../../../../src/thread/review/resendSeed.js';
import type { ThreadEntry } from '../../../../src/thread/types.js';

const entries = [
  { type: 'user', id: 'e1', turnId: 't1', content: [{ type: 'text', text: 'rename foo to bar' }] },
  { type: 'thought', id: 'e2', content: [{ type: 'text', text: 'private reasoning' }] },
  { type: 'agent', id: 'e3', content: [{ type: 'text', text: 'Renaming ' }] },
  { type: 'agent', id: 'e4', content: [{ type: 'text', text: 'now.' }] },
  { type: 'tool_call', id: 'e5', toolCallId: 'c1', title: 'Edit src/foo.ts', name: null, kind: 'edit', status: 'completed', content: [], locations: [] },
  { type: 'user', id: 'e6', turnId: 't2', content: [{ type: 'text', text: 'refused one' }], notKept: true },
  { type: 'user', id: 'e7', turnId: 't3', content: [{ type: 'text', text: 'and add tests' }] },
  { type: 'agent', id: 'e8', content: [{ type: 'text', text: 'later reply' }] },
] as unknown as ThreadEntry[];

test('the conversation before the edited message: user and agent words and tool titles; thoughts and refused prompts left out', () => {
  assert.equal(conversationBefore(entries, 6), 'User: rename foo to bar\n\nAgent: Renaming now.\n\nTool: Edit src/foo.ts (completed)');
});

test('the seeded prompt frames that conversation and ends with the edited message unchanged', () => {
  const blocks = seededPrompt(entries, 6, [{ type: 'text', text: 'add tests, please' }]);
  assert.equal(blocks.length, 2);
  assert.match((blocks[0] as { text: string }).text, /^This continues an earlier conversation[\s\S]*User: rename foo to bar[\s\S]*Tool: Edit src\/foo\.ts \(completed\)[\s\S]*My next message follows\.$/);
  assert.doesNotMatch((blocks[0] as { text: string }).text, /private reasoning|later reply|and add tests/);
  assert.deepEqual(blocks[1], { type: 'text', text: 'add tests, please' });
  assert.deepEqual(seededPrompt(entries, 0, [{ type: 'text', text: 'first' }]), [{ type: 'text', text: 'first' }], 'editing the first message: nothing to seed');
});

test('a long conversation keeps its latest part within the cap', () => {
  const long = Array.from({ length: 200 }, (_, i) => ({ type: 'user', id: `u${i}`, content: [{ type: 'text', text: `message ${i} `.repeat(20) }] })) as unknown as ThreadEntry[];
  const text = conversationBefore(long, long.length, 2_000);
  assert.ok(text.length <= 2_002);
  assert.ok(text.startsWith('…\n'));
  assert.match(text, /message 199/);
});
