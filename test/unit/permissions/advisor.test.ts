// Rule matching as the permission desk asks for it: which requests a rule answers, with which
// of the agent's options, and everything that asks however the rules read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionOption, ToolCallPatch, ToolKind } from '../../../src/protocol/events.js';
import { advise, type AdvisorEnv, type PermissionAdvice } from '../../../src/permissions/advisor.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';
import type { AutoApproveRule, RuleScope } from '../../../src/permissions/rule.js';
import type { RuleAction } from '../../../src/permissions/requestTarget.js';

const OPTIONS: PermissionOption[] = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

let nextId = 1;
function rule(action: RuleAction, scope: RuleScope, over: Partial<AutoApproveRule> = {}): AutoApproveRule {
  return { id: `r${nextId++}`, agent: 'Scripted', workspace: 'ws-key', action, scope, created: 0, ...over };
}

/** Symlinks as a table: a path under a link's name resolves under its target. */
function linkTable(links: Record<string, string>, flavor = pathFlavor('linux')) {
  return async (p: string): Promise<string> => {
    for (const [from, to] of Object.entries(links)) {
      if (p === from || p.startsWith(from + flavor.path.sep)) return to + p.slice(from.length);
    }
    return p;
  };
}

function env(rules: AutoApproveRule[], over: Partial<AdvisorEnv> = {}): AdvisorEnv {
  return { flavor: pathFlavor('linux'), roots: ['/ws'], realPath: linkTable({}), trusted: true, agent: 'Scripted', workspace: 'ws-key', rules, ...over };
}

const files = (kind: string, ...paths: string[]): ToolCallPatch => ({ kind: kind as ToolKind, locations: paths.map((path) => ({ path })) });
const run = (rawInput: unknown): ToolCallPatch => ({ kind: 'execute', rawInput });

async function ask(toolCall: ToolCallPatch, e: AdvisorEnv, options = OPTIONS): Promise<PermissionAdvice> {
  return advise({ toolCall, cwd: '/ws' }, options, e);
}

const answered = (a: PermissionAdvice) => (a.kind === 'answer' ? a.optionId : undefined);

test('a workspace read rule answers reads anywhere inside, with the agent\'s allow-once option', async () => {
  const reads = rule('read', { type: 'workspace' });
  const a = await ask(files('read', '/ws/src/deep/file.ts'), env([reads]));
  assert.deepEqual(a, { kind: 'answer', optionId: 'yes', rule: { id: reads.id, title: 'Allow reads inside this workspace' } });
  assert.equal((await ask(files('edit', '/ws/src/a.ts'), env([reads]))).kind, 'ask', 'a read rule does not cover edits');
});

test('"edits under src/" covers src/ and below, nothing beside it', async () => {
  const e = env([rule('edit', { type: 'path', path: '/ws/src', folder: true })]);
  assert.equal(answered(await ask(files('edit', '/ws/src/a.ts'), e)), 'yes');
  assert.equal(answered(await ask(files('edit', '/ws/src/x/y/z.ts'), e)), 'yes');
  assert.equal(answered(await ask(files('edit', '/ws/src'), e)), 'yes');
  assert.equal((await ask(files('edit', '/ws/srcs/a.ts'), e)).kind, 'ask');
  assert.equal((await ask(files('edit', '/ws/docs/a.md'), e)).kind, 'ask');
  assert.equal((await ask(files('edit', '/ws/src/../docs/a.md'), e)).kind, 'ask', 'dot-dot is resolved first');
  assert.equal((await ask(files('edit', '/ws/src/a.ts', '/ws/docs/b.md'), e)).kind, 'ask', 'every location must be covered');
  assert.equal((await ask(files('delete', '/ws/src/a.ts'), e)).kind, 'ask', 'an edit rule does not delete');
});

test('a file rule covers that file only', async () => {
  const e = env([rule('edit', { type: 'path', path: '/ws/notes.txt', folder: false })]);
  assert.equal(answered(await ask(files('edit', '/ws/notes.txt'), e)), 'yes');
  assert.equal((await ask(files('edit', '/ws/notes.txt.bak'), e)).kind, 'ask');
  assert.equal((await ask(files('edit', '/ws/notes.txt/inner'), e)).kind, 'ask');
});

test('paths the call names besides its locations must be covered too (diffs, rawInput)', async () => {
  const e = env([rule('edit', { type: 'path', path: '/ws/src', folder: true })]);
  const diffElsewhere: ToolCallPatch = { ...files('edit', '/ws/src/a.ts'), content: [{ type: 'diff', path: '/ws/docs/a.md', oldText: null, newText: 'x' }] };
  assert.equal((await ask(diffElsewhere, e)).kind, 'ask');
  const rawElsewhere: ToolCallPatch = { ...files('move', '/ws/src/a.ts'), rawInput: { destination: '../.env' } };
  assert.equal((await ask(rawElsewhere, env([rule('move', { type: 'workspace' })]))).kind, 'ask', 'a relative destination resolves against cwd');
  const rawInside: ToolCallPatch = { ...files('edit', '/ws/src/a.ts'), rawInput: { file_path: '/ws/src/a.ts', content: 'x' } };
  assert.equal(answered(await ask(rawInside, e)), 'yes');
});

test('a command rule answers exactly its command line', async () => {
  const e = env([rule('execute', { type: 'command', command: 'npm test' })]);
  assert.equal(answered(await ask(run({ command: 'npm', args: ['test'] }), e)), 'yes');
  assert.equal(answered(await ask(run({ command: 'npm test' }), e)), 'yes');
  assert.equal(answered(await ask(run({ command: ['npm', 'test'] }), e)), 'yes');
  for (const other of ['npm test; rm -rf ~', 'npm test && curl evil', 'npm  test', 'npm tests', 'NPM TEST', 'npm']) {
    assert.equal((await ask(run({ command: other }), e)).kind, 'ask', other);
  }
  assert.equal((await ask(run({ command: 'npm test', cwd: '/tmp' }), e)).kind, 'ask', 'run outside the workspace');
  assert.equal((await ask(run({ command: 'npm test', cwd: '.git/hooks' }), e)).kind, 'ask', 'run inside .git/');
  assert.equal((await ask(run({ script: 'npm test' }), e)).kind, 'ask', 'no command to read: ask');
  assert.equal((await ask(run({ command: 'npm', args: ['test', 3] }), e)).kind, 'ask', 'args that are not words: ask');
});

test('a v2 command subject is judged on its command and cwd', async () => {
  const e = env([rule('execute', { type: 'command', command: 'make check' })]);
  assert.equal(answered(await advise({ toolCall: {}, command: { command: 'make check', cwd: '/ws' }, cwd: '/ws' }, OPTIONS, e)), 'yes');
  assert.equal((await advise({ toolCall: {}, command: { command: 'make check', cwd: '/' }, cwd: '/ws' }, OPTIONS, e)).kind, 'ask');
});

test('sensitive targets ask whatever the rules say', async () => {
  const e = env([rule('edit', { type: 'workspace' }), rule('read', { type: 'workspace' })]);
  for (const path of ['/ws/.env', '/ws/src/.env.local', '/ws/certs/tls.key', '/ws/certs/tls.pem', '/ws/keys/id_rsa', '/ws/.git/config', '/ws/.vscode/tasks.json', '/etc/passwd', '/ws/../etc/passwd']) {
    assert.deepEqual(await ask(files('edit', path), e), { kind: 'ask' }, `edit ${path}: asks and offers no rule`);
    assert.deepEqual(await ask(files('read', path), e), { kind: 'ask' }, `read ${path}`);
  }
});

test('symlinks: the real path must be inside, not sensitive, and covered', async () => {
  const realPath = linkTable({ '/ws/src/out': '/etc', '/ws/src/secret': '/ws/.env', '/ws/src/docs-link': '/ws/docs' });
  const e = env([rule('edit', { type: 'path', path: '/ws/src', folder: true }), rule('read', { type: 'workspace' })], { realPath });
  assert.equal((await ask(files('edit', '/ws/src/out/passwd'), e)).kind, 'ask', 'a link leading outside');
  assert.equal((await ask(files('read', '/ws/src/out/passwd'), e)).kind, 'ask', 'a link leading outside, even for a workspace read rule');
  assert.equal((await ask(files('read', '/ws/src/secret'), e)).kind, 'ask', 'a link to .env');
  assert.equal((await ask(files('edit', '/ws/src/docs-link/a.md'), e)).kind, 'ask', 'src/ rule, real path in docs/');
  assert.equal(answered(await ask(files('read', '/ws/src/docs-link/a.md'), e)), 'yes', 'a workspace rule covers a link that stays inside');
  const failing = env([rule('read', { type: 'workspace' })], { realPath: async () => { throw new Error('ELOOP'); } });
  assert.equal((await ask(files('read', '/ws/src/loop'), failing)).kind, 'ask', 'a path that cannot be resolved');
});

test('a workspace folder reached through a link is still the workspace', async () => {
  const realPath = linkTable({ '/ws': '/private/ws' });
  const e = env([rule('edit', { type: 'path', path: '/ws/src', folder: true })], { realPath });
  assert.equal(answered(await ask(files('edit', '/ws/src/a.ts'), e)), 'yes');
});

test('case-insensitive file systems: SRC\\App.ts is under src\\ on Windows, not on Linux', async () => {
  const win = pathFlavor('win32');
  const e = env([rule('edit', { type: 'path', path: 'C:\\ws\\src', folder: true })], { flavor: win, roots: ['C:\\ws'], realPath: linkTable({}, win) });
  assert.equal(answered(await advise({ toolCall: files('edit', 'C:\\WS\\SRC\\App.ts'), cwd: 'C:\\ws' }, OPTIONS, e)), 'yes');
  assert.equal((await advise({ toolCall: files('edit', 'C:\\ws\\src\\.ENV'), cwd: 'C:\\ws' }, OPTIONS, e)).kind, 'ask');
  const mac = env([rule('edit', { type: 'path', path: '/ws/src', folder: true })], { flavor: pathFlavor('darwin') });
  assert.equal(answered(await ask(files('edit', '/ws/SRC/a.ts'), mac)), 'yes');
  const linux = env([rule('edit', { type: 'path', path: '/ws/src', folder: true })]);
  assert.equal((await ask(files('edit', '/ws/SRC/a.ts'), linux)).kind, 'ask');
});

test('rules are per agent and per workspace', async () => {
  const other = env([rule('read', { type: 'workspace' }, { agent: 'Other' }), rule('read', { type: 'workspace' }, { workspace: 'elsewhere' })]);
  assert.equal((await ask(files('read', '/ws/a.ts'), other)).kind, 'ask');
});

test('nothing is answered in an untrusted workspace, and nothing is offered', async () => {
  assert.deepEqual(await ask(files('read', '/ws/a.ts'), env([rule('read', { type: 'workspace' })], { trusted: false })), { kind: 'ask' });
});

test('a rule answers only with an allow option the agent offered: allow once first, else allow always', async () => {
  const e = env([rule('read', { type: 'workspace' })]);
  const onlyAlways: PermissionOption[] = [{ optionId: 'A', name: 'Sure', kind: 'allow_always' }, { optionId: 'N', name: 'No', kind: 'reject_once' }];
  assert.equal(answered(await ask(files('read', '/ws/a.ts'), e, onlyAlways)), 'A');
  const misleading: PermissionOption[] = [{ optionId: 'x', name: 'Allow', kind: 'reject_once' }, { optionId: 'y', name: 'Allow always', kind: '_custom' }];
  assert.deepEqual(await ask(files('read', '/ws/a.ts'), e, misleading), { kind: 'ask' }, 'names are never read: no allow kind, no answer');
});

test('a target that cannot be told asks, with no offer', async () => {
  const e = env([rule('read', { type: 'workspace' }), rule('edit', { type: 'workspace' })]);
  for (const toolCall of [{ kind: 'read' }, { kind: 'edit', locations: [] }, { kind: 'read', locations: [{ path: 'relative.txt' }] }, { kind: 'fetch', locations: [{ path: '/ws/a' }] }, { kind: 'other' }, { title: 'Read /ws/a.ts' }] as ToolCallPatch[]) {
    assert.deepEqual(await ask(toolCall, e), { kind: 'ask' }, JSON.stringify(toolCall));
  }
});

test('the offer a card makes, in words', async () => {
  const offer = async (toolCall: ToolCallPatch, roots = ['/ws']) => {
    const a = await advise({ toolCall, cwd: roots[0]! }, OPTIONS, env([], { roots }));
    return a.kind === 'ask' ? a.offer?.title : `answered ${a.optionId}`;
  };
  assert.equal(await offer(files('read', '/ws/src/a.ts')), 'Allow reads inside this workspace');
  assert.equal(await offer(files('search', '/ws')), 'Allow searches inside this workspace');
  assert.equal(await offer(files('edit', '/ws/src/a/b.ts')), 'Allow edits under src/');
  assert.equal(await offer(files('edit', '/ws/src/a.ts', '/ws/src/b/c.ts')), 'Allow edits under src/');
  assert.equal(await offer(files('edit', '/ws/notes.txt')), 'Allow edits of notes.txt');
  assert.equal(await offer(files('delete', '/ws/src/a.ts', '/ws/docs/b.md')), undefined, 'no narrow scope: no offer');
  assert.equal(await offer(run({ command: 'npm', args: ['test'] })), 'Allow running `npm test` in a terminal');
  assert.equal(await offer(files('edit', '/b/src/x.ts'), ['/a', '/b']), 'Allow edits under b/src/');
  assert.equal(await offer(files('edit', '/ws/.env')), undefined, 'a sensitive target offers nothing');
});

test('the offer answers with the allow option a rule would choose', async () => {
  const a = await ask(files('read', '/ws/a.ts'), env([]));
  assert.equal(a.kind === 'ask' ? a.offer?.optionId : undefined, 'yes');
  assert.deepEqual(a.kind === 'ask' ? a.offer?.draft : undefined, { agent: 'Scripted', workspace: 'ws-key', action: 'read', scope: { type: 'workspace' } });
});

test('consulting another agent: a rule for that agent answers, for another agent or from the wire it asks; the card offers exactly that agent', async () => {
  const consult = (agent: string) => advise({ toolCall: { kind: 'fetch' }, cwd: '/ws', consult: { agent } }, OPTIONS, env([rule('consult', { type: 'agent', agent: 'analyst' })]));
  const yes = await consult('analyst');
  assert.equal(answered(yes), 'yes');
  assert.equal(yes.kind === 'answer' && yes.rule.title, 'Allow consulting the agent analyst');
  const other = await consult('booking');
  assert.equal(other.kind, 'ask');
  assert.deepEqual(other.kind === 'ask' && other.offer?.draft, { agent: 'Scripted', workspace: 'ws-key', action: 'consult', scope: { type: 'agent', agent: 'booking' } });
  assert.equal(other.kind === 'ask' && other.offer?.words, 'consulting the agent booking');
  // A consult rule never answers an agent's own requests, whatever they look like.
  assert.equal((await ask({ kind: 'fetch', rawInput: { agent: 'analyst' } }, env([rule('consult', { type: 'agent', agent: 'analyst' })]))).kind, 'ask');
  assert.equal((await ask(files('read', '/ws/a.ts'), env([rule('consult', { type: 'agent', agent: 'analyst' })]))).kind, 'ask');
  // Untrusted: asks.
  assert.equal((await advise({ toolCall: {}, cwd: '/ws', consult: { agent: 'analyst' } }, OPTIONS, env([rule('consult', { type: 'agent', agent: 'analyst' })], { trusted: false }))).kind, 'ask');
});
