/**
 * A user message's actions (Restore to here / Redo, Edit and resend, Fork from here) as a small
 * toolbar of icon buttons in the message's head line, so a thread of short prompts is not mostly
 * buttons. The stylesheet shows it while the message is hovered or holds the focus, and always on
 * the latest message (`latest`, kept by messageActions.ts) and on a message restored to (its Redo).
 *
 * Keyboard: the toolbar is one stop in the Tab order (the button last used, else the first one
 * shown); the arrow keys, Home and End move between its buttons, as in VS Code's own action bars.
 * A thread of twenty messages is then twenty stops, not sixty. Disabled buttons stay focusable
 * (`aria-disabled`), so their tooltip and label can say why.
 */
import { h } from '../dom.js';
import { t } from '../l10n.js';

export const TOOLBAR_SELECTOR = '.message-toolbar';

export class MessageToolbar {
  readonly el = h('div', { class: 'message-toolbar', attrs: { role: 'toolbar', 'aria-label': t('Message actions') } });

  constructor() {
    this.el.addEventListener('keydown', (e) => moveFocus(this.el, e));
    // The button the user reached last stays the toolbar's stop when Tab comes back.
    this.el.addEventListener('focusin', (e) => {
      const b = (e.target as Element | null)?.closest('button');
      if (b && this.el.contains(b)) setStop(this.el, b);
    });
  }

  /** The buttons to show (already decorated); the toolbar is left out of the layout when there are none. */
  set(turnId: string, buttons: HTMLButtonElement[]): void {
    this.el.dataset.turnId = turnId;
    this.el.replaceChildren(...buttons);
    syncTabStop(this.el);
  }
}

function shownButtons(toolbar: HTMLElement): HTMLButtonElement[] {
  return Array.from(toolbar.querySelectorAll<HTMLButtonElement>('button')).filter((b) => !b.hidden);
}

function setStop(toolbar: HTMLElement, stop: HTMLButtonElement): void {
  for (const b of Array.from(toolbar.querySelectorAll<HTMLButtonElement>('button'))) b.tabIndex = b === stop ? 0 : -1;
}

/** After buttons were shown or hidden: exactly one shown button is in the Tab order (the current one while it is shown). */
export function syncTabStop(toolbar: HTMLElement): void {
  const shown = shownButtons(toolbar);
  toolbar.hidden = shown.length === 0;
  const current = shown.find((b) => b.tabIndex === 0 && b.hasAttribute('tabindex'));
  const stop = current ?? shown[0];
  if (stop) setStop(toolbar, stop);
}

function moveFocus(toolbar: HTMLElement, e: KeyboardEvent): void {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const shown = shownButtons(toolbar);
  const at = shown.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next = e.key === 'ArrowRight' ? shown[(at + 1) % shown.length]
    : e.key === 'ArrowLeft' ? shown[(at + shown.length - 1) % shown.length]
      : e.key === 'Home' ? shown[0]
        : e.key === 'End' ? shown[shown.length - 1]
          : undefined;
  if (!next) return;
  e.preventDefault();
  setStop(toolbar, next);
  next.focus();
}
