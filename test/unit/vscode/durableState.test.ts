import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DurableState } from '../../../src/vscode/durableState.js';

/** Workspace state as a browser window may bring it back: what was stored a while ago. */
function staleMemento(values: Record<string, unknown> = {}) {
  return {
    keys: () => Object.keys(values),
    get: <T>(key: string, d?: T) => (key in values ? (values[key] as T) : d),
    update: async () => undefined, // the newest write never reached the next window
  };
}

test('the next window reads the newest values from the file, not the stale workspace state', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'durable-')), 'sub', 'state.json');
  const first = new DurableState(staleMemento(), file);
  await first.update('agentChat.openTabs.v1', { version: 1, tabs: [{ title: 'newest' }], active: 0 });
  await first.update('agentChat.lastAgent', 'scripted');
  const next = new DurableState(staleMemento({ 'agentChat.openTabs.v1': { version: 1, tabs: [{ title: 'old' }], active: 0 }, other: 1 }), file);
  assert.deepEqual(next.get('agentChat.openTabs.v1'), { version: 1, tabs: [{ title: 'newest' }], active: 0 });
  assert.equal(next.get('agentChat.lastAgent'), 'scripted');
  assert.equal(next.get('other'), 1, 'keys never written through the file come from the workspace state');
  assert.equal(next.get('missing', 'default'), 'default');
  assert.deepEqual([...next.keys()].sort(), ['agentChat.lastAgent', 'agentChat.openTabs.v1', 'other']);
  await next.update('agentChat.lastAgent', undefined);
  assert.equal(new DurableState(staleMemento(), file).get('agentChat.lastAgent'), undefined);
});

test('a damaged file is ignored; an unwritable one is reported once and the workspace state still updates', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'durable-'));
  const file = join(dir, 'state.json');
  writeFileSync(file, '{"half":');
  const updates: unknown[] = [];
  const inner = { ...staleMemento({ k: 'inner' }), update: async (_k: string, v: unknown) => void updates.push(v) };
  assert.equal(new DurableState(inner, file).get('k'), 'inner');
  const blocked = join(dir, 'state.json', 'below-a-file.json');
  const warnings: string[] = [];
  const state = new DurableState(inner, blocked, (m) => warnings.push(m));
  await state.update('a', 1);
  await state.update('a', 2);
  assert.equal(warnings.length, 1);
  assert.deepEqual(updates, [1, 2]);
  assert.equal(readFileSync(file, 'utf8'), '{"half":');
});
