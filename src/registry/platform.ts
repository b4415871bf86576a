/** Which key of a binary distribution this machine runs (`linux-x86_64`, …), from Node's names. */
import type { RegistryPlatform } from './types.js';

const OS: Record<string, string> = { darwin: 'darwin', linux: 'linux', win32: 'windows' };
const ARCH: Record<string, string> = { arm64: 'aarch64', x64: 'x86_64' };

/** `undefined` for a machine the registry has no key for (FreeBSD, 32-bit…): only npx / uvx can serve it. */
export function registryPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): RegistryPlatform | undefined {
  const os = OS[platform];
  const cpu = ARCH[arch];
  return os && cpu ? (`${os}-${cpu}` as RegistryPlatform) : undefined;
}

/** How a person names the machine in a message: "linux-x86_64", or Node's own words when the registry has no key. */
export function platformLabel(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  return registryPlatform(platform, arch) ?? `${platform}-${arch}`;
}
