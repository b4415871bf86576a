/**
 * What installing a registry agent means on one platform: the ways it can run here (npx, uvx, a
 * binary archive), each spelled out exactly as it will be written to settings, or why none can.
 * Pure: the platform is a parameter, so every platform's answer is testable anywhere.
 */
import { archiveFormat, type ArchiveFormat } from './archiveFormat.js';
import type { BinaryTarget, PackageDistribution, RegistryAgent, RegistryPlatform } from './types.js';

/** npx / uvx: nothing is downloaded now; the runner fetches the package when the agent starts. */
export interface PackagePlan {
  kind: 'npx' | 'uvx';
  package: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** A binary: downloaded and unpacked now; `cmd` is relative to the unpacked folder. */
export interface BinaryPlan {
  kind: 'binary';
  platform: RegistryPlatform;
  archive: string;
  format: ArchiveFormat;
  sha256?: string;
  cmd: string;
  args: string[];
  env: Record<string, string>;
}

export type InstallPlan = PackagePlan | BinaryPlan;

export type PlanResult = { plans: InstallPlan[] } | { unavailable: string };

/** The `-y` is explicit so what we show is what runs: npx would otherwise decide by whether stdin is a terminal. */
function npxPlan(dist: PackageDistribution): PackagePlan {
  const args = dist.cmd ? ['-y', '--package', dist.package, dist.cmd, ...dist.args] : ['-y', dist.package, ...dist.args];
  return { kind: 'npx', package: dist.package, command: 'npx', args, env: dist.env };
}

function uvxPlan(dist: PackageDistribution): PackagePlan {
  const args = dist.cmd ? ['--from', dist.package, dist.cmd, ...dist.args] : [dist.package, ...dist.args];
  return { kind: 'uvx', package: dist.package, command: 'uvx', args, env: dist.env };
}

function binaryPlan(platform: RegistryPlatform, target: BinaryTarget): BinaryPlan | { unsupported: string } {
  const format = archiveFormat(target.archive);
  if (typeof format !== 'string') return format;
  return { kind: 'binary', platform, archive: target.archive, format, sha256: target.sha256, cmd: target.cmd, args: target.args, env: target.env };
}

/**
 * Every way `agent` can run on `platform`, packages first (nothing to download, updates come with
 * the runner). `platform` undefined: a machine the registry has no binary key for.
 */
export function installPlans(agent: RegistryAgent, platform: RegistryPlatform | undefined, platformName: string = platform ?? 'this platform'): PlanResult {
  const plans: InstallPlan[] = [];
  if (agent.npx) plans.push(npxPlan(agent.npx));
  if (agent.uvx) plans.push(uvxPlan(agent.uvx));
  const target = platform ? agent.binary?.[platform] : undefined;
  let refused: string | undefined;
  if (platform && target) {
    const plan = binaryPlan(platform, target);
    if ('unsupported' in plan) refused = plan.unsupported;
    else plans.push(plan);
  }
  if (plans.length) return { plans };
  if (refused) return { unavailable: `${agent.name}'s download for ${platformName} cannot be installed: ${refused}.` };
  const offered = Object.keys(agent.binary ?? {});
  return {
    unavailable: `${agent.name} has no distribution for ${platformName}` +
      (offered.length ? `: the registry offers binaries for ${offered.join(', ')} only.` : '.'),
  };
}
