/** How a launch command is shown to the user (log lines, failure reports). */
import { isA2aConfig, type AgentConfig } from '../../agents/api.js';
import { redactArgs } from '../../services/redact.js';

export function commandLineOf(config: AgentConfig): string {
  if (isA2aConfig(config)) return config.url;
  // Shown in failure reports and the log: a `--token …` argument reads «redacted».
  return [config.command, ...redactArgs(config.args)].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}
