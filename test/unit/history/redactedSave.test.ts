/**
 * A saved transcript holds no secret: not under a secret key (a tool's input), not echoed by
 * value (a tool's output printing a token the user gave). Every file the store writes — body,
 * search text, meta — is searched on disk.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { TranscriptStore } from '../../../src/history/store.js';
import { REDACTED, rememberSecrets } from '../../../src/services/redact.js';
import { transcriptToMarkdown } from '../../../src/history/markdown.js';

test('transcript files on disk hold no secret, and the rows keep their shape', async () => {
  const given = `sk-PLANTED-${randomBytes(8).toString('hex')}`;
  const inInput = `sk-PLANTED-${randomBytes(8).toString('hex')}`;
  rememberSecrets([given]); // as a login or a remote agent's token is remembered when given
  const entries: ThreadEntry[] = [
    { type: 'user', id: 'u1', content: [{ type: 'text', text: 'List the environment' }] },
    {
      type: 'tool_call', id: 't1', toolCallId: 'call-1', title: 'printenv', name: 'shell', kind: 'execute', status: 'completed',
      rawInput: { command: 'printenv', env: { GITHUB_TOKEN: inInput } },
      rawOutput: { stdout: `GITHUB_TOKEN=${given}\nHOME=/home/u` },
      content: [{ type: 'content', content: { type: 'text', text: `GITHUB_TOKEN=${given}` } }], locations: [],
    },
    { type: 'agent', id: 'a1', content: [{ type: 'text', text: `Your token is ${given}.` }] },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'history-redact-'));
  const store = new TranscriptStore(dir);
  const meta = await store.save({ agentName: 'agent', sessionId: 's1', cwd: '/work', session: { turnState: 'idle', commands: [] }, entries });
  const files = readdirSync(join(dir, 'transcripts'));
  assert.equal(files.length, 3, files.join(', '));
  for (const f of files) {
    const text = readFileSync(join(dir, 'transcripts', f), 'utf8');
    assert.ok(!text.includes(given) && !text.includes(inInput), `${f} holds no secret`);
  }
  const saved = await store.load(meta.id);
  const tool = saved!.entries.find((e) => e.type === 'tool_call') as Extract<ThreadEntry, { type: 'tool_call' }>;
  assert.deepEqual(tool.content, [{ type: 'content', content: { type: 'text', text: `GITHUB_TOKEN=${REDACTED}` } }]);
  assert.ok(transcriptToMarkdown(saved!).includes(`Your token is ${REDACTED}.`));
  assert.equal(entries[2]!.type === 'agent' && entries[2]!.content[0]!.type === 'text' && entries[2]!.content[0]!.text, `Your token is ${given}.`, 'the live thread is not changed');
});
