/**
 * What the status bar item shows for a status (no `vscode` import, unit-tested): a pure
 * function of the last status value. One icon, short text, alert colours only for alerts.
 */
import type { Usage } from '../../protocol/events.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import { formatUsage } from '../../thread/present.js';

export interface StatusInput {
  agent: AgentStatus;
  turnRunning: boolean;
  waitingForPermission: boolean;
  /** The last turn ended with the agent asking (A2A input-required / auth-required) and nothing was sent since. */
  waitingForInput?: 'input' | 'auth';
  usage?: Usage;
  sessionTitle?: string | null;
}

export interface StatusView {
  text: string;
  /** Markdown lines for the tooltip. */
  tooltip: string;
  background?: 'warning' | 'error';
}

export function renderStatus(input: StatusInput): StatusView {
  const { agent } = input;
  const usage = input.usage && input.usage.size > 0 ? formatUsage(input.usage) : undefined;
  const withUsage = (text: string) => (usage ? `${text} · ${usage}` : text);
  switch (agent.state) {
    case 'none':
      return { text: '$(comment-discussion) Agent Chat', tooltip: '**Agent Chat**\n\nNo agent running. Click to open the chat.' };
    case 'starting':
      return { text: `$(loading~spin) ${agent.agentName}`, tooltip: `**${md(agent.agentName)}** is starting…` };
    case 'ready': {
      const lines = [`**${md(agent.agentTitle ?? agent.agentName)}** — ${md(agent.protocol)}`];
      if (input.sessionTitle) lines.push('', `Session: ${md(input.sessionTitle)}`);
      if (input.waitingForPermission) {
        lines.push('', '$(bell) Waiting for your permission answer.');
        return { text: withUsage(`$(bell) ${agent.agentName}`), tooltip: withUsageLine(lines, usage), background: 'warning' };
      }
      if (input.turnRunning) {
        if (agent.remote) {
          lines.push('', 'Remote task working. Escape in the chat or "Agent Chat: Cancel Turn" cancels it.');
          return { text: withUsage(`$(loading~spin) ${agent.agentName}: working`), tooltip: withUsageLine(lines, usage) };
        }
        lines.push('', 'Working on a turn. Escape in the chat or "Agent Chat: Cancel Turn" stops it.');
        return { text: withUsage(`$(loading~spin) ${agent.agentName}`), tooltip: withUsageLine(lines, usage) };
      }
      if (input.waitingForInput) {
        const what = input.waitingForInput === 'auth' ? 'waiting for credentials' : 'waiting for your answer';
        lines.push('', input.waitingForInput === 'auth'
          ? 'The task needs you to sign in before it can go on.'
          : 'The agent asked a question in the chat; your next message answers it and the task goes on.');
        return { text: withUsage(`$(comment-discussion) ${agent.agentName}: ${what}`), tooltip: withUsageLine(lines, usage), background: 'warning' };
      }
      lines.push('', 'Ready.');
      return { text: withUsage(`$(hubot) ${agent.agentName}`), tooltip: withUsageLine(lines, usage) };
    }
    case 'failed': {
      const lines = [`**${md(agent.agentName)}** did not start`, '', md(agent.reason)];
      if (agent.fix) lines.push('', md(agent.fix));
      return { text: `$(error) ${agent.agentName}`, tooltip: lines.join('\n'), background: 'error' };
    }
    case 'exited':
      return {
        text: `$(error) ${agent.agentName}`,
        tooltip: [`**${md(agent.agentName)}** stopped`, '', md(agent.reason), '', 'Use "Agent Chat: Restart Agent".'].join('\n'),
        background: 'error',
      };
  }
}

/**
 * Whether two views draw the same item. The context reports a status on every change of the
 * session's facts (usage, commands, title…), most of which the item does not show; setting the
 * item's text, tooltip or colour again makes the workbench redraw the status bar for nothing.
 */
export function sameStatusView(a: StatusView | undefined, b: StatusView): boolean {
  return a !== undefined && a.text === b.text && a.tooltip === b.tooltip && a.background === b.background;
}

/** What a person reads for an agent's protocol: "ACP v1", "A2A v1.0", "A2A v0.3". */
export function protocolLabel(kind: 'acp' | 'a2a', version: number): string {
  if (kind === 'acp') return `ACP v${version}`;
  return `A2A v${Number.isInteger(version) ? version.toFixed(1) : String(version)}`;
}

function withUsageLine(lines: string[], usage: string | undefined): string {
  const all = usage ? [...lines, '', `Context: ${usage}`] : lines;
  return [...all, '', 'Click to open the chat.'].join('\n');
}

/** Escapes Markdown so agent names and stderr cannot inject links or formatting. */
function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
