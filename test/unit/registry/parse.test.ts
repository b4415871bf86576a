import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRegistry, RegistryFormatError } from '../../../src/registry/parse.js';
import { SHA_OF_NOTHING, binaryEntry, npxEntry, registry, uvxEntry } from '../../support/registryFixture.js';

describe('registry parsing', () => {
  test('a valid registry lists every agent with its distributions', () => {
    const parsed = parseRegistry(registry([
      npxEntry(),
      uvxEntry(),
      binaryEntry({ 'linux-x86_64': { archive: 'https://example.invalid/echo.tar.gz', sha256: SHA_OF_NOTHING.toUpperCase() } }),
    ]));
    assert.equal(parsed.version, '1.0.0');
    assert.deepEqual(parsed.skipped, []);
    assert.deepEqual(parsed.agents.map((a) => a.id), ['echo-npx', 'echo-uvx', 'echo-bin']);
    const [npx, uvx, bin] = parsed.agents;
    assert.deepEqual(npx!.npx, { package: '@example/echo-acp@1.2.0', cmd: undefined, args: ['--acp'], env: {} });
    assert.equal(npx!.icon, 'https://example.invalid/echo-npx.svg');
    assert.deepEqual(uvx!.uvx, { package: 'echo-acp==0.3.1', cmd: 'echo-acp', args: ['serve'], env: { ECHO_MODE: 'acp' } });
    assert.equal(bin!.binary?.['linux-x86_64']?.sha256, SHA_OF_NOTHING, 'the checksum is kept in lower case');
    assert.deepEqual(bin!.notes, []);
  });

  test('a malformed entry is left out and named; the rest are listed', () => {
    const parsed = parseRegistry(registry([
      npxEntry('good-one', 'Good'),
      { id: 'no-name', version: '1.0.0', description: 'x', distribution: { npx: { package: 'p' } } },
      { name: 'Path Trick', id: '../evil', version: '1.0.0', description: 'x', distribution: { npx: { package: 'p' } } },
      'not even an object',
      { id: 'bad-npx', name: 'Bad npx', version: '1.0.0', description: 'x', distribution: { npx: { package: 42 } } },
      npxEntry('good-one', 'Good again'),
    ]));
    assert.deepEqual(parsed.agents.map((a) => a.name), ['Good']);
    assert.deepEqual(parsed.skipped.map((s) => s.label), ['no-name', '../evil', 'entry #4', 'bad-npx', 'good-one']);
    assert.match(parsed.skipped[0]!.reason, /name/);
    assert.match(parsed.skipped[1]!.reason, /^id: must be a plain name/);
    assert.match(parsed.skipped[3]!.reason, /^distribution\.npx\.package: /);
    assert.match(parsed.skipped[4]!.reason, /same id appears earlier/);
  });

  test('a binary target with a malformed checksum is dropped, never read as "no checksum"', () => {
    const parsed = parseRegistry(registry([
      binaryEntry({
        'linux-x86_64': { archive: 'https://example.invalid/a.tar.gz', sha256: 'abc123' },
        'darwin-aarch64': { archive: 'https://example.invalid/b.tar.gz' },
      }),
    ]));
    const agent = parsed.agents[0]!;
    assert.equal(agent.binary?.['linux-x86_64'], undefined);
    assert.ok(agent.binary?.['darwin-aarch64']);
    assert.ok(agent.notes.some((n) => /^distribution\.binary\.linux-x86_64\.sha256: must be 64 hex digits/.test(n)), agent.notes.join('\n'));
  });

  test('an unknown distribution kind is noted; an entry with nothing else is left out', () => {
    const parsed = parseRegistry(registry([
      { ...npxEntry(), distribution: { npx: { package: 'p' }, docker: { image: 'x' } } },
      { ...npxEntry('only-docker', 'Only Docker'), distribution: { docker: { image: 'x' } } },
    ]));
    assert.deepEqual(parsed.agents.map((a) => a.id), ['echo-npx']);
    assert.deepEqual(parsed.agents[0]!.notes, ['distribution "docker" is not one Agent Chat can install']);
    assert.deepEqual(parsed.skipped, [{ label: 'only-docker', reason: 'distribution "docker" is not one Agent Chat can install' }]);
  });

  test('an unknown binary platform is noted and the known ones kept; unknown fields pass', () => {
    const parsed = parseRegistry({ ...registry([
      { ...binaryEntry({ 'linux-x86_64': { archive: 'https://example.invalid/a.zip' }, 'plan9-mips': { archive: 'https://example.invalid/p.zip' } }), authors: ['someone'], futureField: { x: 1 } },
    ]), extra: true });
    const agent = parsed.agents[0]!;
    assert.deepEqual(Object.keys(agent.binary ?? {}), ['linux-x86_64']);
    assert.deepEqual(agent.notes, ['binary platform "plan9-mips" is not one Agent Chat knows']);
  });

  test('a document without an agents list is not a registry', () => {
    assert.throws(() => parseRegistry({ version: '1' }), RegistryFormatError);
    assert.throws(() => parseRegistry([]), /not an ACP registry.*agentChat\.registryUrl/);
  });
});
