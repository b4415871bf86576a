/**
 * Installing agents from an offline registry served on 127.0.0.1: the registry read over HTTP
 * (and from its cached copy), a binary downloaded, verified and unpacked into storage, then
 * started as the settings entry says and spoken to over ACP.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry } from '../../src/registry/loadRegistry.js';
import { installPlans, type BinaryPlan } from '../../src/registry/installPlan.js';
import { installBinary } from '../../src/registry/install/installBinary.js';
import { binaryEntry as binaryEntryOf } from '../../src/registry/settingsEntry.js';
import { ChecksumMismatchError } from '../../src/registry/install/download.js';
import { CancelledError } from '../../src/registry/install/httpGet.js';
import type { RegistryAgent } from '../../src/registry/types.js';
import { binaryEntry, npxEntry, registry } from '../support/registryFixture.js';
import { startRegistryServer, type RegistryServer } from '../support/registryServer.js';
import { buildArchive, launcherScript, tarGz } from '../support/agentArchive.js';
import { record, say, startPeer, streamedText, tempDir } from './support/harness.js';
import { HELLO_MARKDOWN } from '../agents/lib/texts.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PLATFORM = 'linux-x86_64';
const scripted = launcherScript(process.execPath, ['--import', import.meta.resolve('tsx'), join(repo, 'test/agents/scripted.agent.ts'), '--delay', '0']);

let server: RegistryServer;
before(async () => {
  server = await startRegistryServer();
});
after(() => server.close());

function binaryPlanOf(agent: RegistryAgent): BinaryPlan {
  const result = installPlans(agent, PLATFORM);
  assert.ok('plans' in result, JSON.stringify(result));
  const plan = result.plans.find((p) => p.kind === 'binary');
  assert.ok(plan?.kind === 'binary');
  return plan;
}

/** The settings entry an install makes starts the agent it unpacked, and that agent answers over ACP. */
async function assertAnswersHello(agent: RegistryAgent, plan: BinaryPlan, executable: string): Promise<void> {
  const entry = binaryEntryOf(plan, executable);
  const peer = await startPeer({ name: agent.name, command: entry.command, args: entry.args, env: entry.env ?? {}, protocolVersion: 1 });
  try {
    const state = await peer.client.start();
    assert.equal(state.state, 'ready', JSON.stringify(state));
    const { session, events } = record(await peer.client.newSession());
    await session.prompt(say('hello'));
    assert.equal(streamedText(events), HELLO_MARKDOWN);
  } finally {
    await peer.close();
  }
}

/** What is left in the storage's registry folder apart from finished installs. */
const leftovers = (storage: string) => (existsSync(join(storage, 'registry-agents')) ? readdirSync(join(storage, 'registry-agents')).filter((n) => n.startsWith('.')) : []);

describe('installing from the ACP registry', () => {
  test('the registry is read over HTTP: good entries listed, the malformed one named, a missing platform said', async () => {
    const storage = await tempDir('registry-storage-');
    try {
      server.serve('/r1/registry.json', JSON.stringify(registry([
        npxEntry(),
        { id: 'broken', name: 'Broken', version: '1.0.0', description: 'x', distribution: { binary: { [PLATFORM]: { archive: 'https://example.invalid/a.tar.gz' } } } },
        binaryEntry({ 'darwin-aarch64': { archive: `${server.base}/mac.tar.gz` } }, 'mac-only', 'Mac Only'),
      ])));
      const { registry: parsed, origin } = await loadRegistry(`${server.base}/r1/registry.json`, storage);
      assert.deepEqual(origin, { kind: 'live' });
      assert.deepEqual(parsed.agents.map((a) => a.id), ['echo-npx', 'mac-only']);
      assert.equal(parsed.skipped.length, 1);
      assert.equal(parsed.skipped[0]!.label, 'broken');
      assert.match(parsed.skipped[0]!.reason, /distribution\.binary\.linux-x86_64\.cmd/);
      const macOnly = installPlans(parsed.agents[1]!, PLATFORM);
      assert.deepEqual(macOnly, { unavailable: 'Mac Only has no distribution for linux-x86_64: the registry offers binaries for darwin-aarch64 only.' });
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('offline, the last good copy is used and says when it was fetched; a registry never fetched is an error', async () => {
    const storage = await tempDir('registry-storage-');
    try {
      const url = `${server.base}/r2/registry.json`;
      server.serve('/r2/registry.json', JSON.stringify(registry([npxEntry()])));
      await loadRegistry(url, storage, { now: () => new Date('2026-03-04T05:06:07.000Z') });
      server.serve('/r2/registry.json', undefined);
      const offline = await loadRegistry(url, storage);
      assert.equal(offline.origin.kind, 'cache');
      assert.ok(offline.origin.kind === 'cache');
      assert.equal(offline.origin.fetchedAt, '2026-03-04T05:06:07.000Z');
      assert.match(offline.origin.reason, /HTTP 404/);
      assert.deepEqual(offline.registry.agents.map((a) => a.id), ['echo-npx']);
      // A broken document is never cached over the good copy.
      server.serve('/r2/registry.json', '{"agents": ');
      assert.equal((await loadRegistry(url, storage)).origin.kind, 'cache');
      await assert.rejects(loadRegistry(`${server.base}/never/registry.json`, storage), /HTTP 404.*No cached copy of this registry exists yet/);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('a binary archive is downloaded, verified, unpacked, and the agent it holds answers over ACP', async () => {
    const storage = await tempDir('registry-storage-');
    const archive = tarGz({ 'echo-agent': scripted, 'README.txt': 'an agent' });
    server.serve('/r3/echo.tar.gz', archive.bytes);
    server.serve('/r3/registry.json', JSON.stringify(registry([binaryEntry({ [PLATFORM]: { archive: `${server.base}/r3/echo.tar.gz`, sha256: archive.sha256, args: [] } })])));
    try {
      const { registry: parsed } = await loadRegistry(`${server.base}/r3/registry.json`, storage);
      const agent = parsed.agents[0]!;
      const plan = binaryPlanOf(agent);
      const progress: number[] = [];
      const phases: string[] = [];
      const installed = await installBinary(agent, plan, storage, { onProgress: (p) => progress.push(p.received), onPhase: (p) => phases.push(p) });
      assert.equal(installed.dir, join(storage, 'registry-agents', 'echo-bin', '2.0.0'));
      assert.equal(installed.executable, join(installed.dir, 'echo-agent'));
      assert.equal(installed.sha256, archive.sha256);
      assert.deepEqual(phases, ['download', 'unpack']);
      assert.equal(progress.at(-1), archive.bytes.length);
      assert.deepEqual(leftovers(storage), [], 'the scratch folder is gone');

      await assertAnswersHello(agent, plan, installed.executable);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  for (const format of ['tar.bz2', 'zip'] as const) {
    test(`a .${format} is unpacked the same way (the program keeps its mode) and its agent answers`, async () => {
      const storage = await tempDir('registry-storage-');
      const archive = buildArchive(format, { 'echo-agent': scripted, 'docs/README.txt': 'an agent' });
      const path = `/r-${format}/echo.${format}`;
      server.serve(path, archive.bytes);
      try {
        server.serve(`/r-${format}/registry.json`, JSON.stringify(registry([binaryEntry({ [PLATFORM]: { archive: `${server.base}${path}`, sha256: archive.sha256, args: [] } })])));
        const agent = (await loadRegistry(`${server.base}/r-${format}/registry.json`, storage)).registry.agents[0]!;
        const plan = binaryPlanOf(agent);
        assert.equal(plan.format, format);
        const installed = await installBinary(agent, plan, storage, {});
        assert.equal(readFileSync(join(installed.dir, 'docs', 'README.txt'), 'utf8'), 'an agent');
        assert.deepEqual(leftovers(storage), []);
        await assertAnswersHello(agent, plan, installed.executable);
      } finally {
        await rm(storage, { recursive: true, force: true });
      }
    });
  }

  test('a checksum that does not match is refused, naming both digests, and nothing is left behind', async () => {
    const storage = await tempDir('registry-storage-');
    const archive = tarGz({ 'echo-agent': scripted });
    const wrong = 'ab'.repeat(32);
    server.serve('/r4/echo.tar.gz', archive.bytes);
    server.serve('/r4/registry.json', JSON.stringify(registry([binaryEntry({ [PLATFORM]: { archive: `${server.base}/r4/echo.tar.gz`, sha256: wrong } })])));
    try {
      const agent = (await loadRegistry(`${server.base}/r4/registry.json`, storage)).registry.agents[0]!;
      const error = await installBinary(agent, binaryPlanOf(agent), storage).then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof ChecksumMismatchError, String(error));
      assert.equal(error.expected, wrong);
      assert.equal(error.actual, archive.sha256);
      assert.ok(error.message.includes(`expected sha256 ${wrong}, got ${archive.sha256}`), error.message);
      assert.deepEqual(readdirSync(join(storage, 'registry-agents')), [], 'no archive, no folder');
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('an archive with a path that escapes the folder is refused before anything is written', async () => {
    const storage = await tempDir('registry-storage-');
    const archive = tarGz({ 'echo-agent': scripted, '../escaped.txt': 'outside' });
    server.serve('/r5/evil.tar.gz', archive.bytes);
    try {
      const agent = { id: 'evil', version: '1.0.0' };
      const plan: BinaryPlan = { kind: 'binary', platform: PLATFORM, archive: `${server.base}/r5/evil.tar.gz`, format: 'tar.gz', sha256: archive.sha256, cmd: './echo-agent', args: [], env: {} };
      await assert.rejects(installBinary(agent, plan, storage), /outside the agent's folder \("\.\.\/escaped\.txt"\)/);
      assert.deepEqual(readdirSync(join(storage, 'registry-agents')), []);
      assert.equal(existsSync(join(storage, 'escaped.txt')), false);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('a program the archive does not have, and a cancelled download, leave nothing behind', async () => {
    const storage = await tempDir('registry-storage-');
    const archive = tarGz({ 'other-program': scripted }, 'other-program');
    server.serve('/r6/a.tar.gz', archive.bytes);
    try {
      const plan: BinaryPlan = { kind: 'binary', platform: PLATFORM, archive: `${server.base}/r6/a.tar.gz`, format: 'tar.gz', cmd: './echo-agent', args: [], env: {} };
      await assert.rejects(installBinary({ id: 'missing', version: '1.0.0' }, plan, storage), /has no "\.\/echo-agent"/);
      const cancel = new AbortController();
      cancel.abort();
      await assert.rejects(installBinary({ id: 'cancelled', version: '1.0.0' }, plan, storage, { signal: cancel.signal }), CancelledError);
      assert.deepEqual(readdirSync(join(storage, 'registry-agents')), []);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });

  test('plain http to another machine is refused for the registry and for downloads', async () => {
    const storage = await tempDir('registry-storage-');
    try {
      await assert.rejects(loadRegistry('http://registry.example.invalid/registry.json', storage), /must use https:\/\//);
      const plan: BinaryPlan = { kind: 'binary', platform: PLATFORM, archive: 'http://example.invalid/a.tar.gz', format: 'tar.gz', cmd: 'a', args: [], env: {} };
      await assert.rejects(installBinary({ id: 'plain', version: '1.0.0' }, plan, storage), /must use https:\/\//);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });
});
