/**
 * Hostile archives, built by the system's tar, zip, ln, mkfifo and mknod, unpacked by the
 * product's `unpack` with the real tar and unzip. Each is refused with nothing left behind: the
 * agent's folder is empty again, nothing appeared beside it, and the folder the archive aimed at
 * is as it was. An honest archive with links inside its own folder still unpacks.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UNPACKED_BYTES, UnsafeArchiveError, unpack } from '../../../src/registry/install/unpack.js';
import { checkUnpacked } from '../../../src/registry/install/checkUnpacked.js';
import { ArchiveWorkshop, gzip, renameZipMember, tar, tarDelete, understateZipSize, zip } from '../../support/hostileArchive.js';

const workshop = new ArchiveWorkshop();
after(() => workshop.dispose());

let storages = 0;
/** An empty agent folder inside a storage folder of its own, as installBinary makes them. */
function agentFolder(): { storage: string; into: string } {
  const storage = workshop.out(`storage-${++storages}`);
  const into = join(storage, 'unpacked');
  mkdirSync(into, { recursive: true });
  return { storage, into };
}

/** `unpack` refuses `archive` with a message matching `reason`, and leaves nothing anywhere. */
async function assertRefused(format: 'tar.gz' | 'zip', archive: string, reason: RegExp, maxBytes?: number): Promise<Error> {
  const victimBefore = workshop.victimListing();
  const { storage, into } = agentFolder();
  const error = await unpack(format, archive, into, { maxBytes }).then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof Error, `refused (it was unpacked: ${readdirSync(into).join(', ')})`);
  assert.match(error.message, reason);
  if (process.env.SHOW_REFUSALS) console.log(`${archive}: ${error.message}`);
  assert.deepEqual(readdirSync(into), [], 'the agent folder is empty again');
  assert.deepEqual(readdirSync(storage), ['unpacked'], 'nothing beside the agent folder');
  assert.deepEqual(workshop.victimListing(), victimBefore, 'nothing written into the folder the archive aimed at');
  assert.equal(readFileSync(join(workshop.victim, 'precious.txt'), 'utf8'), 'the user\'s\n');
  return error;
}

// Bounded: a hung tar or unzip fails the test that ran it, by name.
describe('unpacking hostile archives', { timeout: 60_000 }, () => {
  test('a symlink out of the folder, and a file written "through" it, are refused (tar and zip)', async () => {
    const link = workshop.layout().file('echo-agent').symlink('l', workshop.victim);
    await assertRefused('tar.gz', gzip(tar(workshop.out('symlink-only.tar'), link.root, ['echo-agent', 'l'])), /link that leads outside the agent's folder \("l" → ".*victim"\)/);
    await assertRefused('zip', zip(workshop.out('symlink-only.zip'), link.root, ['echo-agent', 'l']), /link that leads outside the agent's folder \("l" → ".*victim"\)/);

    // With a member "l/evil.txt" after the link, tar and unzip refuse to write through it themselves.
    const through = workshop.layout().file('l/evil.txt', 'planted\n');
    const tarred = tar(workshop.out('symlink-out.tar'), link.root, ['echo-agent', 'l']);
    tar(tarred, through.root, ['l/evil.txt'], { append: true });
    await assertRefused('tar.gz', gzip(tarred), /could not unpack the archive: .*l\/evil\.txt: Cannot open: Not a directory/);
    assert.equal(existsSync(join(workshop.victim, 'evil.txt')), false);

    const zipped = zip(workshop.out('symlink-out.zip'), link.root, ['echo-agent', 'l']);
    zip(zipped, through.root, ['l/evil.txt']);
    await assertRefused('zip', zipped, /could not unpack the archive: .*unable to process l\/evil\.txt/);
  });

  test('a relative symlink that climbs out ("../../victim") is refused', async () => {
    const layout = workshop.layout().file('echo-agent').symlink('bin/up', '../../../victim');
    await assertRefused('tar.gz', gzip(tar(workshop.out('climb.tar'), layout.root, ['echo-agent', 'bin'])), /link that leads outside the agent's folder \("bin\/up"/);
  });

  test('a chain of symlinks, each harmless-looking but the last, is refused (tar and zip)', async () => {
    const layout = workshop.layout().file('echo-agent').symlink('a', 'b').symlink('b', 'c').symlink('c', workshop.victim);
    await assertRefused('tar.gz', gzip(tar(workshop.out('chain.tar'), layout.root, ['echo-agent', 'a', 'b', 'c'])), /link that leads outside/);
    await assertRefused('zip', zip(workshop.out('chain.zip'), layout.root, ['echo-agent', 'a', 'b', 'c']), /link that leads outside/);
  });

  test('links whose words stay inside but whose chain does not ("s → d/.." with "d → .") are refused', async () => {
    // Read as text, "d/.." is the folder itself; followed, d is the folder, so d/.. is its parent.
    const layout = workshop.layout().file('echo-agent').symlink('d', '.').symlink('s', 'd/..');
    await assertRefused('tar.gz', gzip(tar(workshop.out('dotdot-chain.tar'), layout.root, ['echo-agent', 'd', 's'])), /link that leads outside the agent's folder \("s" → "d\/\.\."\)/);
  });

  test('a hard link to a file outside is refused: in a tar, and in a folder however it was made', async () => {
    // The archive: "hl" hard-linked to the victim's file, whose own member is then deleted.
    const layout = workshop.layout().file('echo-agent').hardlink('hl', join(workshop.victim, 'precious.txt'));
    const tarred = tar(workshop.out('hardlink.tar'), '/', [join(layout.root, 'echo-agent'), join(workshop.victim, 'precious.txt'), join(layout.root, 'hl')], {
      transform: [`s,^${layout.root}/,,`],
    });
    tarDelete(tarred, [join(workshop.victim, 'precious.txt')]);
    await assertRefused('tar.gz', gzip(tarred), /could not unpack the archive: .*hl: Cannot hard link|hard link to a file outside/);

    // tar itself declines that link; the check after unpacking catches one whatever tool made it.
    const made = workshop.layout().file('echo-agent').hardlink('hl', join(workshop.victim, 'precious.txt'));
    await assert.rejects(checkUnpacked(made.root), (e: unknown) => e instanceof UnsafeArchiveError && /hard link to a file outside the agent's folder \("hl"\)/.test(e.message));
  });

  test('absolute member names are refused (tar and zip)', async () => {
    const layout = workshop.layout().file('echo-agent');
    const planted = join(workshop.victim, 'abs.txt');
    const source = workshop.layout().file('abs.txt', 'planted\n');
    const tarred = tar(workshop.out('absolute.tar'), layout.root, ['echo-agent', join(source.root, 'abs.txt')], { transform: [`s,^${source.root}/abs.txt$,${planted},`] });
    await assertRefused('tar.gz', gzip(tarred), new RegExp(`outside the agent's folder \\("${planted}"\\)`));

    // zip never stores a leading "/": a member of the same length is renamed in place.
    const zipped = zip(workshop.out('absolute.zip'), layout.root, ['echo-agent']);
    zip(zipped, source.root, ['abs.txt']);
    renameZipMember(zipped, 'abs.txt', '/ab.txt');
    await assertRefused('zip', zipped, /outside the agent's folder \("\/ab\.txt"\)/);
    assert.equal(existsSync('/ab.txt'), false);
  });

  test('".." in a member name is refused (tar and zip)', async () => {
    const layout = workshop.layout().file('echo-agent').file('sub/placeholder');
    const outside = workshop.layout().file('escaped.txt', 'planted\n');
    const relative = `../${outside.root.split('/').pop()}/escaped.txt`;
    await assertRefused('tar.gz', gzip(tar(workshop.out('dotdot.tar'), layout.root, ['echo-agent', relative])), /outside the agent's folder \("\.\.\//);
    // zip keeps "../" as given when run from a folder below.
    await assertRefused('zip', zip(workshop.out('dotdot.zip'), join(layout.root, 'sub'), ['../echo-agent', `../${relative}`]), /outside the agent's folder \("\.\.\//);
  });

  test('a FIFO member is refused', async () => {
    const layout = workshop.layout().file('echo-agent').fifo('pipe');
    await assertRefused('tar.gz', gzip(tar(workshop.out('fifo.tar'), layout.root, ['echo-agent', 'pipe'])), /special file \("pipe", mode 10/);
  });

  test('a device member is refused (made with mknod where the system allows it)', async (t) => {
    const layout = workshop.layout().file('echo-agent');
    const refused = layout.device('null-device');
    if (refused !== undefined) {
      t.skip(`this system does not let the test make a device node: ${refused}`);
      return;
    }
    // As root tar makes the device again on unpacking, and the check refuses it; otherwise tar's own refusal ends the unpack.
    await assertRefused('tar.gz', gzip(tar(workshop.out('device.tar'), layout.root, ['echo-agent', 'null-device'])), /special file \("null-device", mode 20|could not unpack.*null-device/);
  });

  test('setuid, setgid and sticky bits do not survive unpacking (tar and zip); the rest of the mode does', async () => {
    const layout = workshop.layout().file('echo-agent', '#!/bin/sh\n', 0o4755).file('tools/helper', 'x\n', 0o2750).dir('shared').chmod('shared', 0o3775);
    for (const [format, archive] of [
      ['tar.gz', gzip(tar(workshop.out('setuid.tar'), layout.root, ['echo-agent', 'tools', 'shared']))],
      ['zip', zip(workshop.out('setuid.zip'), layout.root, ['echo-agent', 'tools/helper', 'shared'])],
    ] as const) {
      const { into } = agentFolder();
      await unpack(format, archive, into);
      assert.equal(statSync(join(into, 'echo-agent')).mode & 0o7777, 0o755, `${format}: the program stays executable, without setuid`);
      assert.equal(statSync(join(into, 'tools/helper')).mode & 0o7777, 0o750, `${format}: no setgid`);
      assert.equal(statSync(join(into, 'shared')).mode & 0o7000, 0, `${format}: no setgid or sticky folder`);
    }
  });

  test('an archive that unpacks past the size cap is refused before anything is written (sparse tar, zip bomb, a zip that lies about its size)', async () => {
    const cap = 1024 * 1024;
    const sparse = workshop.layout().file('echo-agent').sparse('holes.bin', 64 * cap);
    const sparseTar = gzip(tar(workshop.out('sparse.tar'), sparse.root, ['echo-agent', 'holes.bin'], { sparse: true }));
    assert.ok(statSync(sparseTar).size < 64 * 1024, 'the sparse tar itself is small');
    await assertRefused('tar.gz', sparseTar, /unpacks to more than 1048576 bytes/, cap);

    const zeros = workshop.layout().file('echo-agent').file('zeros.bin', '\0'.repeat(8 * cap));
    const bomb = zip(workshop.out('bomb.zip'), zeros.root, ['echo-agent', 'zeros.bin']);
    assert.ok(statSync(bomb).size < 64 * 1024, 'the zip itself is small');
    await assertRefused('zip', bomb, /unpacks to more than 1048576 bytes/, cap);
    // The same zip claiming 1,000 bytes: unzip writes all 8 MB regardless, so the claim is not what is measured.
    const liar = zip(workshop.out('liar.zip'), zeros.root, ['echo-agent', 'zeros.bin']);
    understateZipSize(liar, 'zeros.bin', 1000);
    await assertRefused('zip', liar, /unpacks to more than 1048576 bytes/, cap);

    assert.ok(MAX_UNPACKED_BYTES >= 1024 ** 3, 'the default cap leaves room for real agents');
  });

  test('a name that comes twice is refused: a file then a link of the same name, and a link then a file (tar)', async () => {
    const file = workshop.layout().file('echo-agent').file('config', 'harmless\n');
    const link = workshop.layout().symlink('config', join(workshop.victim, 'precious.txt'));
    const fileThenLink = tar(workshop.out('file-then-link.tar'), file.root, ['echo-agent', 'config']);
    tar(fileThenLink, link.root, ['config'], { append: true });
    await assertRefused('tar.gz', gzip(fileThenLink), /"config" more than once/);

    const linkThenFile = tar(workshop.out('link-then-file.tar'), link.root, ['config']);
    tar(linkThenFile, file.root, ['echo-agent', './config'], { append: true });
    await assertRefused('tar.gz', gzip(linkThenFile), /"config" more than once/);
  });

  test('a name that comes twice in a zip is refused', async () => {
    const layout = workshop.layout().file('echo-agent').file('configA', 'first\n').file('configB', 'second\n');
    const zipped = zip(workshop.out('twice.zip'), layout.root, ['echo-agent', 'configA', 'configB']);
    renameZipMember(zipped, 'configB', 'configA');
    await assertRefused('zip', zipped, /"configA" more than once/);
  });

  test('an honest archive with links and a hard link inside its own folder unpacks whole', async () => {
    const layout = workshop.layout().file('lib/agent.js', 'run\n', 0o755).symlink('bin/agent', '../lib/agent.js').symlink('current', 'lib').hardlink('lib/alias.js', 'lib/agent.js');
    for (const [format, archive] of [
      ['tar.gz', gzip(tar(workshop.out('honest.tar'), layout.root, ['lib', 'bin', 'current']))],
      ['zip', zip(workshop.out('honest.zip'), layout.root, ['lib/agent.js', 'lib/alias.js', 'bin/agent', 'current'])],
    ] as const) {
      const { into } = agentFolder();
      await unpack(format, archive, into);
      assert.equal(readlinkSync(join(into, 'bin/agent')), '../lib/agent.js', format);
      assert.ok(lstatSync(join(into, 'current')).isSymbolicLink(), format);
      assert.equal(readFileSync(join(into, 'bin/agent'), 'utf8'), 'run\n', format);
      assert.equal(readFileSync(join(into, 'lib/alias.js'), 'utf8'), 'run\n', format);
    }
  });
});
