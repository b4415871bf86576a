/**
 * Whether a registry agent is already among the user's agents: an entry of the same name, or one
 * that runs the same thing (the same package through npx / uvx, or a program in this agent's
 * install folder under any name).
 */
import * as path from 'node:path';
import type { RegistryAgent } from './types.js';

export interface ConfiguredEntry {
  command?: unknown;
  args?: unknown;
}

export function configuredAs(agent: RegistryAgent, entries: Record<string, ConfiguredEntry>, storageDir: string): string | undefined {
  if (agent.name in entries) return agent.name;
  const agentFolder = path.join(storageDir, 'registry-agents', agent.id) + path.sep;
  const packages = [agent.npx?.package, agent.uvx?.package].filter((p): p is string => !!p);
  for (const [name, entry] of Object.entries(entries)) {
    const command = typeof entry.command === 'string' ? entry.command : '';
    const args = Array.isArray(entry.args) ? entry.args.filter((a): a is string => typeof a === 'string') : [];
    if (command.startsWith(agentFolder)) return name;
    if (/^(npx|uvx)(\.cmd)?$/i.test(path.basename(command)) && args.some((a) => packages.includes(a))) return name;
  }
  return undefined;
}
