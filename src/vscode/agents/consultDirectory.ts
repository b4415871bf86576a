/**
 * The agents a local agent may consult in this window (`ask_agent`): the configured remote A2A
 * agents, started for consultations on their own (their own sessions, the same secret storage
 * and prompts as a chat with them, their traffic in the protocol log as "<name> (consulted)").
 */
import * as vscode from 'vscode';
import { isA2aConfig } from '../../agents/api.js';
import { agentDirectory } from '../../agents/consult/agentDirectory.js';
import type { ConsultDirectory, ConsultPeer } from '../../agents/consult/consultDesk.js';
import type { ProtocolLog } from '../protocolLog.js';
import { readAgentSettings } from './config.js';
import { launchRemoteAgent } from './remoteAgentLauncher.js';

export function consultDirectory(log: ProtocolLog, storage: vscode.SecretStorage): ConsultDirectory & vscode.Disposable {
  return agentDirectory({
    agents: () => readAgentSettings().agents,
    start: async (config): Promise<ConsultPeer> => {
      if (!isA2aConfig(config)) throw new Error('only remote (A2A) agents can be consulted');
      const who = `${config.name} (consulted)`;
      const result = await launchRemoteAgent(config, {
        tap: (direction, message) => log.message(who, direction, message),
        log: (line) => log.info(`[${who}] ${line}`),
      }, storage);
      if (!result.ok) throw new Error(result.failure.message);
      return result.agent;
    },
  });
}
