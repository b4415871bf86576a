/**
 * The session tab strip at the top of the panel: one tab per open conversation, each with its
 * state (running, waiting for approval, ended, or restored from the last window and picked up
 * again on the next prompt), a close button, and "+" for a new session.
 * Hidden while there is only one conversation, so the single-session panel looks as before.
 * Tabs are a roving-focus tablist: arrows move, Enter/Space switch, Delete closes.
 */
import '../styles/tabs.css';
import type { SessionTabInfo, SessionTabs } from '../../src/shared/webviewProtocol.js';
import { h, icon } from '../dom.js';
import type { Host } from '../vscodeApi.js';
import { t } from '../l10n.js';
import { middleTruncate } from '../format.js';

/** About what a tab's 12em shows beside its close button at the default font size (the tooltip has it all). */
const TAB_TITLE_CHARS = 18;

/** The words a tab's tooltip adds for its state; a function so they are looked up when drawn. */
function stateLabel(state: SessionTabInfo['state']): string {
  switch (state) {
    case 'idle': return '';
    case 'running': return t('working');
    case 'waiting': return t('waiting for your approval');
    case 'answer': return t('waiting for your answer');
    case 'closed': return t('ended');
    case 'restored': return t('Restored — continues when you send');
    default: return '';
  }
}

/** The state's icon beside the title (none for an idle or ended tab). */
function stateIcon(state: SessionTabInfo['state']): HTMLElement | null {
  switch (state) {
    case 'running':
      return icon('loading', 'codicon-modifier-spin');
    case 'waiting':
    case 'answer':
      return icon('bell-dot');
    case 'restored':
      return icon('history');
    case 'idle':
    case 'closed':
      return null;
    default: {
      const unknown: never = state;
      console.warn('unknown tab state', unknown);
      return null;
    }
  }
}

export class TabStrip {
  readonly el = h('div', { class: 'session-tabs' });
  private readonly list = h('div', { class: 'session-tab-list', attrs: { role: 'tablist', 'aria-label': t('Sessions') } });
  private tabs: SessionTabs = { tabs: [], activeId: '' };

  constructor(private readonly host: Host) {
    const add = h('button', { class: 'btn icon-btn session-tab-new', title: t('New session'), attrs: { type: 'button', 'aria-label': t('New session') } }, [icon('add')]);
    add.addEventListener('click', () => this.host.post({ type: 'newSession' }));
    this.el.append(this.list, add);
    this.list.addEventListener('keydown', (e) => this.onKey(e));
    this.el.hidden = true;
  }

  set(tabs: SessionTabs | undefined): void {
    this.tabs = tabs ?? { tabs: [], activeId: '' };
    const focusedId = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.session-tab')?.dataset.tabId;
    // The agent's name goes in the tabs only where it tells them apart (the header names the
    // shown tab's agent, every tooltip names its own): in a narrow panel the title needs the room.
    const mixed = new Set(this.tabs.tabs.map((tab) => tab.agentName)).size > 1;
    this.list.replaceChildren(...this.tabs.tabs.map((tab) => this.tab(tab, mixed)));
    this.el.hidden = this.tabs.tabs.length < 2;
    // In a narrow panel the strip scrolls: the shown tab (e.g. one just opened at the end) is kept in view.
    const active = this.list.querySelector<HTMLElement>('.session-tab.active');
    if (active && !this.el.hidden) this.keepInView(active);
    // Redraws must not steal or drop keyboard focus inside the strip.
    if (focusedId) this.list.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(focusedId)}"] .session-tab-label`)?.focus();
  }

  private keepInView(tab: HTMLElement): void {
    const list = this.list;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left + tab.offsetWidth - list.clientWidth;
  }

  private tab(info: SessionTabInfo, nameAgent: boolean): HTMLElement {
    const active = info.id === this.tabs.activeId;
    const state = stateLabel(info.state);
    // The tooltip always names the agent: tabs of different agents sit side by side.
    const named = (info.agentName ? `${info.title} — ${info.agentName}` : info.title) + (info.branch ? ` (${t('worktree {0}', info.branch)})` : '');
    const label = h('button', {
      class: 'session-tab-label',
      title: state ? `${named} (${state})` : named,
      attrs: { type: 'button', role: 'tab', 'aria-selected': String(active), tabindex: active ? '0' : '-1' },
    }, [
      stateIcon(info.state),
      info.branch ? icon('git-branch', 'session-tab-branch') : null,
      // Cut in the middle: titles that start alike still tell apart. The label's tooltip has it all.
      h('span', { class: 'session-tab-title', text: middleTruncate(info.title, TAB_TITLE_CHARS) }),
      nameAgent && info.agentName ? h('span', { class: 'session-tab-agent', text: info.agentName }) : null,
    ]);
    label.addEventListener('click', () => this.switchTo(info.id));
    const close = h('button', { class: 'session-tab-close', title: t('Close {0}', info.title), attrs: { type: 'button', 'aria-label': t('Close {0}', info.title), tabindex: '-1' } }, [icon('close')]);
    close.addEventListener('click', () => this.host.post({ type: 'closeTab', id: info.id }));
    return h('div', { class: `session-tab${active ? ' active' : ''} state-${info.state}`, data: { tabId: info.id } }, [label, close]);
  }

  private switchTo(id: string): void {
    if (id !== this.tabs.activeId) this.host.post({ type: 'switchTab', id });
  }

  private onKey(e: KeyboardEvent): void {
    const labels = [...this.list.querySelectorAll<HTMLElement>('.session-tab-label')];
    const at = labels.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const id = this.tabs.tabs[at]?.id;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      labels[(at + (e.key === 'ArrowRight' ? 1 : labels.length - 1)) % labels.length]?.focus();
    } else if (e.key === 'Delete' && id) {
      e.preventDefault();
      this.host.post({ type: 'closeTab', id });
    } else if ((e.key === 'Enter' || e.key === ' ') && id) {
      e.preventDefault();
      this.switchTo(id);
    }
  }
}
