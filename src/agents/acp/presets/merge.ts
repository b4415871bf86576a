/**
 * The agent picker list: the user's `agentChat.agents` entries plus built-in presets.
 * A user entry with a preset's name replaces that preset (the user's command wins, the
 * preset's title and hints stay for display); other user entries extend the list.
 */
import type { AcpAgentConfig } from '../../api.js';
import type { PresetDetection } from './detect.js';
import { t } from '../../translate.js';
import { presetConfig, type AgentPreset } from './presets.js';

export interface PickerAgent {
  config: AcpAgentConfig;
  title: string;
  source: 'user' | 'preset';
  /** The preset this entry comes from or overrides. */
  preset?: string;
  needs: string[];
  /** Only for entries that still launch the preset's own command. */
  detection?: PresetDetection;
  /** One line for the picker, e.g. "not installed" or "runs through npx, first start downloads". */
  hint?: string;
}

/** A raw `agentChat.agents` value: `{ name: { command, args?, env?, protocolVersion? } }`. */
export type UserAgentsSetting = Record<string, unknown>;

/** Reads one settings entry leniently; returns undefined (with a reason) when it cannot run. */
export function readUserAgent(name: string, value: unknown): { config?: AcpAgentConfig; problem?: string } {
  if (!value || typeof value !== 'object') return { problem: `agent "${name}" is not an object` };
  const v = value as Record<string, unknown>;
  if (typeof v.command !== 'string' || !v.command.trim()) return { problem: `agent "${name}" has neither "command" (a local ACP agent to run) nor "url" (a remote A2A agent); add one of them.` };
  const args = Array.isArray(v.args) ? v.args.filter((a): a is string => typeof a === 'string') : [];
  const env: Record<string, string> = {};
  if (v.env && typeof v.env === 'object') {
    for (const [k, val] of Object.entries(v.env as Record<string, unknown>)) if (typeof val === 'string') env[k] = val;
  }
  const protocolVersion = v.protocolVersion === 2 ? 2 : 1;
  const consult = {
    ...(v.consultable === true ? { consultable: true } : {}),
    ...(typeof v.description === 'string' && v.description.trim() !== '' ? { description: v.description.trim() } : {}),
  };
  return { config: { name, command: v.command, args, env, protocolVersion, ...consult } };
}

function hintFor(d: PresetDetection | undefined): string | undefined {
  if (!d) return undefined;
  switch (d.status) {
    case 'found':
      return undefined;
    case 'via_npx':
      return t('runs through npx, first start downloads the package');
    case 'missing':
      return t('{0} not found on PATH', d.program);
  }
}

export function mergeAgents(
  userAgents: UserAgentsSetting | undefined,
  presets: readonly AgentPreset[],
  detected: readonly PresetDetection[],
): { agents: PickerAgent[]; problems: string[] } {
  const problems: string[] = [];
  const user = new Map<string, AcpAgentConfig>();
  for (const [name, value] of Object.entries(userAgents ?? {})) {
    const r = readUserAgent(name, value);
    if (r.config) user.set(name, r.config);
    else if (r.problem) problems.push(r.problem);
  }
  const detectionOf = new Map(detected.map((d) => [d.name, d]));
  const agents: PickerAgent[] = [];
  // Presets keep their curated order; overridden ones stay in place so muscle memory holds.
  for (const p of presets) {
    const override = user.get(p.name);
    if (override) {
      agents.push({ config: override, title: p.title, source: 'user', preset: p.name, needs: p.needs });
      user.delete(p.name);
      continue;
    }
    const detection = detectionOf.get(p.name);
    agents.push({ config: presetConfig(p), title: p.title, source: 'preset', preset: p.name, needs: p.needs,
      detection, hint: hintFor(detection) });
  }
  const extra = [...user.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const config of extra) agents.push({ config, title: config.name, source: 'user', needs: [] });
  return { agents: sortUserFirst(agents), problems };
}

/**
 * Order: the user's own agents, then presets they overrode, then installed presets, then missing
 * ones — what the user set up on purpose first, what cannot start last. Stable within a rank.
 */
function sortUserFirst(agents: PickerAgent[]): PickerAgent[] {
  const rank = (a: PickerAgent) => (a.source === 'user' && !a.preset ? 0 : a.source === 'user' ? 1 : a.detection?.status === 'missing' ? 3 : 2);
  return agents.map((a, i) => ({ a, i })).sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i).map((x) => x.a);
}
