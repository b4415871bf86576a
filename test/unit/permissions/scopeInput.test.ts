import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseScopeInput, scopeInputOf } from '../../../src/permissions/scopeInput.js';
import { pathFlavor } from '../../../src/services/platformPaths.js';
import { readRules } from '../../../src/permissions/ruleShape.js';

const linux = pathFlavor('linux');
const edit = { action: 'edit' as const, scope: { type: 'path' as const, path: '/ws/src', folder: true } };

test('a rule\'s scope as the line a person edits, and back', () => {
  assert.equal(scopeInputOf(edit, ['/ws'], linux), 'src/');
  assert.equal(scopeInputOf({ scope: { type: 'path', path: '/ws/notes.txt', folder: false } }, ['/ws'], linux), 'notes.txt');
  assert.equal(scopeInputOf({ scope: { type: 'workspace' } }, ['/ws'], linux), '');
  assert.equal(scopeInputOf({ scope: { type: 'command', command: 'npm test' } }, ['/ws'], linux), 'npm test');
  assert.deepEqual(parseScopeInput('lib/', edit, ['/ws'], linux), { scope: { type: 'path', path: '/ws/lib', folder: true } });
  assert.deepEqual(parseScopeInput('notes.txt', edit, ['/ws'], linux), { scope: { type: 'path', path: '/ws/notes.txt', folder: false } });
  assert.deepEqual(parseScopeInput('  ', edit, ['/ws'], linux), { scope: { type: 'workspace' } });
  assert.deepEqual(parseScopeInput('b/src/', edit, ['/a', '/b'], linux), { scope: { type: 'path', path: '/b/src', folder: true } });
  assert.deepEqual(parseScopeInput(' npm run lint ', { action: 'execute', scope: { type: 'command', command: 'x' } }, ['/ws'], linux), { scope: { type: 'command', command: 'npm run lint' } });
});

test('an edited scope cannot reach outside or cover a sensitive target', () => {
  assert.match((parseScopeInput('../', edit, ['/ws'], linux) as { error: string }).error, /outside/);
  assert.match((parseScopeInput('.git/', edit, ['/ws'], linux) as { error: string }).error, /always asks/);
  assert.match((parseScopeInput('.env', edit, ['/ws'], linux) as { error: string }).error, /always asks/);
  assert.match((parseScopeInput('', { action: 'execute', scope: { type: 'command', command: 'x' } }, ['/ws'], linux) as { error: string }).error, /command/);
});

test('stored rules that do not hold their shape are dropped', () => {
  const good = { id: '1', agent: 'A', workspace: 'W', action: 'read', scope: { type: 'workspace' }, created: 1 };
  assert.deepEqual(readRules([good, { ...good, action: 'execute' }, { ...good, scope: { type: 'command', command: 'ls' } }, { ...good, action: 'format' }, null, 'x']), [good]);
  assert.deepEqual(readRules(undefined), []);
  assert.deepEqual(readRules({ not: 'a list' }), []);
});

test('a consult rule names one agent: kept when it does, dropped when its scope or action do not go together; edited as the agent\'s name', () => {
  const good = { id: '2', agent: 'A', workspace: 'W', action: 'consult', scope: { type: 'agent', agent: 'analyst' }, created: 1 };
  assert.deepEqual(readRules([good, { ...good, scope: { type: 'workspace' } }, { ...good, action: 'read' }, { ...good, scope: { type: 'agent', agent: '' } }]), [good]);
  const consult = { action: 'consult' as const, scope: { type: 'agent' as const, agent: 'analyst' } };
  assert.equal(scopeInputOf(consult, ['/ws'], linux), 'analyst');
  assert.deepEqual(parseScopeInput(' booking ', consult, ['/ws'], linux), { scope: { type: 'agent', agent: 'booking' } });
  assert.match((parseScopeInput('', consult, ['/ws'], linux) as { error: string }).error, /name of the agent/);
});
