/**
 * `registry.json` → the agents we can offer, and the entries we cannot, each named with the
 * reason. A malformed entry never hides the others; only a document that is not a registry at
 * all (no `agents` list) is an error.
 */
import { REGISTRY_PLATFORMS, type BinaryTarget, type ParsedRegistry, type RegistryAgent, type RegistryPlatform, type SkippedEntry } from './types.js';
import { agentHead, binaryDistribution, binaryTarget, firstIssue, packageDistribution, registryDocument } from './schema.js';

const KNOWN_KINDS = new Set(['npx', 'uvx', 'binary']);

export class RegistryFormatError extends Error {}

export function parseRegistry(raw: unknown): ParsedRegistry {
  const doc = registryDocument.safeParse(raw);
  if (!doc.success) throw new RegistryFormatError(`This is not an ACP registry: ${firstIssue(doc.error, '')}. Check the setting agentChat.registryUrl.`);
  const agents: RegistryAgent[] = [];
  const skipped: SkippedEntry[] = [];
  const seen = new Set<string>();
  doc.data.agents.forEach((entry, index) => {
    const read = parseEntry(entry, index);
    if ('reason' in read) skipped.push(read);
    else if (seen.has(read.id)) skipped.push({ label: read.id, reason: 'the same id appears earlier in the registry' });
    else {
      seen.add(read.id);
      agents.push(read);
    }
  });
  return { version: doc.data.version, agents, skipped };
}

/** The best name for an entry we could not read: its id, its name, else its position. */
function labelOf(entry: unknown, index: number): string {
  if (entry && typeof entry === 'object') {
    const { id, name } = entry as Record<string, unknown>;
    if (typeof id === 'string' && id.trim()) return id.trim();
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return `entry #${index + 1}`;
}

function parseEntry(entry: unknown, index: number): RegistryAgent | SkippedEntry {
  const label = labelOf(entry, index);
  const head = agentHead.safeParse(entry);
  if (!head.success) return { label, reason: firstIssue(head.error, '') };
  const { id, name, version, description, icon, website, repository, license, distribution } = head.data;
  const agent: RegistryAgent = { id, name, version, description, icon, website, repository, license, notes: [] };
  const problems: string[] = [];
  for (const [kind, value] of Object.entries(distribution)) {
    if (!KNOWN_KINDS.has(kind)) {
      agent.notes.push(`distribution "${kind}" is not one Agent Chat can install`);
      continue;
    }
    if (kind === 'binary') {
      const targets = parseBinary(value, agent.notes, problems);
      if (targets) agent.binary = targets;
      continue;
    }
    const read = packageDistribution.safeParse(value);
    if (!read.success) problems.push(firstIssue(read.error, `distribution.${kind}`));
    else agent[kind as 'npx' | 'uvx'] = { package: read.data.package, cmd: read.data.cmd, args: read.data.args, env: read.data.env };
  }
  agent.notes.push(...problems);
  if (!agent.npx && !agent.uvx && !agent.binary) {
    return { label, reason: agent.notes.length ? agent.notes.join('; ') : 'no distribution' };
  }
  return agent;
}

function parseBinary(value: unknown, notes: string[], problems: string[]): Partial<Record<RegistryPlatform, BinaryTarget>> | undefined {
  const map = binaryDistribution.safeParse(value);
  if (!map.success) {
    problems.push(firstIssue(map.error, 'distribution.binary'));
    return undefined;
  }
  const targets: Partial<Record<RegistryPlatform, BinaryTarget>> = {};
  for (const [platform, raw] of Object.entries(map.data)) {
    if (!(REGISTRY_PLATFORMS as readonly string[]).includes(platform)) {
      notes.push(`binary platform "${platform}" is not one Agent Chat knows`);
      continue;
    }
    const target = binaryTarget.safeParse(raw);
    if (!target.success) problems.push(firstIssue(target.error, `distribution.binary.${platform}`));
    else targets[platform as RegistryPlatform] = { archive: target.data.archive, sha256: target.data.sha256, cmd: target.data.cmd, args: target.data.args, env: target.data.env };
  }
  return Object.keys(targets).length ? targets : undefined;
}
