/**
 * What the status bar item shows for a status (no `vscode` import, unit-tested): a pure
 * function of the last status value. One icon, short text, alert colours only for alerts.
 */
import type { Usage } from '../../protocol/events.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import { formatUsage } from '../../thread/present.js';
import { english, type Translate } from '../../thread/translate.js';

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

/** `t` says it in the editor's language (statusBar.ts passes `vscode.l10n.t`); English by default. */
export function renderStatus(input: StatusInput, t: Translate = english): StatusView {
  const { agent } = input;
  const usage = input.usage && input.usage.size > 0 ? formatUsage(input.usage) : undefined;
  const withUsage = (text: string) => (usage ? `${text} · ${usage}` : text);
  switch (agent.state) {
    case 'none':
      return { text: '$(comment-discussion) Agent Chat', tooltip: `**Agent Chat**\n\n${t('No agent running. Click to open the chat.')}` };
    case 'starting':
      return { text: `$(loading~spin) ${agent.agentName}`, tooltip: t('**{0}** is starting…', md(agent.agentName)) };
    case 'ready': {
      const lines = [`**${md(agent.agentTitle ?? agent.agentName)}** — ${md(agent.protocol)}`];
      if (input.sessionTitle) lines.push('', t('Session: {0}', md(input.sessionTitle)));
      if (input.waitingForPermission) {
        lines.push('', `$(bell) ${t('Waiting for your permission answer.')}`);
        return { text: withUsage(`$(bell) ${agent.agentName}`), tooltip: withUsageLine(lines, usage, t), background: 'warning' };
      }
      if (input.turnRunning) {
        if (agent.remote) {
          lines.push('', t('Remote task working. Escape in the chat or "Agent Chat: Cancel Turn" cancels it.'));
          return { text: withUsage(`$(loading~spin) ${t('{0}: working', agent.agentName)}`), tooltip: withUsageLine(lines, usage, t) };
        }
        lines.push('', t('Working on a turn. Escape in the chat or "Agent Chat: Cancel Turn" stops it.'));
        return { text: withUsage(`$(loading~spin) ${agent.agentName}`), tooltip: withUsageLine(lines, usage, t) };
      }
      if (input.waitingForInput) {
        const what = input.waitingForInput === 'auth' ? t('{0}: waiting for credentials', agent.agentName) : t('{0}: waiting for your answer', agent.agentName);
        lines.push('', input.waitingForInput === 'auth'
          ? t('The task needs you to sign in before it can go on.')
          : t('The agent asked a question in the chat; your next message answers it and the task goes on.'));
        return { text: withUsage(`$(comment-discussion) ${what}`), tooltip: withUsageLine(lines, usage, t), background: 'warning' };
      }
      lines.push('', t('Ready.'));
      return { text: withUsage(`$(hubot) ${agent.agentName}`), tooltip: withUsageLine(lines, usage, t) };
    }
    case 'failed': {
      const lines = [t('**{0}** did not start', md(agent.agentName)), '', md(agent.reason)];
      if (agent.fix) lines.push('', md(agent.fix));
      return { text: `$(error) ${agent.agentName}`, tooltip: lines.join('\n'), background: 'error' };
    }
    case 'exited':
      return {
        text: `$(error) ${agent.agentName}`,
        tooltip: [t('**{0}** stopped', md(agent.agentName)), '', md(agent.reason), '', t('Use "Agent Chat: Restart Agent".')].join('\n'),
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

function withUsageLine(lines: string[], usage: string | undefined, t: Translate): string {
  const all = usage ? [...lines, '', t('Context: {0}', usage)] : lines;
  return [...all, '', t('Click to open the chat.')].join('\n');
}

/** Escapes Markdown so agent names and stderr cannot inject links or formatting. */
function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
