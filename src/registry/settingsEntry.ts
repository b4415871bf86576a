/**
 * The `agentChat.agents` entry an install plan becomes, and where a binary lives. The command is
 * a program and an argument vector, never a shell line: registry text is never parsed by a shell.
 */
import * as path from 'node:path';
import type { BinaryPlan, InstallPlan, PackagePlan } from './installPlan.js';
import type { RegistryAgent } from './types.js';

export interface AgentSettingsEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

function entry(command: string, args: string[], env: Record<string, string>): AgentSettingsEntry {
  return Object.keys(env).length ? { command, args, env } : { command, args };
}

export function packageEntry(plan: PackagePlan): AgentSettingsEntry {
  return entry(plan.command, plan.args, plan.env);
}

export function binaryEntry(plan: BinaryPlan, executable: string): AgentSettingsEntry {
  return entry(executable, plan.args, plan.env);
}

/** `<storage>/registry-agents/<id>/<version>`: one folder per installed version, so an update never half-replaces a running one. */
export function binaryInstallDir(storageDir: string, agent: Pick<RegistryAgent, 'id' | 'version'>, p: path.PlatformPath = path): string {
  const version = agent.version.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return p.join(storageDir, 'registry-agents', agent.id, version);
}

/** The unpacked program `cmd` names, which must stay inside the install folder ("./bin/agent", "agent.exe"). */
export function binaryExecutable(installDir: string, cmd: string, p: path.PlatformPath = path): string {
  const resolved = p.resolve(installDir, cmd);
  const relative = p.relative(installDir, resolved);
  if (relative === '' || relative.startsWith('..') || p.isAbsolute(relative)) {
    throw new Error(`The registry's command "${cmd}" points outside the agent's folder; Agent Chat only runs a program from inside it.`);
  }
  return resolved;
}

/** What a plan will write, for the confirmation and the tests; a binary's command needs its folder. */
export function plannedEntry(plan: InstallPlan, installDir: string, p: path.PlatformPath = path): AgentSettingsEntry {
  return plan.kind === 'binary' ? binaryEntry(plan, binaryExecutable(installDir, plan.cmd, p)) : packageEntry(plan);
}
