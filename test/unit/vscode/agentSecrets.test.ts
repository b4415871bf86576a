import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { AgentSecrets } from '../../../src/vscode/agents/agentSecrets.js';

/** SecretStorage's contract (get/store/delete by key), kept in memory. */
function memoryStorage(): vscode.SecretStorage & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    get: async (key: string) => raw.get(key),
    store: async (key: string, value: string) => void raw.set(key, value),
    delete: async (key: string) => void raw.delete(key),
    onDidChange: (() => ({ dispose() {} })) as unknown as vscode.Event<vscode.SecretStorageChangeEvent>,
  };
}

test('agent secrets: values entered at a login are kept per agent and merged on a re-login', async () => {
  const storage = memoryStorage();
  const secrets = new AgentSecrets(storage);
  await secrets.save('Gemini', { GEMINI_API_KEY: 'one', REGION: 'eu' });
  await secrets.save('Gemini', { GEMINI_API_KEY: 'two' });
  await secrets.save('Other', { TOKEN: 'x' });
  assert.deepEqual(await secrets.envFor('Gemini'), { GEMINI_API_KEY: 'two', REGION: 'eu' });
  assert.deepEqual(await secrets.envFor('Other'), { TOKEN: 'x' });
  assert.deepEqual(await secrets.envFor('Nobody'), {});
});

test('agent secrets: nothing entered stores nothing; forget removes; a damaged entry reads as empty', async () => {
  const storage = memoryStorage();
  const secrets = new AgentSecrets(storage);
  await secrets.save('A', {});
  assert.equal(storage.raw.size, 0);
  await secrets.save('A', { K: 'v' });
  await secrets.forget('A');
  assert.deepEqual(await secrets.envFor('A'), {});
  storage.raw.set('agentChat.env.B', '{not json');
  assert.deepEqual(await secrets.envFor('B'), {});
  storage.raw.set('agentChat.env.C', JSON.stringify({ K: 'v', N: 3 }));
  assert.deepEqual(await secrets.envFor('C'), { K: 'v' });
});
