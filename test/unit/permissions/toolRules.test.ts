// Auto-approve by tool name: for calls whose kind names no file action or command (an MCP tool,
// a fetch), the tool's `name` is the scope — exact, per agent and workspace, and any path the
// call names must still be safe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionOption, ToolCallPatch, ToolKind } from '../../../src/protocol/events.js';
import { advise, type AdvisorEnv } from '../../../src/permissions/advisor.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';
import type { AutoApproveRule } from '../../../src/permissions/rule.js';
import { readRules } from '../../../src/permissions/ruleShape.js';
import { parseScopeInput, scopeInputOf } from '../../../src/permissions/scopeInput.js';

const OPTIONS: PermissionOption[] = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const linux = pathFlavor('linux');
const TOOL = 'mcp__github__list_issues';
const toolRule = (name: string, over: Partial<AutoApproveRule> = {}): AutoApproveRule =>
  ({ id: `r-${name}`, agent: 'Claude', workspace: 'ws', action: 'tool', scope: { type: 'tool', name }, created: 0, ...over });
const env = (rules: AutoApproveRule[]): AdvisorEnv =>
  ({ flavor: linux, roots: ['/ws'], realPath: async (p) => p, trusted: true, agent: 'Claude', workspace: 'ws', rules });
const call = (kind: ToolKind | undefined, name: string | null, extra: ToolCallPatch = {}): ToolCallPatch => ({ ...(kind ? { kind } : {}), name, ...extra });
const ask = (toolCall: ToolCallPatch, e: AdvisorEnv) => advise({ toolCall, cwd: '/ws' }, OPTIONS, e);

test('a call of kind other with a tool name: the card offers a rule for that tool, which then answers it', async () => {
  const offered = await ask(call('other', TOOL), env([]));
  assert.equal(offered.kind, 'ask');
  assert.deepEqual(offered.kind === 'ask' && offered.offer && { draft: offered.offer.draft, title: offered.offer.title, words: offered.offer.words }, {
    draft: { agent: 'Claude', workspace: 'ws', action: 'tool', scope: { type: 'tool', name: TOOL } },
    title: `Allow the tool \`${TOOL}\``,
    words: `the tool \`${TOOL}\``,
  });
  const rule = toolRule(TOOL);
  assert.deepEqual(await ask(call('other', TOOL), env([rule])), { kind: 'answer', optionId: 'yes', rule: { id: rule.id, title: `Allow the tool \`${TOOL}\`` } });
  assert.equal((await ask(call('fetch', TOOL), env([rule]))).kind, 'answer', 'fetch, think, switch_mode, no kind: by name too');
  assert.equal((await ask(call(undefined, TOOL), env([rule]))).kind, 'answer');
});

test('only that exact name, only that agent and workspace', async () => {
  const rule = toolRule(TOOL);
  assert.equal((await ask(call('other', 'mcp__github__create_issue'), env([rule]))).kind, 'ask');
  assert.equal((await ask(call('other', `${TOOL}_all`), env([rule]))).kind, 'ask');
  assert.equal((await ask(call('other', TOOL), env([toolRule(TOOL, { agent: 'Other' })]))).kind, 'ask');
  assert.equal((await ask(call('other', TOOL), env([toolRule(TOOL, { workspace: 'elsewhere' })]))).kind, 'ask');
  const none = await ask(call('other', null), env([rule]));
  assert.deepEqual(none, { kind: 'ask' }, 'no name: nothing to offer, nothing answers');
});

test('a file action or a command keeps its own, more precise scope: a tool rule never covers it', async () => {
  const edit = toolRule('Edit');
  assert.equal((await ask(call('edit', 'Edit', { locations: [{ path: '/ws/a.ts' }] }), env([edit]))).kind, 'ask');
  const offered = await ask(call('edit', 'Edit', { locations: [{ path: '/ws/src/a.ts' }] }), env([]));
  assert.equal(offered.kind === 'ask' && offered.offer?.draft.scope.type, 'path');
  assert.equal((await ask(call('execute', 'Bash', { rawInput: { command: 'ls' } }), env([toolRule('Bash')]))).kind, 'ask');
  assert.equal((await ask(call('edit', 'Edit'), env([edit]))).kind, 'ask', 'an edit without locations still asks');
});

test('paths the call names must be safe: outside the workspace, sensitive or relative-and-unclear asks', async () => {
  const rule = toolRule(TOOL);
  assert.equal((await ask(call('other', TOOL, { locations: [{ path: '/ws/notes.md' }] }), env([rule]))).kind, 'answer');
  assert.equal((await ask(call('other', TOOL, { locations: [{ path: '/etc/passwd' }] }), env([rule]))).kind, 'ask');
  assert.equal((await ask(call('other', TOOL, { rawInput: { path: '.env' } }), env([rule]))).kind, 'ask');
  assert.equal((await ask(call('other', TOOL, { locations: [{ path: 'relative.txt' }] }), env([rule]))).kind, 'ask');
});

test('stored tool rules are read back only whole; the scope edits as the tool name', () => {
  const good = toolRule(TOOL);
  assert.deepEqual(readRules([good, { ...good, scope: { type: 'tool', name: ' ' } }, { ...good, action: 'edit' }, { ...good, scope: { type: 'workspace' } }]), [good]);
  assert.equal(scopeInputOf(good, ['/ws'], linux), TOOL);
  assert.deepEqual(parseScopeInput(' mcp__github__get_issue ', good, ['/ws'], linux), { scope: { type: 'tool', name: 'mcp__github__get_issue' } });
  assert.ok('error' in parseScopeInput('  ', good, ['/ws'], linux));
});
