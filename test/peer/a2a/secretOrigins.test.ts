/**
 * A remote agent's secret goes only to the origin it was given for. Real A2A servers on the
 * SDK that record every request's headers: an agent card naming another server as its endpoint,
 * a server redirecting to another, a configured URL that changed, and a secret saved before
 * secrets were tied to an origin. The secret store is the product's (keyed by agent and
 * origin) over an in-memory SecretStorage; the prompts are the user's scripted answers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { REPLY, startRecordingServer, type RecordingServer } from '../../a2a/recordingServer.js';
import { remoteSecrets, type RemoteSecretPrompts, type SecretStore } from '../../../src/vscode/agents/agentSecrets.js';
import { open, startFailure } from './support.js';

const planted = () => `sk-PLANTED-${randomBytes(8).toString('hex')}`;

class MemorySecretStorage implements SecretStore {
  readonly map = new Map<string, string>();
  async get(key: string) { return this.map.get(key); }
  async store(key: string, value: string) { this.map.set(key, value); }
  async delete(key: string) { this.map.delete(key); }
}

interface Answers { secret?: string; allow?: boolean; adopt?: boolean }

function scripted(answers: Answers) {
  const asked = { secret: [] as unknown[], allow: [] as { from: string; to: string }[], adopt: [] as string[] };
  const prompts: RemoteSecretPrompts = {
    askSecret: async (why) => { asked.secret.push(why); return answers.secret; },
    allowOrigin: async (why) => { asked.allow.push(why); return answers.allow ?? false; },
    adoptUnscoped: async (origin) => { asked.adopt.push(origin); return answers.adopt ?? false; },
  };
  return { asked, prompts };
}

async function turn(url: string, storage: SecretStore, answers: Answers) {
  const { asked, prompts } = scripted(answers);
  const h = await open(url, { secrets: remoteSecrets(storage, 'remote', url, prompts) });
  await h.send('Hello');
  await h.agent.dispose();
  return { asked, ends: h.turnEnds(), texts: h.agentTexts() };
}

const servers: RecordingServer[] = [];
let elsewhere: RecordingServer;
let pointing: RecordingServer;
let redirecting: RecordingServer;
let moved: RecordingServer;

before(async () => {
  elsewhere = await startRecordingServer({ name: 'Elsewhere' });
  pointing = await startRecordingServer({ name: 'Points elsewhere', endpoint: () => elsewhere.url });
  redirecting = await startRecordingServer({ name: 'Redirects elsewhere', redirectTo: () => elsewhere.url });
  moved = await startRecordingServer({ name: 'Moved here' });
  servers.push(elsewhere, pointing, redirecting, moved);
});
after(() => Promise.all(servers.map((s) => s.close())));

test('a card naming another origin: the user is asked naming both, and on "no" the secret never reaches it', async () => {
  const secret = planted();
  const { asked, ends } = await turn(pointing.url, new MemorySecretStorage(), { secret, allow: false });
  assert.deepEqual(asked.allow, [{ from: pointing.url, to: elsewhere.url }]);
  assert.equal(ends.length, 1);
  assert.equal(ends[0]!.stopReason, 'error');
  assert.match(ends[0]!.error!.message, new RegExp(`given for ${pointing.url}.*${elsewhere.url}`));
  assert.ok(!elsewhere.seen().includes(secret), 'the other origin never saw the secret');
  assert.ok(!JSON.stringify(ends).includes(secret));
});

test('a card naming another origin: on "yes" the secret goes there, and the yes is kept with the secret', async () => {
  const secret = planted();
  const storage = new MemorySecretStorage();
  const first = await turn(pointing.url, storage, { secret, allow: true });
  assert.equal(first.asked.allow.length, 1);
  assert.deepEqual(first.texts, [REPLY]);
  assert.ok(elsewhere.requests.some((r) => r.authorization === `Bearer ${secret}`), 'the allowed origin got the secret');
  const again = await turn(pointing.url, storage, {});
  assert.deepEqual(again.asked, { secret: [], allow: [], adopt: [] }, 'nothing asked the second time');
  assert.deepEqual(again.texts, [REPLY]);
});

test('a redirect to another origin does not take the secret along unasked', async () => {
  const secret = planted();
  const { asked, ends } = await turn(redirecting.url, new MemorySecretStorage(), { secret, allow: false });
  assert.ok(redirecting.requests.some((r) => r.method === 'POST' && r.authorization === `Bearer ${secret}`), 'the configured origin got it');
  assert.deepEqual(asked.allow, [{ from: redirecting.url, to: elsewhere.url }]);
  assert.equal(ends[0]!.stopReason, 'error');
  assert.ok(!elsewhere.seen().includes(secret), 'the redirect target never saw the secret');
});

test('a changed URL asks for a new secret: the one given for the old origin is not sent to the new one', async () => {
  const storage = new MemorySecretStorage();
  const oldSecret = planted();
  const atOld = await turn(elsewhere.url, storage, { secret: oldSecret });
  assert.deepEqual(atOld.texts, [REPLY]);
  const newSecret = planted();
  const atNew = await turn(moved.url, storage, { secret: newSecret });
  assert.equal(atNew.asked.secret.length, 1, 'asked again for the new origin');
  assert.deepEqual(atNew.texts, [REPLY]);
  assert.ok(!moved.seen().includes(oldSecret), 'the new host never saw the old secret');
  assert.ok(moved.requests.some((r) => r.authorization === `Bearer ${newSecret}`));
  // Back at the old URL, its own secret is still there: nothing asked.
  const back = await turn(elsewhere.url, storage, {});
  assert.equal(back.asked.secret.length, 0);
  assert.deepEqual(back.texts, [REPLY]);
});

test('a secret saved by agent name only is used for an origin only when the user says it belongs there', async () => {
  const refused = new MemorySecretStorage();
  const oldSecret = planted();
  refused.map.set('agentChat.a2a.remote', oldSecret);
  const fresh = planted();
  const no = await turn(moved.url, refused, { adopt: false, secret: fresh });
  assert.deepEqual(no.asked.adopt, [moved.url]);
  assert.ok(!moved.seen().includes(oldSecret), 'not reused for an origin the user did not confirm');
  assert.equal(refused.map.get('agentChat.a2a.remote'), undefined, 'and not kept to be offered again');
  assert.deepEqual(no.texts, [REPLY]);

  const adopted = new MemorySecretStorage();
  const kept = planted();
  adopted.map.set('agentChat.a2a.remote', kept);
  const yes = await turn(moved.url, adopted, { adopt: true });
  assert.equal(yes.asked.secret.length, 0);
  assert.ok(moved.requests.some((r) => r.authorization === `Bearer ${kept}`));
  assert.deepEqual([...adopted.map.keys()], [`agentChat.a2a.remote@${moved.url}`], 'moved under the agent-and-origin key');
});

test('a key in the configured URL\'s query is not shown in the failure message', async () => {
  const key = planted();
  // Nothing listens on port 9 of loopback: the card cannot be read, and the failure names the URL.
  const message = await startFailure(`http://127.0.0.1:9/agent?api_key=${key}`);
  assert.match(message, /127\.0\.0\.1:9/);
  assert.ok(!message.includes(key), message);
});
