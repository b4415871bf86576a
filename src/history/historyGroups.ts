/**
 * The history list across agents: saved transcripts of every agent, merged per agent with the
 * `session/list` of each agent that was asked, one group per agent. The active tab's agent
 * comes first, then agents whose list was asked, then the rest by their latest conversation.
 */
import type { AgentSessionInfo } from '../agents/api.js';
import { mergeHistory, type HistoryItem } from './reopen.js';
import type { TranscriptMeta } from './types.js';

export interface AgentList {
  agentName: string;
  sessions: readonly AgentSessionInfo[];
}

export interface HistoryGroup {
  agentName: string;
  /** The agent's own list was asked (so `onAgent` on its items means something). */
  listed: boolean;
  /** Newest first. */
  items: HistoryItem[];
}

export function groupHistory(local: readonly TranscriptMeta[], lists: readonly AgentList[], firstAgent?: string): HistoryGroup[] {
  const names = new Set<string>([...lists.map((l) => l.agentName), ...local.map((t) => t.agentName)]);
  const groups: HistoryGroup[] = [];
  for (const agentName of names) {
    const list = lists.find((l) => l.agentName === agentName);
    const items = mergeHistory(agentName, local, list?.sessions ?? []);
    if (items.length > 0) groups.push({ agentName, listed: list !== undefined, items });
  }
  const rank = (g: HistoryGroup) => (g.agentName === firstAgent ? 0 : g.listed ? 1 : 2);
  const latest = (g: HistoryGroup) => g.items[0]?.updatedAt ?? '';
  return groups.sort((a, b) => rank(a) - rank(b) || latest(b).localeCompare(latest(a)) || a.agentName.localeCompare(b.agentName));
}
