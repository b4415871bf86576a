import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { installPlans, type InstallPlan } from '../../../src/registry/installPlan.js';
import { parseRegistry } from '../../../src/registry/parse.js';
import { registryPlatform } from '../../../src/registry/platform.js';
import { binaryExecutable, binaryInstallDir, plannedEntry } from '../../../src/registry/settingsEntry.js';
import { archiveFormat } from '../../../src/registry/archiveFormat.js';
import { describePlan } from '../../../src/registry/describePlan.js';
import { english } from '../../../src/thread/translate.js';
import { configuredAs } from '../../../src/registry/configured.js';
import { SHA_OF_NOTHING, binaryEntry, npxEntry, registry, uvxEntry } from '../../support/registryFixture.js';

const agentOf = (entry: unknown) => parseRegistry(registry([entry])).agents[0]!;
const plansOf = (entry: unknown, platform: Parameters<typeof installPlans>[1]): InstallPlan[] => {
  const result = installPlans(agentOf(entry), platform);
  assert.ok('plans' in result, JSON.stringify(result));
  return result.plans;
};

describe('what a registry entry runs, per platform', () => {
  test('Node names map to registry platform keys', () => {
    assert.equal(registryPlatform('linux', 'x64'), 'linux-x86_64');
    assert.equal(registryPlatform('darwin', 'arm64'), 'darwin-aarch64');
    assert.equal(registryPlatform('win32', 'x64'), 'windows-x86_64');
    assert.equal(registryPlatform('win32', 'arm64'), 'windows-aarch64');
    assert.equal(registryPlatform('freebsd', 'x64'), undefined);
    assert.equal(registryPlatform('linux', 'ia32'), undefined);
  });

  test('npx runs the package with -y, on every platform', () => {
    for (const platform of ['linux-x86_64', 'windows-aarch64', undefined] as const) {
      const [plan] = plansOf(npxEntry(), platform);
      assert.deepEqual(plannedEntry(plan!, '/unused'), { command: 'npx', args: ['-y', '@example/echo-acp@1.2.0', '--acp'] });
    }
  });

  test('npx with a cmd names the package and then the program', () => {
    const [plan] = plansOf({ ...npxEntry(), distribution: { npx: { package: '@x/tools@1.0.0', cmd: 'x-acp', args: ['--stdio'] } } }, 'linux-x86_64');
    assert.deepEqual(plannedEntry(plan!, '/unused'), { command: 'npx', args: ['-y', '--package', '@x/tools@1.0.0', 'x-acp', '--stdio'] });
  });

  test('uvx with a cmd uses --from, and the entry carries its env', () => {
    const [plan] = plansOf(uvxEntry(), 'darwin-aarch64');
    assert.deepEqual(plannedEntry(plan!, '/unused'), { command: 'uvx', args: ['--from', 'echo-acp==0.3.1', 'echo-acp', 'serve'], env: { ECHO_MODE: 'acp' } });
  });

  test('a binary picks the platform\'s archive and runs the program inside the install folder', () => {
    const entry = binaryEntry({
      'linux-x86_64': { archive: 'https://example.invalid/echo-linux.tar.gz', sha256: SHA_OF_NOTHING },
      'windows-x86_64': { archive: 'https://example.invalid/echo-win.zip', cmd: 'bin\\echo-agent.exe' },
    });
    const [linux] = plansOf(entry, 'linux-x86_64');
    assert.ok(linux?.kind === 'binary');
    assert.equal(linux.archive, 'https://example.invalid/echo-linux.tar.gz');
    assert.equal(linux.format, 'tar.gz');
    assert.equal(linux.sha256, SHA_OF_NOTHING);
    const dir = binaryInstallDir('/storage', agentOf(entry), path.posix);
    assert.equal(dir, '/storage/registry-agents/echo-bin/2.0.0');
    assert.deepEqual(plannedEntry(linux, dir, path.posix), { command: '/storage/registry-agents/echo-bin/2.0.0/echo-agent', args: ['acp'] });

    const [windows] = plansOf(entry, 'windows-x86_64');
    assert.ok(windows?.kind === 'binary' && windows.format === 'zip' && windows.sha256 === undefined);
    const winDir = binaryInstallDir('C:\\Users\\me\\storage', agentOf(entry), path.win32);
    assert.equal(plannedEntry(windows, winDir, path.win32).command, 'C:\\Users\\me\\storage\\registry-agents\\echo-bin\\2.0.0\\bin\\echo-agent.exe');
  });

  test('a platform without a distribution is said clearly, naming what exists', () => {
    const entry = binaryEntry({ 'darwin-aarch64': { archive: 'https://example.invalid/a.tar.gz' }, 'linux-x86_64': { archive: 'https://example.invalid/b.tar.gz' } });
    assert.deepEqual(installPlans(agentOf(entry), 'windows-x86_64'), {
      unavailable: 'Echo (binary) has no distribution for windows-x86_64: the registry offers binaries for darwin-aarch64, linux-x86_64 only.',
    });
    assert.match((installPlans(agentOf(entry), undefined, 'freebsd-x64') as { unavailable: string }).unavailable, /no distribution for freebsd-x64/);
  });

  test('packages come before a binary when both exist; an installer is refused', () => {
    const both = { ...npxEntry(), distribution: { npx: { package: 'p' }, binary: { 'linux-x86_64': { archive: 'https://example.invalid/a.tgz', cmd: 'a' } } } };
    assert.deepEqual(plansOf(both, 'linux-x86_64').map((p) => p.kind), ['npx', 'binary']);
    const installer = binaryEntry({ 'darwin-aarch64': { archive: 'https://example.invalid/Echo.dmg' } });
    assert.match((installPlans(agentOf(installer), 'darwin-aarch64') as { unavailable: string }).unavailable, /installer/);
  });

  test('a command that leaves the install folder is refused', () => {
    assert.throws(() => binaryExecutable('/storage/a/1', '../../../bin/sh', path.posix), /outside the agent's folder/);
    assert.throws(() => binaryExecutable('/storage/a/1', '/bin/sh', path.posix), /outside/);
    assert.equal(binaryExecutable('/storage/a/1', './bin/agent', path.posix), '/storage/a/1/bin/agent');
  });

  test('archive formats by file name', () => {
    assert.equal(archiveFormat('https://x.invalid/a.tgz'), 'tar.gz');
    assert.equal(archiveFormat('https://x.invalid/a.tar.bz2?download=1'), 'tar.bz2');
    assert.equal(archiveFormat('https://x.invalid/releases/agent'), 'raw');
    assert.ok(typeof archiveFormat('https://x.invalid/a.tar.xz') === 'object');
  });
});

describe('what the confirmation says, and what counts as configured', () => {
  test('a binary names its archive, checksum, folder and command line', () => {
    const entry = binaryEntry({ 'linux-x86_64': { archive: 'https://example.invalid/echo.tar.gz', sha256: SHA_OF_NOTHING, args: ['acp', 'two words'] } });
    const [plan] = plansOf(entry, 'linux-x86_64');
    const dir = '/s/registry-agents/echo-bin/2.0.0';
    assert.deepEqual(describePlan(plan!, plannedEntry(plan!, dir, path.posix), dir, english), [
      'Downloads: https://example.invalid/echo.tar.gz',
      `Checksum: sha256 ${SHA_OF_NOTHING} (checked before unpacking; a mismatch stops the install)`,
      `Unpacks into: ${dir}`,
      `Runs: ${dir}/echo-agent acp 'two words'`,
    ]);
  });

  test('a package says nothing is downloaded now; no checksum is said plainly', () => {
    const [npx] = plansOf(npxEntry(), 'linux-x86_64');
    assert.deepEqual(describePlan(npx!, plannedEntry(npx!, ''), '', english), [
      'Package: @example/echo-acp@1.2.0 from npm, fetched by npx each time the agent starts (nothing is downloaded now)',
      'Runs: npx -y @example/echo-acp@1.2.0 --acp',
    ]);
    const [bin] = plansOf(binaryEntry({ 'linux-x86_64': { archive: 'https://example.invalid/e.zip' } }), 'linux-x86_64');
    assert.ok(describePlan(bin!, plannedEntry(bin!, '/d', path.posix), '/d', english).includes('Checksum: none given by the registry, so the download cannot be verified'));
  });

  test('configured: by name, by the same package, or by a program in the agent\'s folder', () => {
    const npx = agentOf(npxEntry());
    assert.equal(configuredAs(npx, { 'Echo (npx)': { command: 'x' } }, '/s'), 'Echo (npx)');
    assert.equal(configuredAs(npx, { mine: { command: 'npx', args: ['-y', '@example/echo-acp@1.2.0'] } }, '/s'), 'mine');
    assert.equal(configuredAs(npx, { other: { command: 'npx', args: ['-y', '@example/other'] } }, '/s'), undefined);
    const bin = agentOf(binaryEntry({ 'linux-x86_64': { archive: 'https://example.invalid/e.zip' } }));
    assert.equal(configuredAs(bin, { renamed: { command: path.join('/s', 'registry-agents', 'echo-bin', '2.0.0', 'echo-agent') } }, '/s'), 'renamed');
    assert.equal(configuredAs(bin, { other: { command: path.join('/s', 'registry-agents', 'echo-binary', '1', 'x') } }, '/s'), undefined);
  });
});
