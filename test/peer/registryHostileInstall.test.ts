/**
 * Hostile archives through the whole install path: served by an offline registry on 127.0.0.1,
 * downloaded, verified against the registry's checksum (they are what the registry names — the
 * attack is inside), unpacked and refused. Afterwards the storage holds no agent folder, no
 * scratch folder, no archive, and the folder the archive aimed at is unchanged.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BinaryPlan } from '../../src/registry/installPlan.js';
import { installBinary } from '../../src/registry/install/installBinary.js';
import { UnsafeArchiveError } from '../../src/registry/install/unpack.js';
import { startRegistryServer, type RegistryServer } from '../support/registryServer.js';
import { ArchiveWorkshop, gzip, tar, zip } from '../support/hostileArchive.js';
import { tempDir } from './support/harness.js';

const workshop = new ArchiveWorkshop();
let server: RegistryServer;
before(async () => {
  server = await startRegistryServer();
});
after(async () => {
  await server.close();
  workshop.dispose();
});

async function assertInstallRefused(id: string, format: 'tar.gz' | 'zip', archive: string, reason: RegExp): Promise<void> {
  const storage = await tempDir('registry-storage-');
  try {
    const bytes = readFileSync(archive);
    server.serve(`/hostile/${id}.${format}`, bytes);
    const plan: BinaryPlan = {
      kind: 'binary', platform: 'linux-x86_64', archive: `${server.base}/hostile/${id}.${format}`, format,
      sha256: createHash('sha256').update(bytes).digest('hex'), cmd: './echo-agent', args: [], env: {},
    };
    const victimBefore = workshop.victimListing();
    const error = await installBinary({ id, version: '1.0.0' }, plan, storage).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof UnsafeArchiveError, `refused as unsafe: ${String(error)}`);
    assert.match(error.message, reason);
    assert.deepEqual(readdirSync(storage), ['registry-agents'], 'nothing else in the storage');
    assert.deepEqual(readdirSync(join(storage, 'registry-agents')), [], 'no agent folder, no scratch folder, no archive');
    assert.deepEqual(workshop.victimListing(), victimBefore, 'nothing written where the archive aimed');
    assert.equal(readFileSync(join(workshop.victim, 'precious.txt'), 'utf8'), 'the user\'s\n');
  } finally {
    await rm(storage, { recursive: true, force: true });
  }
}

describe('installing a hostile archive from the registry', { timeout: 60_000 }, () => {
  test('a tar.gz whose program is a link out of the agent\'s folder leaves nothing behind', async () => {
    const layout = workshop.layout().symlink('echo-agent', join(workshop.victim, 'precious.txt')).file('README.txt');
    await assertInstallRefused('link-out', 'tar.gz', gzip(tar(workshop.out('link-out.tar'), layout.root, ['echo-agent', 'README.txt'])),
      /link that leads outside the agent's folder \("echo-agent"/);
    assert.equal(existsSync(join(workshop.victim, 'README.txt')), false);
  });

  test('a zip with a chain of links out, and a tar.gz with a FIFO, leave nothing behind', async () => {
    // "lib → d/..", "d → .": each link's text stays inside, the chain ends in the storage folder.
    const chain = workshop.layout().file('echo-agent', '#!/bin/sh\n', 0o755).symlink('d', '.').symlink('lib', 'd/..');
    await assertInstallRefused('chain', 'zip', zip(workshop.out('chain.zip'), chain.root, ['echo-agent', 'd', 'lib']), /link that leads outside the agent's folder \("lib" → "d\/\.\."\)/);
    const fifo = workshop.layout().file('echo-agent', '#!/bin/sh\n', 0o755).fifo('control');
    await assertInstallRefused('fifo', 'tar.gz', gzip(tar(workshop.out('fifo.tar'), fifo.root, ['echo-agent', 'control'])), /special file \("control"/);
  });

  test('a setuid program is installed without its setuid bit', async () => {
    const storage = await tempDir('registry-storage-');
    try {
      const layout = workshop.layout().file('echo-agent', '#!/bin/sh\n', 0o4755);
      const bytes = readFileSync(gzip(tar(workshop.out('setuid.tar'), layout.root, ['echo-agent'])));
      server.serve('/hostile/setuid.tar.gz', bytes);
      const plan: BinaryPlan = {
        kind: 'binary', platform: 'linux-x86_64', archive: `${server.base}/hostile/setuid.tar.gz`, format: 'tar.gz',
        sha256: createHash('sha256').update(bytes).digest('hex'), cmd: './echo-agent', args: [], env: {},
      };
      const installed = await installBinary({ id: 'setuid', version: '1.0.0' }, plan, storage);
      assert.equal(statSync(installed.executable).mode & 0o7777, 0o755);
    } finally {
      await rm(storage, { recursive: true, force: true });
    }
  });
});
