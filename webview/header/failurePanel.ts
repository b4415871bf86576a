/**
 * Why the agent is not running, in full: the reason, what to do about it, the command line, the
 * exit code and the tail of its stderr — plus the ways out (log in when it stopped at its login,
 * the trust editor when the workspace is not trusted, restart, settings, log).
 */
import type { AgentStatus } from '../../src/shared/webviewProtocol.js';
import { actionButton, h, icon } from '../dom.js';
import { t } from '../l10n.js';

export class FailurePanel {
  readonly el = h('section', { class: 'failure-panel', attrs: { 'aria-label': t('Agent problem') } });
  private sig = '';

  set(agent: AgentStatus): void {
    const sig = JSON.stringify(agent);
    if (sig === this.sig) return;
    this.sig = sig;
    if (agent.state !== 'failed' && agent.state !== 'exited') {
      this.el.hidden = true;
      this.el.removeAttribute('role');
      this.el.replaceChildren();
      return;
    }
    this.el.hidden = false;
    this.el.setAttribute('role', 'alert');
    const heading = agent.state === 'failed' ? t('{0} could not start', agent.agentName) : t('{0} stopped', agent.agentName);
    const facts: Array<[string, Node | string]> = [];
    if (agent.commandLine) facts.push([t('Command'), h('code', { class: 'failure-command', text: agent.commandLine })]);
    if (agent.state === 'exited' && agent.signal) facts.push([t('Signal'), agent.signal]);
    else if (agent.exitCode !== undefined) facts.push([t('Exit code'), agent.exitCode === null ? t('none (killed by a signal)') : String(agent.exitCode)]);
    this.el.replaceChildren(
      h('div', { class: 'failure-head' }, [icon('error'), h('strong', { text: heading })]),
      h('p', { class: 'failure-reason', text: agent.reason }),
      agent.state === 'failed' && agent.fix ? h('p', { class: 'failure-fix' }, [icon('lightbulb'), h('span', { text: ` ${agent.fix}` })]) : '',
      facts.length ? h('dl', { class: 'failure-facts' }, facts.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', {}, [v])])) : '',
      agent.stderrTail ? h('details', { class: 'failure-stderr', attrs: { open: '' } }, [h('summary', { text: t('Agent output (stderr)') }), h('pre', { text: agent.stderrTail })]) : '',
      h('div', { class: 'failure-actions' }, [
        agent.state === 'failed' && agent.needsLogin ? actionButton('log-in', t('Log in'), { icon: 'key', class: 'btn-primary' }) : '',
        agent.state === 'failed' && agent.untrusted ? actionButton('manage-trust', t('Manage Workspace Trust'), { icon: 'shield', class: 'btn-primary' }) : '',
        actionButton('restart-agent', t('Restart'), { icon: 'debug-restart', class: agent.state === 'failed' && (agent.needsLogin || agent.untrusted) ? 'btn-secondary' : 'btn-primary' }),
        actionButton('open-settings', t('Open settings'), { icon: 'settings-gear', class: 'btn-secondary' }),
        actionButton('show-log', t('Show log'), { icon: 'output', class: 'btn-secondary' }),
      ]),
    );
  }
}
