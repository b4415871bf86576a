/**
 * Reads MCP server configs from the `agentChat.mcpServers` setting and from VS Code's
 * `.vscode/mcp.json` (`{ "servers": { name: entry }, "inputs": [...] }`). Both use VS Code's
 * entry shape: stdio `{type?: "stdio", command, args?, env?}` or `{type: "http"|"sse", url, headers?}`.
 * Bad entries are skipped with a reason; one bad server never hides the others.
 */
import { isAbsolute } from 'node:path';
import { findOnPath } from '../presets/detect.js';
import { parseJsonc } from './jsonc.js';
import type { McpProblem, McpServerSpec, McpSource, VariableContext } from './types.js';
import { t } from '../../translate.js';
import { resolveVariables } from './variables.js';

export interface McpParseResult {
  servers: McpServerSpec[];
  problems: McpProblem[];
}

export interface McpParseOptions extends VariableContext {
  /**
   * PATH used to make bare stdio commands (`npx`, `uvx`) absolute, as ACP asks for absolute
   * paths. Without it, or when the lookup fails, the command is sent as written.
   */
  pathEnv?: string;
}

type Entry = Record<string, unknown>;

function stringMap(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Entries given as ACP-style lists (`[{name, value}]`) are accepted too. */
function pairs(v: unknown): Array<[string, unknown]> {
  if (Array.isArray(v)) {
    return v.flatMap((p) => (p && typeof p === 'object' && typeof (p as Entry).name === 'string' ? [[(p as Entry).name as string, (p as Entry).value]] : []));
  }
  return Object.entries(stringMap(v));
}

function parseEntry(name: string, raw: unknown, source: McpSource, opts: McpParseOptions, problems: McpProblem[]): McpServerSpec | undefined {
  const skip = (reason: string) => {
    problems.push({ name, source, reason, severity: 'skipped' });
    return undefined;
  };
  const warn = (reason: string) => problems.push({ name, source, reason, severity: 'warning' });
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return skip(t('is not an object'));
  const e = raw as Entry;
  const type = typeof e.type === 'string' ? e.type : typeof e.url === 'string' ? 'http' : 'stdio';
  const sub = (text: string): string | undefined => {
    const r = resolveVariables(text, opts);
    if (r.ok) return r.value;
    skip(r.reason);
    return undefined;
  };
  const subMap = (v: unknown, what: 'env' | 'header'): Record<string, string> | undefined => {
    const out: Record<string, string> = {};
    for (const [k, val] of pairs(v)) {
      if (val === null || val === undefined) continue;
      if (typeof val !== 'string' && typeof val !== 'number' && typeof val !== 'boolean') {
        warn(what === 'env' ? t('env "{0}" is not a string; ignored', k) : t('header "{0}" is not a string; ignored', k));
        continue;
      }
      const s = sub(String(val));
      if (s === undefined) return undefined;
      out[k] = s;
    }
    return out;
  };

  switch (type) {
    case 'stdio': {
      if (typeof e.command !== 'string' || !e.command.trim()) return skip(t('has no command'));
      const command = sub(e.command);
      if (command === undefined) return undefined;
      const args: string[] = [];
      for (const a of Array.isArray(e.args) ? e.args : []) {
        const s = sub(String(a));
        if (s === undefined) return undefined;
        args.push(s);
      }
      const env = subMap(e.env, 'env');
      if (!env) return undefined;
      if (e.envFile !== undefined) warn(t('envFile is not supported; put the variables in env'));
      if (e.cwd !== undefined) warn(t('cwd is not part of ACP; the agent decides where the server runs'));
      const resolved = isAbsolute(command) ? command : (findOnPath(command, opts.pathEnv) ?? command);
      return { transport: 'stdio', name, command: resolved, args, env };
    }
    case 'http':
    case 'sse': {
      if (typeof e.url !== 'string' || !e.url.trim()) return skip(t('has no url'));
      const url = sub(e.url);
      if (url === undefined) return undefined;
      if (!/^https?:\/\//i.test(url)) return skip(t('url "{0}" is not http(s)', url));
      const headers = subMap(e.headers, 'header');
      if (!headers) return undefined;
      return { transport: type, name, url, headers };
    }
    default:
      return skip(t('has transport type "{0}", which ACP cannot pass to agents', type));
  }
}

function parseEntries(entries: Array<[string, unknown]>, source: McpSource, opts: McpParseOptions): McpParseResult {
  const problems: McpProblem[] = [];
  const servers: McpServerSpec[] = [];
  const seen = new Set<string>();
  for (const [name, raw] of entries) {
    if (seen.has(name)) {
      problems.push({ name, source, reason: t('is defined twice; the first one is used'), severity: 'skipped' });
      continue;
    }
    seen.add(name);
    const s = parseEntry(name, raw, source, opts, problems);
    if (s) servers.push(s);
  }
  return { servers, problems };
}

/**
 * `agentChat.mcpServers`: a `{name: entry}` map (the same shape as mcp.json's `servers`),
 * or an array of entries that carry their own `name` (ACP's shape).
 */
export function parseMcpSetting(value: unknown, opts: McpParseOptions = {}): McpParseResult {
  if (value === undefined || value === null) return { servers: [], problems: [] };
  if (Array.isArray(value)) {
    const entries = value.map((v, i): [string, unknown] => [
      v && typeof v === 'object' && typeof (v as Entry).name === 'string' ? ((v as Entry).name as string) : `#${i + 1}`,
      v,
    ]);
    return parseEntries(entries, 'settings', opts);
  }
  if (typeof value !== 'object') {
    return { servers: [], problems: [{ name: 'agentChat.mcpServers', source: 'settings', reason: t('is not an object'), severity: 'skipped' }] };
  }
  return parseEntries(Object.entries(value as Entry), 'settings', opts);
}

/** `.vscode/mcp.json` text (JSONC). `inputs` are only used through `opts.inputs` values. */
export function parseMcpJson(text: string, opts: McpParseOptions = {}): McpParseResult {
  const parsed = parseJsonc(text);
  if (!parsed.ok) {
    return { servers: [], problems: [{ name: 'mcp.json', source: 'mcp.json', reason: t('is not valid JSON: {0}', parsed.error), severity: 'skipped' }] };
  }
  const root = stringMap(parsed.value);
  return parseEntries(Object.entries(stringMap(root.servers)), 'mcp.json', opts);
}

/** Settings win over the workspace file on a name clash: the user's own config is the intent. */
export function mergeMcpSources(settings: McpParseResult, workspace: McpParseResult): McpParseResult {
  const names = new Set(settings.servers.map((s) => s.name));
  const problems = [...settings.problems, ...workspace.problems];
  const servers = [...settings.servers];
  for (const s of workspace.servers) {
    if (names.has(s.name)) {
      problems.push({ name: s.name, source: 'mcp.json', reason: t('is also in agentChat.mcpServers; the setting is used'), severity: 'skipped' });
    } else servers.push(s);
  }
  return { servers, problems };
}
