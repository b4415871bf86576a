/**
 * What to do with a message written while the agent works, as a split button: the button itself
 * queues it (as Enter does), the arrow beside it opens a small menu — Queue, Steer, Stop and send —
 * each saying what it does. A menu by the WAI-ARIA pattern: the arrow opens it (click, Enter,
 * Space, ArrowDown/Up), arrow keys, Home and End move inside, Enter or Space picks, Escape closes
 * it and returns to the arrow without stopping the turn, Tab or a click elsewhere closes it.
 */
import '../styles/sendMenu.css';
import { h, icon } from '../dom.js';
import { t } from '../l10n.js';

/** `queue`: sent when the turn ends; `steer`: sent now into the turn (or after stopping it); `stop`: stop, then send. */
export type SendWay = 'queue' | 'steer' | 'stop';

interface Choice {
  way: SendWay;
  icon: string;
  label: string;
  detail: string;
}

export class SendMenu {
  readonly el: HTMLElement;
  /** The split button's main part: Queue. */
  readonly queueButton: HTMLButtonElement;
  private readonly toggle: HTMLButtonElement;
  private readonly menu: HTMLElement;
  private readonly items: HTMLButtonElement[];

  constructor(private readonly choose: (way: SendWay) => void) {
    const choices: Choice[] = [
      { way: 'queue', icon: 'list-ordered', label: t('Queue'), detail: t('Sent when the agent finishes (Enter)') },
      { way: 'steer', icon: 'compass', label: t('Steer'), detail: t('Sent now: an agent that takes messages while it works gets it in this turn; any other stops first (what it wrote stays), then gets it') },
      { way: 'stop', icon: 'debug-stop', label: t('Stop and send'), detail: t('Stops the turn (what the agent wrote stays), then sends') },
    ];
    this.queueButton = h('button', {
      class: 'btn queue-btn',
      title: t('Queue this message: it is sent when the agent finishes (Enter)'),
      attrs: { type: 'button', 'aria-label': t('Queue message (Enter)') },
    }, [icon('list-ordered'), h('span', { class: 'btn-label', text: t('Queue') })]);
    this.toggle = h('button', {
      class: 'btn send-menu-toggle',
      title: t('More ways to send: Queue, Steer, Stop and send'),
      attrs: { type: 'button', 'aria-label': t('More ways to send'), 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-controls': 'send-menu' },
    }, [icon('chevron-down')]);
    this.items = choices.map((c) => h('button', {
      class: `send-menu-item way-${c.way}`,
      title: c.detail,
      attrs: { type: 'button', role: 'menuitem', tabindex: '-1', 'aria-label': `${c.label}: ${c.detail}` },
      data: { way: c.way },
    }, [icon(c.icon), h('span', { class: 'send-menu-text' }, [h('span', { class: 'send-menu-label', text: c.label }), h('span', { class: 'send-menu-detail', text: c.detail })])]));
    this.menu = h('div', { class: 'send-menu', attrs: { id: 'send-menu', role: 'menu', 'aria-label': t('Send while the agent works') } }, this.items);
    this.menu.hidden = true;
    this.el = h('div', { class: 'send-split', attrs: { role: 'group', 'aria-label': t('Send while the agent works') } }, [this.queueButton, this.toggle, this.menu]);

    this.queueButton.addEventListener('click', () => this.choose('queue'));
    this.toggle.addEventListener('click', () => (this.isOpen() ? this.close(true) : this.open(0)));
    this.toggle.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        this.open(e.key === 'ArrowDown' ? 0 : this.items.length - 1);
      }
    });
    this.menu.addEventListener('click', (e) => {
      const item = (e.target as Element).closest<HTMLButtonElement>('.send-menu-item');
      if (item) this.pick(item.dataset.way as SendWay);
    });
    this.menu.addEventListener('keydown', (e) => this.onMenuKey(e));
    this.menu.addEventListener('focusout', (e) => {
      const next = e.relatedTarget as Node | null;
      if (!next || (!this.menu.contains(next) && next !== this.toggle)) this.close(false);
    });
  }

  /** Shown only while a turn runs; a menu left open closes with it. */
  set hidden(hidden: boolean) {
    this.el.hidden = hidden;
    if (hidden) this.close(false);
  }

  isOpen(): boolean {
    return !this.menu.hidden;
  }

  private open(focusIndex: number): void {
    this.menu.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
    this.items[focusIndex]?.focus();
  }

  close(refocus: boolean): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.toggle.setAttribute('aria-expanded', 'false');
    if (refocus) this.toggle.focus();
  }

  private pick(way: SendWay): void {
    this.close(false);
    this.choose(way);
  }

  private onMenuKey(e: KeyboardEvent): void {
    const at = this.items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      this.items[(to + this.items.length) % this.items.length]!.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(this.items.length - 1);
      case 'Escape':
        // Closes the menu only: the page's Escape (stop the turn) must not see it.
        e.preventDefault();
        e.stopPropagation();
        this.close(true);
        return;
      case 'Tab':
        this.close(false);
        return;
      case 'Enter':
      case ' ':
        if (at >= 0) {
          e.preventDefault();
          this.pick(this.items[at]!.dataset.way as SendWay);
        }
        return;
      default:
        return;
    }
  }
}
