/** A small registry in the shape of the ACP registry's registry.json, written for our tests. */

export const SHA_OF_NOTHING = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function npxEntry(id = 'echo-npx', name = 'Echo (npx)') {
  return {
    id,
    name,
    version: '1.2.0',
    description: 'An agent published on npm.',
    icon: `https://example.invalid/${id}.svg`,
    distribution: { npx: { package: '@example/echo-acp@1.2.0', args: ['--acp'] } },
  };
}

export function uvxEntry() {
  return {
    id: 'echo-uvx',
    name: 'Echo (uvx)',
    version: '0.3.1',
    description: 'An agent published on PyPI.',
    distribution: { uvx: { package: 'echo-acp==0.3.1', cmd: 'echo-acp', args: ['serve'], env: { ECHO_MODE: 'acp' } } },
  };
}

export function binaryEntry(platforms: Record<string, { archive: string; sha256?: string; cmd?: string; args?: string[]; env?: Record<string, string> }>, id = 'echo-bin', name = 'Echo (binary)') {
  return {
    id,
    name,
    version: '2.0.0',
    description: 'An agent shipped as a binary archive.',
    distribution: {
      binary: Object.fromEntries(Object.entries(platforms).map(([p, t]) => [p, { cmd: './echo-agent', args: ['acp'], ...t }])),
    },
  };
}

export function registry(agents: unknown[]) {
  return { version: '1.0.0', agents };
}
