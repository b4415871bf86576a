/**
 * The MCP servers sessions get: `agentChat.mcpServers` from the user's own settings (servers
 * are programs we make the agent run, so never from a workspace), plus each workspace folder's
 * `.vscode/mcp.json` — only in a trusted workspace, read through `workspace.fs` so remote
 * folders work. Read afresh for every session, so edits apply to the next one.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import { loginShellPath } from '../../services/process/loginShellPath.js';
import { mergeMcpSources, parseMcpJson, parseMcpSetting, type McpParseOptions, type McpParseResult } from '../../agents/acp/mcp/parse.js';
import type { McpProblem } from '../../agents/acp/mcp/types.js';
import { SECTION } from './config.js';
import { rememberSecretsIn } from '../../services/redact.js';

export const MCP_SERVERS_KEY = 'mcpServers';

export async function readMcpServers(): Promise<McpParseResult> {
  const pathEnv = await loginShellPath().catch(() => undefined);
  const base: McpParseOptions = { userHome: os.homedir(), env: process.env, ...(pathEnv ? { pathEnv } : {}) };
  const folders = vscode.workspace.workspaceFolders ?? [];
  const setting = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(MCP_SERVERS_KEY)?.globalValue;
  let result = parseMcpSetting(setting, { ...base, ...(folders[0] ? { workspaceFolder: folders[0].uri.fsPath } : {}) });
  if (vscode.workspace.isTrusted) {
    for (const folder of folders) {
      const text = await readText(vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json'));
      if (text === undefined) continue;
      // Earlier sources win a name clash: the user's settings, then the first folder.
      result = mergeMcpSources(result, parseMcpJson(text, { ...base, workspaceFolder: folder.uri.fsPath }));
    }
  }
  // Env values and headers are secrets: text that echoes one later (stderr, errors) is redacted.
  rememberSecretsIn(result);
  return result;
}

/** One notice line per problem, so the user knows why a tool is missing. */
export function describeMcpProblems(problems: readonly McpProblem[]): string {
  return problems.map((p) => `${p.name} (${p.source}): ${p.reason}`).join('\n');
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
