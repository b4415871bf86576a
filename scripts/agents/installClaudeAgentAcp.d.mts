/** Types for installClaudeAgentAcp.mjs (used by the tests that drive the real claude-agent-acp). */
export const claudeAgentAcpVersion: string;
export const claudeAgentAcpDir: string;
export const claudeAgentAcpEntry: string;
export function isInstalled(): boolean;
export function ensureClaudeAgentAcp(log?: (line: string) => void): Promise<string>;
