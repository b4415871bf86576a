/**
 * The state of every "Fork from here", "Edit and resend", restore and undo button in the thread. A row draws its
 * buttons as they should be when it is drawn; when what decides them changes (the agent, the
 * tab, the turn, a newer message) every drawn button is updated in one pass, so old rows never
 * keep a stale state. The rules are shared with the host (`src/shared/messageActions.ts`). A user
 * message's buttons sit in its toolbar (messageToolbar.ts), which this marks as the latest message's.
 */
import { forkControl, resendControl, restoreControl, type ControlState, type MessageActionFacts } from '../../src/shared/messageActions.js';
import { t } from '../l10n.js';
import { syncTabStop, TOOLBAR_SELECTOR } from './messageToolbar.js';

const CONTROL = '[data-message-control]';

export class MessageActions {
  private facts: MessageActionFacts = { agent: { state: 'none' }, tabState: undefined, turnState: 'idle', latestTurnId: undefined };
  private key = '';

  constructor(private readonly root: HTMLElement) {}

  /** New facts; every drawn button follows when they differ from the last ones. */
  update(facts: Partial<MessageActionFacts>): void {
    this.facts = { ...this.facts, ...facts };
    const a = this.facts.agent;
    const key = JSON.stringify([a.state, a.state === 'ready' ? [a.agentName, a.agentTitle, a.remote, a.forks] : '', this.facts.tabState, this.facts.turnState, this.facts.latestTurnId]);
    if (key === this.key) return;
    this.key = key;
    for (const el of Array.from(this.root.querySelectorAll<HTMLElement>(CONTROL))) this.decorate(el);
    for (const el of Array.from(this.root.querySelectorAll<HTMLElement>(TOOLBAR_SELECTOR))) this.mark(el);
  }

  /** A message's toolbar after its buttons were decorated: shown for good on the latest message, one Tab stop among the buttons shown. */
  mark(toolbar: HTMLElement): void {
    toolbar.classList.toggle('latest', !!toolbar.dataset.turnId && toolbar.dataset.turnId === this.facts.latestTurnId);
    syncTabStop(toolbar);
  }

  /** Sets one button's visibility, enablement and tooltip from its kind and turn. */
  decorate(el: HTMLElement): void {
    const turnId = el.dataset.turnId ?? '';
    const kind = el.dataset.messageControl;
    const state: ControlState = kind === 'fork' ? forkControl(this.facts, turnId, t) : kind === 'restore' ? restoreControl(this.facts, turnId, t) : resendControl(this.facts, turnId, t);
    el.hidden = !state.shown;
    if (!state.shown) {
      el.removeAttribute('aria-disabled');
      return;
    }
    // Disabled by aria (not `disabled`), so it stays focusable and its tooltip says why.
    if (state.enabled) el.removeAttribute('aria-disabled');
    else el.setAttribute('aria-disabled', 'true');
    // Restore and undo say nothing more when they can run: their label is what they do.
    el.title = state.tooltip || labelOf(el);
    el.setAttribute('aria-label', state.enabled ? labelOf(el) : t('{0} (unavailable). {1}', labelOf(el), state.tooltip));
  }
}

/** The button's own label, as drawn (kept on first decoration: icon-only buttons have no text to read it from). */
function labelOf(el: HTMLElement): string {
  el.dataset.label ??= el.querySelector('.btn-label')?.textContent ?? el.getAttribute('aria-label') ?? '';
  return el.dataset.label;
}
