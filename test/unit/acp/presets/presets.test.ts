import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_PRESETS, presetConfig } from '../../../../src/agents/acp/presets/presets.js';
import { detectPresets, findOnPath } from '../../../../src/agents/acp/presets/detect.js';
import { mergeAgents } from '../../../../src/agents/acp/presets/merge.js';

function fakeBin(dir: string, name: string, executable = true): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, '#!/bin/sh\n');
  chmodSync(p, executable ? 0o755 : 0o644);
  return p;
}

test('every preset launches the registry command form', () => {
  const expected: Record<string, string> = {
    claude: 'npx @agentclientprotocol/claude-agent-acp',
    codex: 'npx @agentclientprotocol/codex-acp',
    gemini: 'gemini --acp',
    copilot: 'npx @github/copilot --acp',
    opencode: 'opencode acp',
    goose: 'goose acp',
    cursor: 'cursor-agent acp',
    qwen: 'npx @qwen-code/qwen-code --acp',
    cline: 'npx cline --acp',
    kilo: 'npx @kilocode/cli acp',
    auggie: 'npx @augmentcode/auggie --acp',
  };
  assert.deepEqual(
    Object.fromEntries(AGENT_PRESETS.map((p) => [p.name, [p.command, ...p.args].join(' ')])),
    expected,
  );
  for (const p of AGENT_PRESETS) {
    assert.ok(p.title && p.needs.length > 0, `${p.name} has a title and needs`);
    assert.equal(p.command === 'npx', p.npmPackage !== undefined, `${p.name}: npx presets name their package`);
    if (p.command === 'npx') assert.ok(p.needs.some((n) => /npx/.test(n)), `${p.name} says it needs npx`);
  }
});

test('findOnPath: table', () => {
  const root = mkdtempSync(join(tmpdir(), 'presets-'));
  const a = join(root, 'a');
  const b = join(root, 'b');
  const goose = fakeBin(b, 'goose');
  fakeBin(a, 'goose', false); // not executable: must be skipped in favour of b
  const abs = fakeBin(root, 'abs-agent');
  const cases: Array<[string, string | undefined, string | undefined]> = [
    ['goose', `${a}:${b}`, goose],
    ['goose', `${a}`, undefined],
    ['goose', '', undefined],
    ['goose', undefined, undefined],
    ['missing', `${a}:${b}`, undefined],
    [abs, '', abs],
    [join(root, 'nope'), `${b}`, undefined],
  ];
  for (const [program, path, want] of cases) {
    assert.equal(findOnPath(program, path, { platform: 'linux' }), want, `${program} on ${path}`);
  }
});

test('findOnPath: windows uses PATHEXT and ;', () => {
  const root = mkdtempSync(join(tmpdir(), 'presets-win-'));
  const hit = fakeBin(root, 'gemini.CMD', false);
  assert.equal(findOnPath('gemini', `C:\\nowhere;${root}`, { platform: 'win32', pathExt: '.EXE;.CMD' }), hit);
});

test('detectPresets: found / via npx / missing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'presets-detect-'));
  fakeBin(dir, 'npx');
  fakeBin(dir, 'goose');
  const byName = Object.fromEntries(detectPresets(AGENT_PRESETS, dir, { platform: 'linux' }).map((d) => [d.name, d]));
  assert.equal(byName.goose!.status, 'found');
  assert.equal(byName.claude!.status, 'via_npx');
  assert.match((byName.claude as { note: string }).note, /npx.*first start downloads/);
  assert.deepEqual(byName.gemini, { name: 'gemini', status: 'missing', program: 'gemini' });
  const none = detectPresets(AGENT_PRESETS, '', { platform: 'linux' });
  assert.ok(none.every((d) => d.status === 'missing'));
});

test('mergeAgents: user overrides presets by name, extends the list, bad entries reported', () => {
  const detected = detectPresets(AGENT_PRESETS, '', { platform: 'linux' });
  const { agents, problems } = mergeAgents(
    {
      gemini: { command: '/opt/gemini', args: ['--acp', '--debug'], env: { A: '1', B: 2 } },
      mine: { command: 'my-agent', protocolVersion: 2 },
      zeta: { command: 'z' },
      broken: { args: [] },
      alsoBroken: 'x',
    },
    AGENT_PRESETS,
    detected,
  );
  assert.deepEqual(problems, ['agent "broken" has neither "command" (a local ACP agent to run) nor "url" (a remote A2A agent); add one of them.', 'agent "alsoBroken" is not an object']);
  assert.equal(agents.length, AGENT_PRESETS.length + 2);
  assert.deepEqual(agents.slice(0, 3).map((a) => a.config.name), ['mine', 'zeta', 'gemini']);
  const gemini = agents.find((a) => a.config.name === 'gemini')!;
  assert.deepEqual(gemini.config, { name: 'gemini', command: '/opt/gemini', args: ['--acp', '--debug'], env: { A: '1' }, protocolVersion: 1 });
  assert.equal(gemini.source, 'user');
  assert.equal(gemini.title, 'Gemini CLI');
  assert.equal(gemini.detection, undefined, 'an override is not judged by the preset program');
  assert.equal(agents.find((a) => a.config.name === 'mine')!.config.protocolVersion, 2);
  const claude = agents.find((a) => a.config.name === 'claude')!;
  assert.deepEqual(claude.config, presetConfig(AGENT_PRESETS[0]!));
  assert.match(claude.hint!, /npx not found/);
  assert.equal(agents.filter((a) => a.config.name === 'gemini').length, 1);
});

test('mergeAgents: installed presets sort before missing ones', () => {
  const dir = mkdtempSync(join(tmpdir(), 'presets-order-'));
  fakeBin(dir, 'opencode');
  const { agents } = mergeAgents(undefined, AGENT_PRESETS, detectPresets(AGENT_PRESETS, dir, { platform: 'linux' }));
  assert.equal(agents[0]!.config.name, 'opencode');
  assert.equal(agents[0]!.hint, undefined);
  assert.equal(agents.length, AGENT_PRESETS.length);
});
