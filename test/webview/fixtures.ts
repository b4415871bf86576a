/** Builders for thread entries and panel snapshots used by the webview tests and the benchmark. */
import type { AgentStatus, HostToWebview, PanelSnapshot } from '../../src/shared/webviewProtocol.js';
import type {
  AgentMessageEntry, NoticeEntry, PlanThreadEntry, SessionFacts, ThoughtEntry, ToolCallEntry, TurnEndEntry, UserEntry,
} from '../../src/thread/types.js';

export const text = (t: string) => ({ type: 'text' as const, text: t });

export const user = (id: string, t: string, extra: Partial<UserEntry> = {}): UserEntry => ({ type: 'user', id, content: [text(t)], ...extra });
export const agent = (id: string, t: string): AgentMessageEntry => ({ type: 'agent', id, content: [text(t)] });
export const thought = (id: string, t: string): ThoughtEntry => ({ type: 'thought', id, content: [text(t)] });
export const notice = (id: string, severity: string, title: string, detail?: string): NoticeEntry => ({ type: 'notice', id, severity, title, detail });
export const turnEnd = (id: string, stopReason: string, extra: Partial<TurnEndEntry> = {}): TurnEndEntry => ({ type: 'turn_end', id, turnId: `t-${id}`, stopReason, ...extra });
export const plan = (id: string, entries: PlanThreadEntry['entries']): PlanThreadEntry => ({ type: 'plan', id, planId: 'main', entries });

export function tool(id: string, extra: Partial<ToolCallEntry> = {}): ToolCallEntry {
  return {
    type: 'tool_call', id, toolCallId: `call-${id}`, title: `Tool ${id}`, name: null, kind: 'read', status: 'pending',
    content: [], locations: [], ...extra,
  };
}

export function session(extra: Partial<SessionFacts> = {}): SessionFacts {
  return { turnState: 'idle', commands: [], ...extra };
}

export const READY: AgentStatus = { state: 'ready', agentName: 'example', agentTitle: 'Example Agent', protocolVersion: 1, protocol: 'ACP v1' };

export function snapshot(entries: PanelSnapshot['entries'], extra: Partial<PanelSnapshot> = {}): HostToWebview {
  return {
    type: 'snapshot',
    snapshot: {
      agent: READY,
      agents: [{ name: 'example', source: 'example' }, { name: 'claude', source: 'settings' }],
      entries,
      session: session(),
      composer: { image: true, audio: false, embeddedContext: true },
      ...extra,
    },
  };
}
