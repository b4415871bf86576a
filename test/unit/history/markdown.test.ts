import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ThreadEntry } from '../../../src/thread/types.js';
import { transcriptToMarkdown } from '../../../src/history/markdown.js';
import type { Transcript } from '../../../src/history/types.js';

const transcript = (entries: ThreadEntry[]): Transcript => ({
  version: 1, id: 'x', agentName: 'claude', sessionId: 's', title: 'Fix the bug', cwd: '/w', createdAt: 'c', updatedAt: '2026-11-01T00:00:00Z',
  entryCount: entries.length, droppedEntries: 0, entries, session: { turnState: 'idle', commands: [] },
});

test('transcriptToMarkdown: speakers, tools, plan, unusual ends', () => {
  const md = transcriptToMarkdown(transcript([
    { type: 'user', id: 'e1', content: [{ type: 'text', text: 'fix it' }, { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
      { type: 'resource', resource: { uri: 'file:///w/b.ts', text: 'const s = "```";' } }] },
    { type: 'thought', id: 'e2', content: [{ type: 'text', text: 'look\nclosely' }] },
    { type: 'plan', id: 'e3', planId: 'main', entries: [{ content: 'read', priority: 'high', status: 'completed' }, { content: 'edit', priority: 'low', status: 'pending' }] },
    { type: 'tool_call', id: 'e4', toolCallId: 't1', title: 'Edit a.ts', name: null, kind: 'edit', status: 'completed', permissionOutcome: 'allow',
      content: [{ type: 'diff', path: '/w/a.ts', oldText: 'x', newText: 'y' }, { type: 'diff', path: '/w/n.ts', oldText: null, newText: 'n' }], locations: [] },
    { type: 'tool_call', id: 'e5', toolCallId: 't2', title: 'Run tests', name: null, kind: 'execute', status: 'failed',
      content: [{ type: 'terminal', terminalId: 'term1' }], locations: [],
      terminals: { term1: { terminalId: 'term1', command: 'npm test', output: '1 failing\n', truncated: false } } },
    { type: 'agent', id: 'e6', content: [{ type: 'text', text: 'Done **mostly**.' }] },
    { type: 'turn_end', id: 'e7', turnId: 't', stopReason: 'end_turn' },
    { type: 'user', id: 'e8', content: [{ type: 'text', text: 'stop' }] },
    { type: 'turn_end', id: 'e9', turnId: 'u', stopReason: 'cancelled' },
    { type: 'notice', id: 'e10', severity: 'error', title: 'Agent exited', detail: 'code 1' },
  ]));
  assert.equal(md, [
    '# Fix the bug',
    '*claude · /w · 2026-11-01T00:00:00Z*',
    '## You',
    'fix it\n\n[a.ts](file:///w/a.ts)\n\n`file:///w/b.ts`\n\n````ts\nconst s = "```";\n````',
    '## Agent',
    '> *Thinking:* look\n> closely',
    '- [x] read\n- [ ] edit',
    '**Edit a.ts** — edit, completed, permission: allow\n\nEdited `/w/a.ts`\n\nCreated `/w/n.ts`',
    '**Run tests** — execute, failed\n\n`$ npm test`\n\n```\n1 failing\n```',
    'Done **mostly**.',
    '## You',
    'stop',
    '*Turn ended: cancelled*',
    '> **Agent exited** code 1',
  ].join('\n\n') + '\n');
});
