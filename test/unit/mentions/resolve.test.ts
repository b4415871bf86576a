import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutToBytes, resolveMentions } from '../../../src/mentions/resolve.js';
import type { MentionSources } from '../../../src/mentions/resolve.js';
import type { Attachment } from '../../../src/shared/webviewProtocol.js';

const embed = { image: false, audio: false, embeddedContext: true };
const link = { image: false, audio: false, embeddedContext: false };

const files: Record<string, string> = {
  '/ws/a.ts': 'line1\nfunction greet() {\n  return 1;\n}\nline5',
  '/ws/big.txt': 'x'.repeat(300 * 1024),
};
const read = async (p: string) => {
  if (files[p] === undefined) throw new Error(`File not found: ${p}`);
  return files[p]!;
};
const sources: MentionSources = {
  readText: read,
  readWorkspaceText: async (p) => {
    if (!p.startsWith('/ws/')) throw new Error(`Refused: ${p} is outside the workspace folders.`);
    return read(p);
  },
  listFolder: async (_p, max) => ({ labels: ['src/a.ts', 'src/b.ts', 'src/c.ts'].slice(0, max), more: max < 3 }),
  problems: async (uri) => (uri ? `1 error in a.ts:\na.ts:2:1 error: bad` : 'No problems in the workspace.'),
  lastTerminalCommand: async () => ({ command: 'npm test', output: 'ok 1\n' }),
  gitChanges: async (which) => (which === 'staged' ? 'diff --git a/a.ts b/a.ts\n+x' : 'No unstaged changes.'),
  threadMarkdown: async (id) => (id === 't1' ? '# Earlier\n\nhello' : undefined),
};

const file: Attachment = { kind: 'file', uri: 'file:///ws/a.ts', name: 'a.ts' };
const symbol: Attachment = { kind: 'symbol', uri: 'file:///ws/a.ts', name: 'greet', range: { startLine: 2, endLine: 2 } };

test('a file: embedded with its text, or linked when the agent takes no embedded context', async () => {
  assert.deepEqual((await resolveMentions([file], embed, sources)).blocks, [
    { type: 'resource', resource: { uri: 'file:///ws/a.ts', text: files['/ws/a.ts'], mimeType: 'text/x-typescript' } },
  ]);
  assert.deepEqual((await resolveMentions([file], link, sources)).blocks, [{ type: 'resource_link', uri: 'file:///ws/a.ts', name: 'a.ts' }]);
});

test('a symbol: its lines (widened to the declaration when the host can), the range in the URI fragment', async () => {
  const plain = await resolveMentions([symbol], embed, sources);
  assert.deepEqual(plain.blocks, [{ type: 'resource', resource: { uri: 'file:///ws/a.ts#L2-L2', text: 'function greet() {', mimeType: 'text/x-typescript' } }]);
  const widened = await resolveMentions([symbol], embed, { ...sources, symbolRange: async () => ({ startLine: 2, endLine: 4 }) });
  assert.deepEqual(widened.blocks, [{ type: 'resource', resource: { uri: 'file:///ws/a.ts#L2-L4', text: 'function greet() {\n  return 1;\n}', mimeType: 'text/x-typescript' } }]);
  assert.deepEqual((await resolveMentions([symbol], link, sources)).blocks, [{ type: 'resource_link', uri: 'file:///ws/a.ts#L2-L2', name: 'greet' }]);
});

test('a mentioned file outside the workspace is refused with a note (still named by a link); an editor attachment is not confined', async () => {
  files['/elsewhere/x.ts'] = 'secret';
  const out = await resolveMentions([{ kind: 'file', uri: 'file:///elsewhere/x.ts', name: 'x.ts' }], embed, sources);
  assert.deepEqual(out.blocks, [{ type: 'resource_link', uri: 'file:///elsewhere/x.ts', name: 'x.ts' }]);
  assert.match(out.notes[0]!, /x\.ts: Refused: .* outside the workspace/);
  const attached = await resolveMentions([{ uri: 'file:///elsewhere/x.ts', name: 'x.ts' }], embed, sources);
  assert.equal((attached.blocks[0] as { resource: { text: string } }).resource.text, 'secret');
});

test('a folder: its file listing, capped with a note; a link without embedded context', async () => {
  const folder: Attachment = { kind: 'folder', uri: 'file:///ws/src/', name: 'src/' };
  const out = await resolveMentions([folder], embed, { ...sources, listFolder: async () => ({ labels: ['src/a.ts'], more: true }) });
  assert.deepEqual(out.blocks, [{ type: 'resource', resource: { uri: 'file:///ws/src', text: 'src/a.ts\n[Agent Chat: more files not listed]', mimeType: 'text/plain' } }]);
  assert.match(out.notes[0]!, /only the first 500 files/);
  assert.deepEqual((await resolveMentions([folder], link, sources)).blocks, [{ type: 'resource_link', uri: 'file:///ws/src', name: 'src/' }]);
});

test('problems, terminal, git and past threads: a resource with an agent-chat URI, or text when embedding is not allowed', async () => {
  const mentions: Attachment[] = [
    { kind: 'problems', uri: 'agent-chat:/problems/all', name: 'Problems (all files)' },
    { kind: 'problems', uri: 'file:///ws/a.ts', name: 'Problems in a.ts', detail: 'a.ts' },
    { kind: 'terminal', uri: 'agent-chat:/terminal/last-command', name: 'Last terminal command' },
    { kind: 'git', uri: 'agent-chat:/git/staged', name: 'Git staged changes' },
    { kind: 'thread', uri: 'agent-chat:/threads/t1', name: 'Earlier' },
  ];
  const embedded = await resolveMentions(mentions, embed, sources);
  assert.deepEqual(embedded.blocks.map((b) => (b.type === 'resource' ? [b.resource.uri, 'text' in b.resource ? b.resource.text : ''] : b.type)), [
    ['agent-chat:/problems/all', 'No problems in the workspace.'],
    ['file:///ws/a.ts', '1 error in a.ts:\na.ts:2:1 error: bad'],
    ['agent-chat:/terminal/last-command', '$ npm test\nok 1\n'],
    ['agent-chat:/git/staged', 'diff --git a/a.ts b/a.ts\n+x'],
    ['agent-chat:/threads/t1', '# Earlier\n\nhello'],
  ]);
  assert.deepEqual(embedded.notes, []);
  const asText = await resolveMentions(mentions, link, sources);
  assert.deepEqual(asText.blocks.map((b) => (b.type === 'text' ? b.text.split('\n')[0] : b.type)), [
    'Problems in all files:', 'Problems in a.ts:', 'The last terminal command: npm test', 'Git staged changes:', 'An earlier conversation, "Earlier":',
  ]);
});

test('nothing to send says so: no terminal command yet, a thread gone, a source the host lacks', async () => {
  const out = await resolveMentions([
    { kind: 'terminal', uri: 'agent-chat:/terminal/last-command', name: 'Last terminal command' },
    { kind: 'thread', uri: 'agent-chat:/threads/gone', name: 'Old' },
    { kind: 'git', uri: 'agent-chat:/git/unstaged', name: 'Git unstaged changes' },
  ], embed, { readText: read, lastTerminalCommand: async () => undefined, threadMarkdown: async () => undefined });
  assert.deepEqual(out.blocks, []);
  assert.deepEqual(out.notes, [
    'Last terminal command: nothing to send, no terminal command has finished yet in this window',
    'Old: left out, the thread is no longer in the history',
    'Git unstaged changes: git changes are not available here',
  ]);
});

test('caps: a text over 256 KiB is cut with a note in it and in the notes', async () => {
  const out = await resolveMentions([{ kind: 'file', uri: 'file:///ws/big.txt', name: 'big.txt' }], embed, sources);
  const text = (out.blocks[0] as { resource: { text: string } }).resource.text;
  assert.ok(Buffer.byteLength(text) <= 256 * 1024, `${Buffer.byteLength(text)} bytes`);
  assert.match(text, /\[Agent Chat: cut here, \d+ KiB of 300 KiB sent\]$/);
  assert.deepEqual(out.notes, ['big.txt: cut to the first 256 KiB of 300 KiB (at most 256 KiB per attachment)']);
});

test('caps: the prompt total is shared; once used up, files become links and other kinds are left out, each with a note', async () => {
  const limits = { perMention: 4096, perPrompt: 6000 };
  files['/ws/k1.txt'] = 'a'.repeat(4000);
  files['/ws/k2.txt'] = 'b'.repeat(4000);
  files['/ws/k3.txt'] = 'c'.repeat(500);
  const out = await resolveMentions([
    { kind: 'file', uri: 'file:///ws/k1.txt', name: 'k1.txt' },
    { kind: 'file', uri: 'file:///ws/k2.txt', name: 'k2.txt' },
    { kind: 'file', uri: 'file:///ws/k3.txt', name: 'k3.txt' },
    { kind: 'git', uri: 'agent-chat:/git/staged', name: 'Git staged changes' },
  ], embed, { ...sources, gitChanges: async () => 'd'.repeat(3000) }, limits);
  assert.equal(out.blocks[0]!.type, 'resource');
  assert.equal(out.blocks[1]!.type, 'resource', 'the second is cut to what is left');
  assert.match(out.notes[0]!, /^k2\.txt: cut to the first 2 KiB of 4 KiB \(the prompt's 6 KiB for attachments was used up\)$/);
  // The cut one used the room up to its note: 500 bytes no longer fit.
  assert.deepEqual(out.blocks.slice(2), [{ type: 'resource_link', uri: 'file:///ws/k3.txt', name: 'k3.txt' }]);
  assert.ok(out.notes.some((n) => n.startsWith('k3.txt: left out')));
  assert.ok(out.notes.some((n) => n.startsWith('Git staged changes: left out')));
  const total = out.blocks.reduce((n, b) => n + (b.type === 'resource' && 'text' in b.resource ? Buffer.byteLength(b.resource.text) : 0), 0);
  assert.ok(total <= limits.perPrompt, `${total} ≤ ${limits.perPrompt}`);
});

test('cutToBytes never splits a character', () => {
  assert.equal(cutToBytes('aé€😀', 1), 'a');
  assert.equal(cutToBytes('aé€😀', 2), 'a');
  assert.equal(cutToBytes('aé€😀', 3), 'aé');
  assert.equal(cutToBytes('aé€😀', 9), 'aé€');
  assert.equal(cutToBytes('aé€😀', 10), 'aé€😀');
});

test('a mention of a kind this version does not know is left out with a note, not guessed at', async () => {
  const out = await resolveMentions([{ kind: 'telepathy' as never, uri: 'agent-chat:/x', name: 'X' }], embed, sources);
  assert.deepEqual(out.blocks, []);
  assert.deepEqual(out.notes, ['X: unknown kind of mention: telepathy']);
});
