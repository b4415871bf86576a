/**
 * The agents a local agent may consult in this window (`ask_agent`): the configured remote A2A
 * agents, and the local ACP agents whose entry says `"consultable": true`. Each is started for
 * consultations on its own, apart from the chat's: a remote one with the same secret storage and
 * prompts as a chat with it; a local one as its own process, launched like any configured agent
 * (the workspace folders, the editor's file system and editor tools, its stored login, the
 * user's rules for it) whose sessions' questions come to the calling thread. The traffic is in
 * the protocol log as "<name> (consulted)".
 */
import * as vscode from 'vscode';
import { isA2aConfig, type AcpAgentConfig } from '../../agents/api.js';
import type { PermissionAdvisor } from '../../agents/acp/permissions/permissionAdvice.js';
import type { EditorToolsOptions } from '../../agents/acp/editorTools/sessionEditorTools.js';
import { agentDirectory } from '../../agents/consult/agentDirectory.js';
import type { ConsultDirectory, ConsultPeer } from '../../agents/consult/consultDesk.js';
import { localPeer } from '../../agents/consult/localPeer.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import { rememberSecretsIn } from '../../services/redact.js';
import type { ProtocolLog } from '../protocolLog.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import { launchAgent } from './agentLauncher.js';
import type { AgentSecrets } from './agentSecrets.js';
import { readAgentSettings } from './config.js';
import { loginCallbacks } from './loginUi.js';
import { launchRemoteAgent } from './remoteAgentLauncher.js';

export interface LocalConsultDeps {
  fs: FileSystemHost;
  secrets: AgentSecrets;
  permissionAdvisor(agentName: string): PermissionAdvisor;
  /** The editor tools (and consult tools) every session gets; read when a local agent starts. */
  editorTools(): EditorToolsOptions;
}

export function consultDirectory(log: ProtocolLog, storage: vscode.SecretStorage, local: LocalConsultDeps): ConsultDirectory & vscode.Disposable {
  return agentDirectory({
    agents: () => readAgentSettings().agents,
    start: async (config, place): Promise<ConsultPeer> => {
      const who = `${config.name} (consulted)`;
      if (!isA2aConfig(config)) return startLocal(config, place.depth, who, log, local);
      const result = await launchRemoteAgent(config, {
        tap: (direction, message) => log.message(who, direction, message),
        log: (line) => log.info(`[${who}] ${line}`),
      }, storage);
      if (!result.ok) throw new Error(result.failure.message);
      return result.agent;
    },
  });
}

async function startLocal(config: AcpAgentConfig, callerDepth: number, who: string, log: ProtocolLog, deps: LocalConsultDeps): Promise<ConsultPeer> {
  if (!vscode.workspace.isTrusted) throw new Error('local agents are not started in an untrusted workspace');
  rememberSecretsIn({ env: config.env });
  const stored = await deps.secrets.envFor(config.name).catch(() => ({}));
  const tools = deps.editorTools();
  // One level deeper than its caller: whether it may consult in turn is decided by that depth.
  const editorTools: EditorToolsOptions = { ...tools, ...(tools.consult ? { consult: { ...tools.consult, depth: callerDepth + 1 } } : {}) };
  const result = await launchAgent({ ...config, env: { ...config.env, ...stored } }, {
    fs: deps.fs,
    roots: workspaceRoots,
    tap: (direction, message, count) => log.message(who, direction, message, count),
    stderr: (line) => log.stderr(who, line),
    log: (line) => log.info(`[${who}] ${line}`),
    login: loginCallbacks(config.name, deps.secrets),
    permissionAdvisor: deps.permissionAdvisor(config.name),
    editorTools,
  }, new AbortController().signal);
  if (!result.ok) throw new Error(result.failure.message);
  const agent = result.agent;
  return localPeer(config, { get agentTitle() { return agent.agentTitle; }, get lifecycle() { return agent.lifecycle; }, newSession: (place) => agent.newSession(place), dispose: () => agent.dispose() });
}
