/**
 * The registry's setting and the one write Add Agent makes: an `agentChat.agents` entry in the
 * user's settings. Never workspace settings — a repository must not be able to choose programs
 * we run, and `config.ts` only reads the user's own values anyway.
 */
import * as vscode from 'vscode';
import type { AgentSettingsEntry } from '../../registry/settingsEntry.js';
import { AGENTS_KEY, SECTION } from '../agents/config.js';

export const REGISTRY_URL_KEY = 'registryUrl';
export const DEFAULT_REGISTRY_URL = 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json';

/** The user's registry URL; a workspace value is ignored for the same reason as agent commands. */
export function readRegistryUrl(): string {
  const value = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(REGISTRY_URL_KEY)?.globalValue;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_REGISTRY_URL;
}

/** The user's own agent entries as written (for "already configured"). */
export function userAgentEntries(): Record<string, { command?: unknown; args?: unknown }> {
  const raw = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(AGENTS_KEY)?.globalValue;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, { command?: unknown; args?: unknown }>) : {};
}

/** Adds (or replaces) one entry, keeping every other entry of the user's as it was. */
export async function writeUserAgent(name: string, entry: AgentSettingsEntry): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const current = config.inspect<unknown>(AGENTS_KEY)?.globalValue;
  const others = current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  await config.update(AGENTS_KEY, { ...others, [name]: entry }, vscode.ConfigurationTarget.Global);
}
