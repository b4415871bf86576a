/** The ACP registry as Agent Chat understands it, after the tolerant parse (`parse.ts`). */

/** Platform keys of a binary distribution, as the registry spells them. */
export const REGISTRY_PLATFORMS = [
  'darwin-aarch64',
  'darwin-x86_64',
  'linux-aarch64',
  'linux-x86_64',
  'windows-aarch64',
  'windows-x86_64',
] as const;
export type RegistryPlatform = (typeof REGISTRY_PLATFORMS)[number];

/** An npm (npx) or PyPI (uvx) package the runner fetches when the agent starts. */
export interface PackageDistribution {
  package: string;
  /** The program inside the package, when it is not the package's default one. */
  cmd?: string;
  args: string[];
  env: Record<string, string>;
}

/** One platform's archive (or raw executable) and the program in it to run. */
export interface BinaryTarget {
  archive: string;
  /** Lower-case hex SHA-256 of the archive, when the registry pins one. */
  sha256?: string;
  cmd: string;
  args: string[];
  env: Record<string, string>;
}

export interface RegistryAgent {
  id: string;
  name: string;
  version: string;
  description: string;
  icon?: string;
  website?: string;
  repository?: string;
  license?: string;
  npx?: PackageDistribution;
  uvx?: PackageDistribution;
  /** Only the platforms we know; others are listed in `notes`. */
  binary?: Partial<Record<RegistryPlatform, BinaryTarget>>;
  /** Parts of the entry left out (an unknown distribution kind, a malformed platform), one line each. */
  notes: string[];
}

/** An entry left out of the list, named as well as it can be, and why. */
export interface SkippedEntry {
  label: string;
  reason: string;
}

export interface ParsedRegistry {
  version?: string;
  agents: RegistryAgent[];
  skipped: SkippedEntry[];
}
