/** How a launch command is shown to the user (log lines, failure reports). */
import { isA2aConfig, type AgentConfig } from '../../agents/api.js';

export function commandLineOf(config: AgentConfig): string {
  if (isA2aConfig(config)) return config.url;
  return [config.command, ...config.args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}
