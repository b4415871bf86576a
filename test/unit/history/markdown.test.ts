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

const PATCH = [
  'diff --git a/w/a.ts b/w/a.ts',
  '--- a/w/a.ts',
  '+++ b/w/a.ts',
  '@@ -1,2 +1,3 @@',
  '-old',
  '+new',
  '+more',
  ' same',
  'diff --git a/w/gone.ts b/w/gone.ts',
  'deleted file mode 100644',
  '--- a/w/gone.ts',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-bye',
  '',
].join('\n');

test('transcriptToMarkdown: v2 change lists with operations and +N −M', () => {
  const md = transcriptToMarkdown(transcript([
    { type: 'tool_call', id: 'e1', toolCallId: 't1', title: 'Refactor', name: null, kind: 'edit', status: 'completed', locations: [],
      content: [{ type: 'file_changes', patch: { format: 'git_patch', text: PATCH }, changes: [
        { operation: 'modify', path: '/w/a.ts' },
        { operation: 'delete', path: '/w/gone.ts' },
        { operation: 'move', oldPath: '/w/old.ts', path: '/w/new.ts' },
      ] }] },
    { type: 'tool_call', id: 'e2', toolCallId: 't2', title: 'Add', name: null, kind: 'edit', status: 'completed', locations: [],
      content: [{ type: 'file_changes', changes: [{ operation: 'add', path: '/w/`odd`.ts' }] }] },
  ]));
  assert.ok(md.includes([
    '**Refactor** — edit, completed',
    '',
    'Changed 3 files (+2 −2):',
    '- modify `/w/a.ts` (+2 −1)',
    '- delete `/w/gone.ts` (+0 −1)',
    '- move `/w/old.ts` → `/w/new.ts`',
  ].join('\n')), md);
  // No patch: no counts; a backtick in a path cannot break out of its code span.
  assert.ok(md.includes('**Add** — edit, completed\n\nChanged 1 file:\n- add ``/w/`odd`.ts``'), md);
});

test('transcriptToMarkdown: compaction rows with their summary, status and error', () => {
  const md = transcriptToMarkdown(transcript([
    { type: 'compaction', id: 'e1', compactionId: 'c1', status: 'completed', summary: [{ type: 'text', text: 'We fixed **a.ts**.\n\nNext: tests.' }] },
    { type: 'compaction', id: 'e2', compactionId: 'c2', status: 'failed', summary: [], error: 'context too small' },
  ]));
  assert.ok(md.includes('> **Context compaction** — completed\n>\n> We fixed **a.ts**.\n>\n> Next: tests.'), md);
  assert.ok(md.includes('> **Context compaction** — failed: context too small'), md);
  assert.ok(!md.includes('## Agent') && !md.includes('## You'), 'a compaction is nobody speaking');
});

test('transcriptToMarkdown: an agent-owned terminal row shows command, cwd, exit and the tail of its output', () => {
  const output = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  const md = transcriptToMarkdown(transcript([
    { type: 'terminal', id: 'e1', terminalId: 'term1',
      terminal: { terminalId: 'term1', command: 'make all', cwd: '/w/src', output, truncated: false, exitStatus: { exitCode: 2 } } },
    { type: 'terminal', id: 'e2', terminalId: 'term2', embedded: true,
      terminal: { terminalId: 'term2', command: 'shown-in-a-card', output: 'x', truncated: false } },
    { type: 'terminal', id: 'e3', terminalId: 'term3',
      terminal: { terminalId: 'term3', command: 'sleep 9', output: '', truncated: false, exitStatus: { signal: 'SIGTERM' } } },
  ]));
  assert.ok(md.includes('## Agent\n\n`$ make all` · exit code 2 in `/w/src`\n\n*(last 40 lines)*\n\n```\nline 61\n'), md);
  assert.ok(md.includes('line 100\n```'), md);
  assert.ok(!md.includes('line 60\n'), 'only the tail');
  assert.ok(!md.includes('shown-in-a-card'), 'an embedded terminal is exported with its tool call, not twice');
  assert.ok(md.includes('`$ sleep 9` · killed by SIGTERM\n'), md);
});

test('transcriptToMarkdown: plan variants', () => {
  const md = transcriptToMarkdown(transcript([
    { type: 'plan', id: 'e1', planId: 'f', entries: [], body: { type: 'file', uri: 'file:///w/PLAN.md' } },
    { type: 'plan', id: 'e2', planId: 'm', entries: [], body: { type: 'markdown', content: '1. read\n2. write' }, removed: true },
  ]));
  assert.ok(md.includes('Plan: `file:///w/PLAN.md`'), md);
  assert.ok(md.includes('*(plan removed)*\n\n1. read\n2. write'), md);
});

test('a damaged saved terminal without its output is exported with its command, not a failure (found by npm run fuzz)', () => {
  const md = transcriptToMarkdown(transcript([{
    type: 'tool_call', id: 'e1', toolCallId: 't1', title: 'Run tests', kind: 'execute', status: 'completed',
    content: [{ type: 'terminal', terminalId: 'term-1' }], locations: [],
    terminals: { 'term-1': { terminalId: 'term-1', command: 'npm test' } },
  } as unknown as ThreadEntry]));
  assert.match(md, /\$ npm test/);
});

test('transcriptToMarkdown: a consultation card says who wrote each message', () => {
  const md = transcriptToMarkdown(transcript([
    { type: 'tool_call', id: 'e1', toolCallId: 'agent-chat-consult-1', title: 'Consulting Seed Analyst', name: null, kind: 'fetch', status: 'completed', locations: [],
      permissionOutcome: 'allow', permissionLabel: 'Allow',
      content: [
        { type: 'content', content: { type: 'text', text: 'Analyze this dataset' } },
        { type: 'content', content: { type: 'text', text: 'Which columns?' } },
        { type: 'content', content: { type: 'text', text: 'disk on fire' } },
      ],
      consultation: { agent: 'analyst', state: 'failed', from: ['caller', 'agent', 'note'] } },
  ]));
  assert.ok(md.includes('**Consulting Seed Analyst** — fetch, completed, permission: Allow\n\n*Your agent:* Analyze this dataset\n\n*analyst:* Which columns?\n\n*Note:* disk on fire'), md);
});
