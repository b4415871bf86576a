/**
 * The panel header: agent picker, agent status, turn state (with `requires_action` made loud),
 * session title, usage, the "Follow the agent" toggle and the new-session button. A pure rendering of the latest agent status
 * and session facts. The mode is not repeated here: the mode picker above the composer shows it.
 * In a narrow panel the picker and status shrink to an ellipsis (full text in their tooltips)
 * while the new-session button keeps its place.
 */
import '../styles/header.css';
import type { AgentChoice, AgentStatus, BudgetView } from '../../src/shared/webviewProtocol.js';
import type { SessionFacts } from '../../src/thread/types.js';
import { actionButton, h, icon } from '../dom.js';
import { formatUsage } from '../format.js';
import { t } from '../l10n.js';
import type { Host } from '../vscodeApi.js';
import { pickerContent } from './agentPicker.js';

export class StatusHeader {
  readonly el: HTMLElement;
  private readonly picker = h('select', { class: 'agent-picker', attrs: { 'aria-label': t('Agent') } });
  private readonly agentState = h('span', { class: 'agent-state', attrs: { role: 'status' } });
  // Not a live region: the turn announcer and the permission alert already speak these changes.
  private readonly turn = h('span', { class: 'turn-state' });
  private readonly usage = h('span', { class: 'usage' });
  private readonly title = h('span', { class: 'session-title' });
  /** "ACP v1", "A2A v0.3": on the second line, so the agent's name keeps the first. */
  private readonly protocol = h('span', { class: 'agent-protocol' });
  private readonly secondary: HTMLElement;
  /** The shown thread's worktree branch (none for a thread in the user's folder); pressed: its changes and the ways on. */
  private readonly branch = actionButton('worktree-changes', '', { icon: 'git-branch', class: 'worktree-branch' });
  /** "Follow the agent": tool-call locations open in the editor as they arrive (a toggle). */
  private readonly followToggle = actionButton('toggle-follow', t('Follow the agent in the editor'), { icon: 'eye', text: false, class: 'icon-btn follow-toggle' });
  /** The session's spend against its budget ("$0.42 of $1.00"); pressed: set this session's budget. Tinted at 80% and past 100%. */
  private readonly budget = actionButton('set-budget', '', { icon: 'credit-card', class: 'budget' });
  private budgetLevel: BudgetView['level'] = 'none';
  private lastUsage: SessionFacts['usage'];
  private pickerSig = '';
  private currentIndex = 0;

  constructor(private readonly host: Host) {
    this.picker.addEventListener('change', () => {
      const name = this.picker.value;
      // "Other…" lets the host offer its own picker (presets, settings); the select stays put.
      const other = this.picker.selectedOptions[0]?.dataset.pick === 'other';
      host.post(name && !other ? { type: 'selectAgent', name } : { type: 'selectAgent' });
      if (other) this.picker.selectedIndex = this.currentIndex;
    });
    this.el = h('header', { class: 'panel-header' }, [
      h('div', { class: 'header-line' }, [
        this.picker,
        // No spacer: the status itself grows, so the agent's name gets every pixel the picker leaves.
        this.agentState,
        actionButton('new-session', t('New session'), { icon: 'add', text: false, class: 'icon-btn' }),
      ]),
      // The follow toggle ends the second line: the first one has no room for it at 300 px.
      (this.secondary = h('div', { class: 'header-line secondary' }, [this.turn, this.title, h('span', { class: 'spacer' }), this.usage, this.protocol, this.followToggle])),
    ]);
    this.setFollow(false);
    this.setBranch(undefined);
    this.setBudget(undefined);
  }

  /** The shown session's spend against its budget; none before the host has said (no session yet). */
  setBudget(budget: BudgetView | undefined): void {
    this.budgetLevel = budget?.level ?? 'none';
    // In the header only while the host has said (a session is shown): a control without a name must not be reachable.
    if (!budget) this.budget.remove();
    else if (!this.budget.isConnected) this.protocol.before(this.budget);
    this.el.dataset.budget = this.budgetLevel;
    this.budget.dataset.level = this.budgetLevel;
    const text = budget?.text ?? '';
    const label = budget ? (text ? `${t('Budget')}: ${text}. ${budget.detail}` : budget.detail) : '';
    this.budget.title = label;
    this.budget.setAttribute('aria-label', label);
    const words = this.budget.querySelector('.btn-label');
    if (words) words.textContent = text;
    this.showUsage();
    this.showSecondary();
  }
  /** The shown tab's worktree branch, or none. */
  setBranch(branch: string | undefined): void {
    // In the header only while there is one: a control without a name must not be reachable.
    if (!branch) this.branch.remove();
    else if (!this.branch.isConnected) this.secondary.prepend(this.branch);
    this.el.dataset.branch = branch ?? '';
    const label = branch ? t('Works in its own worktree on {0}: changes, Apply, Discard', branch) : '';
    this.branch.title = label;
    this.branch.setAttribute('aria-label', label);
    const text = this.branch.querySelector('.btn-label');
    if (text) text.textContent = branch ?? '';
    this.showSecondary();
  }

  /** Shows whether "Follow the agent" is on (the host's word, after a press or the command). */
  setFollow(on: boolean): void {
    this.followToggle.setAttribute('aria-pressed', String(on));
    this.followToggle.title = on ? t('Following the agent in the editor (click to stop)') : t('Follow the agent in the editor');
    this.showSecondary();
  }

  setAgent(agent: AgentStatus, agents: readonly AgentChoice[]): void {
    const current = agent.state === 'none' ? '' : agent.agentName;
    const sig = JSON.stringify([current, agent.state === 'ready' ? agent.agentTitle : '', agents]);
    if (sig !== this.pickerSig) {
      this.pickerSig = sig;
      const { options, tooltip } = pickerContent(agent, agents);
      this.picker.replaceChildren(...options);
      this.picker.value = current;
      this.currentIndex = this.picker.selectedIndex;
      this.picker.title = tooltip;
    }
    this.agentState.className = `agent-state state-${agent.state}`;
    this.el.dataset.agentState = agent.state;
    switch (agent.state) {
      case 'none':
        this.agentState.replaceChildren(h('span', { text: t('No agent running') }));
        break;
      case 'starting':
        this.agentState.replaceChildren(icon('loading', 'codicon-modifier-spin'), h('span', { text: ` ${t('Starting {0}…', agent.agentName)}` }));
        break;
      case 'ready':
        // The picker names the agent; the status only says it runs (in words for screen readers).
        this.agentState.replaceChildren(icon(agent.remote ? 'globe' : 'pass'), h('span', { class: 'agent-name sr-only', text: t('{0} is ready', agent.agentTitle || agent.agentName) }));
        break;
      case 'failed':
        this.agentState.replaceChildren(icon('error'), h('span', { text: ` ${t('{0} failed to start', agent.agentName)}` }));
        break;
      case 'exited':
        this.agentState.replaceChildren(icon('warning'), h('span', { text: ` ${t('{0} exited', agent.agentName)}` }));
        break;
      default:
        assertNeverAgent(agent);
    }
    this.protocol.textContent = agent.state === 'ready' ? agent.protocol : '';
    // The status may be cut short in a narrow panel: the tooltip keeps all of it.
    this.agentState.title = [this.agentState.textContent?.trim() ?? '', this.protocol.textContent].filter(Boolean).join(' · ');
    this.showSecondary();
  }

  /** Tokens, and the cost unless the budget button already says it ("$0.42 of $1.00"). */
  private showUsage(): void {
    const u = this.lastUsage;
    const costShownByBudget = this.budgetLevel !== 'none' && this.budgetLevel !== 'noCost';
    this.usage.textContent = u ? formatUsage(costShownByBudget ? { used: u.used, size: u.size } : u) : '';
  }

  /** The second line goes only when it would be empty: no turn, usage, title or protocol, no agent, and follow off. */
  private showSecondary(): void {
    this.secondary.hidden = (this.el.dataset.turnState ?? 'idle') === 'idle' && !this.usage.textContent && !this.title.textContent && !this.protocol.textContent
      && (this.el.dataset.agentState ?? 'none') === 'none' && this.budgetLevel === 'none' && this.followToggle.getAttribute('aria-pressed') !== 'true' && !this.el.dataset.branch;
  }

  setSession(s: SessionFacts, waitingFor: 'approval' | 'answer' = 'approval'): void {
    this.el.dataset.turnState = s.turnState;
    switch (s.turnState) {
      case 'idle':
        this.turn.replaceChildren();
        break;
      case 'running':
        this.turn.replaceChildren(icon('loading', 'codicon-modifier-spin'), h('span', { text: ` ${t('Working…')}` }));
        break;
      case 'requires_action':
        this.turn.replaceChildren(icon('bell'), h('span', { class: 'attention', text: ` ${waitingFor === 'answer' ? t('Waiting for your answer') : t('Waiting for your approval')}` }));
        break;
      case 'cancelling':
        this.turn.replaceChildren(icon('loading', 'codicon-modifier-spin'), h('span', { text: ` ${t('Stopping…')}` }));
        break;
      default:
        assertNeverTurn(s.turnState);
    }
    this.turn.className = `turn-state turn-${s.turnState}`;
    // Cut short in a narrow panel: the whole words on hover.
    this.turn.title = this.turn.textContent?.trim() ?? '';
    this.lastUsage = s.usage;
    this.showUsage();
    this.title.textContent = s.title ?? '';
    this.title.title = s.title ?? '';
    this.showSecondary();
  }
}

function assertNeverAgent(x: never): void {
  console.warn('unknown agent status', x);
}
function assertNeverTurn(x: never): void {
  console.warn('unknown turn state', x);
}
