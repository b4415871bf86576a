/**
 * zod schemas for `registry.json`, tolerant in: unknown fields pass, and each distribution kind
 * and each binary platform is checked on its own (`parse.ts`), so one bad part does not hide an
 * agent that can still be installed another way.
 */
import { z } from 'zod';

const stringMap = z.record(z.string(), z.string());
const args = z.array(z.string());

/** The registry's top level: `{ version, agents: [...] }`; entries are checked one by one. */
export const registryDocument = z.looseObject({
  version: z.string().optional().catch(undefined),
  agents: z.array(z.unknown()),
});

/**
 * Identity fields. `id` also names the folder a binary is unpacked into, so it must be a plain
 * name (the registry's own rule is lower-case letters, digits and hyphens; dots and underscores
 * are let through, never a path separator or `..`).
 */
export const agentHead = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a plain name (letters, digits, "-", "_", ".")').refine((id) => !id.includes('..'), 'must not contain ".."'),
  name: z.string().trim().min(1),
  version: z.string().trim().min(1),
  description: z.string().catch(''),
  icon: z.string().optional().catch(undefined),
  website: z.string().optional().catch(undefined),
  repository: z.string().optional().catch(undefined),
  license: z.string().optional().catch(undefined),
  distribution: z.record(z.string(), z.unknown()),
});

export const packageDistribution = z.looseObject({
  package: z.string().trim().min(1),
  cmd: z.string().trim().min(1).optional(),
  args: args.default([]),
  env: stringMap.default({}),
});

/** A checksum that is present but not 64 hex digits fails the target: it must never read as "none". */
export const binaryTarget = z.looseObject({
  archive: z.string().trim().min(1),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits').transform((s) => s.toLowerCase()).optional(),
  cmd: z.string().trim().min(1),
  args: args.default([]),
  env: stringMap.default({}),
});

export const binaryDistribution = z.record(z.string(), z.unknown());

/** "distribution.npx.package: expected string" — the first problem zod found, where it was. */
export function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return `${prefix}: invalid`;
  const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
