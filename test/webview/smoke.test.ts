import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchHarness, type Harness } from './harness.js';
import { agent, snapshot, user } from './fixtures.js';

let harness: Harness;
before(async () => { harness = await launchHarness(); });
after(async () => { await harness?.close(); });

test('loads under the CSP, says ready, renders a snapshot', async () => {
  const panel = await harness.open();
  await panel.send(snapshot([user('u1', 'hello'), agent('a1', '**bold** and `code`\n\n```ts\nconst x = 1;\n```')]));
  assert.equal(await panel.count('.row'), 2);
  assert.match(await panel.text('.row.agent'), /bold and code/);
  await panel.page.screenshot({ path: '/tmp/agent-chat-smoke.png' });
  assert.deepEqual(await panel.violations(), []);
});
