/**
 * Agent settings, read only from the user's own (application/user) settings.
 *
 * Agent commands are programs we run: a repository must never be able to choose them, so we
 * read `inspect().globalValue` and ignore workspace and folder values even if VS Code were to
 * report them (older builds, or a setting that lost its `application` scope).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isA2aConfig, type AgentConfig } from '../../agents/api.js';
import type { AgentChoice } from '../../shared/webviewProtocol.js';
import type { PresetDetection } from '../../agents/acp/presets/detect.js';
import { mergeAgents, readUserAgent } from '../../agents/acp/presets/merge.js';
import { AGENT_PRESETS } from '../../agents/acp/presets/presets.js';
import { readRemoteAgent } from '../../agents/a2a/connection/configEntry.js';
import { DEFAULT_CONSULT_DEPTH, DEFAULT_CONSULT_LIMITS, type ConsultLimits } from '../../agents/consult/consultDesk.js';

export const SECTION = 'agentChat';
export const AGENTS_KEY = 'agents';
export const DEFAULT_AGENT_KEY = 'defaultAgent';
export const EXAMPLE_AGENT_NAME = 'Example Agent';

export interface AgentSettings {
  /** Agents from user settings, in the order written. */
  agents: AgentConfig[];
  defaultAgent: string | undefined;
  /** Entries we could not use, one line each (logged, shown on selection). */
  problems: string[];
}

export function readAgentSettings(): AgentSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const rawAgents = config.inspect<unknown>(AGENTS_KEY)?.globalValue;
  const rawDefault = config.inspect<unknown>(DEFAULT_AGENT_KEY)?.globalValue;
  const { agents, problems } = parseAgents(rawAgents);
  const defaultAgent = typeof rawDefault === 'string' && rawDefault.trim() !== '' ? rawDefault.trim() : undefined;
  return { agents, defaultAgent, problems };
}

/** Lenient parse of the `agentChat.agents` object: bad entries become problems, not crashes. */
export function parseAgents(raw: unknown): { agents: AgentConfig[]; problems: string[] } {
  const agents: AgentConfig[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { agents, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('agentChat.agents must be an object of { "<name>": { "command": ... } }.');
    return { agents, problems };
  }
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const isRemote = value !== null && typeof value === 'object' && 'url' in value && !('command' in value);
    const read = isRemote ? readRemoteAgent(name, value as Record<string, unknown>) : readUserAgent(name, value);
    if (read.config) agents.push(read.config);
    else if (read.problem) problems.push(read.problem);
  }
  return { agents, problems };
}

/**
 * The bundled demo agent. The extension host's own executable runs it: in code-server that is
 * Node; in desktop VS Code it is Electron, which behaves as Node with ELECTRON_RUN_AS_NODE.
 */
export function exampleAgent(extensionPath: string): AgentConfig {
  return {
    name: EXAMPLE_AGENT_NAME,
    command: process.execPath,
    args: [path.join(extensionPath, 'dist', 'example-agent.mjs')],
    env: { ELECTRON_RUN_AS_NODE: '1' },
    protocolVersion: 1,
  };
}

/** One line of the agent picker. */
export interface AgentEntry {
  config: AgentConfig;
  title: string;
  source: AgentChoice['source'];
  /** Why it may not start ("gemini not found on PATH"), from preset detection. */
  hint?: string;
}

/**
 * Every agent the user can pick: their own, the built-in presets (a same-named user entry
 * replaces a preset), then the example agent. `detected` (from PATH lookup) only adds hints.
 */
export function agentEntries(
  settings: AgentSettings,
  extensionPath: string,
  detected: readonly PresetDetection[] = [],
): AgentEntry[] {
  const userSetting = Object.fromEntries(settings.agents.filter((a) => !isA2aConfig(a)).map((a) => [a.name, a]));
  const merged = mergeAgents(userSetting, AGENT_PRESETS, detected).agents;
  const remote: AgentEntry[] = settings.agents.filter(isA2aConfig).map((config) => ({
    config,
    title: config.name,
    source: 'settings',
    hint: `remote A2A agent at ${new URL(config.url).host}`,
  }));
  const entries: AgentEntry[] = [...remote, ...merged.map((a): AgentEntry => ({
    config: a.config,
    title: a.title,
    source: a.source === 'user' ? 'settings' : 'preset',
    hint: a.hint,
  }))];
  if (!entries.some((e) => e.config.name === EXAMPLE_AGENT_NAME)) {
    entries.push({ config: exampleAgent(extensionPath), title: EXAMPLE_AGENT_NAME, source: 'example', hint: 'bundled demo, no account needed' });
  }
  return entries;
}

export function agentChoices(entries: readonly AgentEntry[]): AgentChoice[] {
  return entries.map((e) => ({ name: e.config.name, source: e.source, ...(e.title !== e.config.name ? { title: e.title } : {}) }));
}

export function findAgent(settings: AgentSettings, extensionPath: string, name: string): AgentConfig | undefined {
  return agentEntries(settings, extensionPath).find((e) => e.config.name === name)?.config;
}

/**
 * The agent to start when nothing was picked yet: the default, else the first one the user
 * configured, else the example agent. Presets are never started without being picked.
 */
export function preferredAgent(settings: AgentSettings, extensionPath: string): AgentConfig {
  const named = settings.defaultAgent ? findAgent(settings, extensionPath, settings.defaultAgent) : undefined;
  return named ?? settings.agents[0] ?? exampleAgent(extensionPath);
}

export function sameAgentConfig(a: AgentConfig, b: AgentConfig): boolean {
  if (isA2aConfig(a) || isA2aConfig(b)) {
    return isA2aConfig(a) && isA2aConfig(b) && a.name === b.name && a.url === b.url && JSON.stringify(sortedEntries(a.headers)) === JSON.stringify(sortedEntries(b.headers));
  }
  return (
    a.name === b.name &&
    a.command === b.command &&
    a.protocolVersion === b.protocolVersion &&
    a.args.length === b.args.length &&
    a.args.every((arg, i) => arg === b.args[i]) &&
    JSON.stringify(sortedEntries(a.env)) === JSON.stringify(sortedEntries(b.env))
  );
}

function sortedEntries(env: Record<string, string>): [string, string][] {
  return Object.entries(env).sort(([x], [y]) => x.localeCompare(y));
}

export function affectsAgentSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(`${SECTION}.${AGENTS_KEY}`) || event.affectsConfiguration(`${SECTION}.${DEFAULT_AGENT_KEY}`);
}

/** Checkpoint limits (`agentChat.checkpoints.*`): how many snapshots to keep, the file-count cap. */
export function readCheckpointLimits(): { keep: number; maxFiles: number; maxStoreBytes: number } {
  const config = vscode.workspace.getConfiguration('agentChat.checkpoints');
  const num = (key: string, fallback: number) => {
    const v = config.get<unknown>(key);
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return { keep: num('keep', 50), maxFiles: num('maxFiles', 50_000), maxStoreBytes: num('maxStorageMB', 512) * 1024 * 1024 };
}

export const EDITOR_TOOLS_KEY = 'editorTools';

/**
 * `agentChat.editorTools` (on unless set to false) in a trusted workspace: ACP v2 agents get
 * the editor tools MCP server. Read as each session opens, so a change applies to the next one.
 */
export function editorToolsEnabled(): boolean {
  return vscode.workspace.isTrusted && vscode.workspace.getConfiguration(SECTION).get<unknown>(EDITOR_TOOLS_KEY) !== false;
}

/**
 * `agentChat.consultAgents` (off unless the user turned it on in their own settings) in a
 * trusted workspace: sessions get the consult tools. A workspace cannot turn it on (the
 * setting is application-scoped and only the user value is read). Read as each session opens.
 */
export function consultAgentsEnabled(): boolean {
  return vscode.workspace.isTrusted && vscode.workspace.getConfiguration(SECTION).inspect<unknown>('consultAgents')?.globalValue === true;
}

/** The bounds of consultations (`agentChat.consultMaxPerTurn`, `agentChat.consultTimeoutSeconds`), read per call. */
export function readConsultLimits(): ConsultLimits {
  const config = vscode.workspace.getConfiguration(SECTION);
  const num = (key: string, fallback: number, min: number) => {
    const v = config.get<unknown>(key);
    return typeof v === 'number' && Number.isFinite(v) && v >= min ? v : fallback;
  };
  return {
    perTurn: Math.floor(num('consultMaxPerTurn', DEFAULT_CONSULT_LIMITS.perTurn, 1)),
    timeoutMs: num('consultTimeoutSeconds', DEFAULT_CONSULT_LIMITS.timeoutMs / 1000, 5) * 1000,
  };
}

/**
 * `agentChat.budget` as written (parsed by budget/budgetModel.ts). Any scope: a budget only
 * warns and asks, it runs nothing, so a workspace may set a tighter one for its agents.
 */
export function readBudgetSetting(): unknown {
  return vscode.workspace.getConfiguration(SECTION).get<unknown>('budget');
}

/**
 * `agentChat.consultMaxDepth`: how deep consultations may nest (1: a consulted agent consults no
 * one), read as each session opens and per call. Whole numbers from 1; anything else is the default.
 */
export function readConsultMaxDepth(): number {
  const v = vscode.workspace.getConfiguration(SECTION).get<unknown>('consultMaxDepth');
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? Math.min(v, 5) : DEFAULT_CONSULT_DEPTH;
}
