/**
 * Session pickers above the composer: the agent's config options (model first, then the rest in
 * the agent's order) and, for agents without a `mode` config option, the legacy modes.
 *
 * The host's `SessionFacts` are the truth: every `session` message redraws the pickers from it,
 * so a value the agent refused snaps back, and an agent-side change (`current_mode_update`,
 * `config_option_update`) shows without any local bookkeeping.
 */
import '../styles/pickers.css';
import type { ConfigSelectGroup, ConfigSelectOption, SessionConfigOption, SessionModeState } from '../../src/protocol/events.js';
import type { SessionFacts } from '../../src/thread/types.js';
import { h } from '../dom.js';
import type { Host } from '../vscodeApi.js';
import { t } from '../l10n.js';

/** Model first (the choice users make most), then the agent's own priority order. */
export function orderedOptions(options: readonly SessionConfigOption[]): SessionConfigOption[] {
  const known = options.filter((o) => o.type === 'select' || o.type === 'boolean');
  return [...known.filter((o) => o.category === 'model'), ...known.filter((o) => o.category !== 'model')];
}

/** Modes are shown only when no config option already carries them (config options are the newer truth). */
export function showModes(session: Pick<SessionFacts, 'modes' | 'configOptions'>): SessionModeState | undefined {
  const modes = session.modes;
  if (!modes || modes.availableModes.length === 0) return undefined;
  if (session.configOptions?.some((o) => o.category === 'mode')) return undefined;
  return modes;
}

function isGrouped(options: ConfigSelectOption[] | ConfigSelectGroup[]): options is ConfigSelectGroup[] {
  return options.length > 0 && 'options' in options[0]!;
}

export class SessionPickers {
  readonly el = h('div', { class: 'session-pickers', attrs: { role: 'toolbar', 'aria-label': t('Session settings') } });
  /** Last drawn key: redraw only when the facts changed, so an open dropdown is not torn down by unrelated updates. */
  private drawn = '';
  /** Puts each control back to the drawn value (a change the agent refused leaves the facts as they were). */
  private resync: Array<() => void> = [];

  constructor(private readonly host: Host) {
    this.el.hidden = true;
  }

  set(session: Pick<SessionFacts, 'modes' | 'configOptions'>): void {
    const modes = showModes(session);
    const options = orderedOptions(session.configOptions ?? []);
    const key = JSON.stringify([modes, options]);
    if (key === this.drawn) {
      for (const sync of this.resync) sync();
      return;
    }
    this.drawn = key;
    this.resync = [];
    const controls: HTMLElement[] = [];
    if (modes) controls.push(this.modePicker(modes));
    for (const option of options) controls.push(option.type === 'select' ? this.selectPicker(option) : this.togglePicker(option));
    this.el.replaceChildren(...controls);
    this.el.hidden = controls.length === 0;
  }

  private keep(sync: () => void): void {
    sync();
    this.resync.push(sync);
  }

  private modePicker(modes: SessionModeState): HTMLElement {
    const select = h('select', { class: 'picker-select', attrs: { 'aria-label': t('Mode') }, data: { picker: 'mode' } });
    for (const mode of modes.availableModes) {
      select.append(h('option', { text: mode.name, title: mode.description ?? undefined, attrs: { value: mode.id } }));
    }
    this.keep(() => (select.value = modes.currentModeId));
    select.title = modes.availableModes.find((m) => m.id === modes.currentModeId)?.description ?? t('Mode');
    select.addEventListener('change', () => this.host.post({ type: 'setMode', modeId: select.value }));
    return h('label', { class: 'picker' }, [h('span', { class: 'picker-label', text: t('Mode') }), select]);
  }

  private selectPicker(option: Extract<SessionConfigOption, { type: 'select' }>): HTMLElement {
    const select = h('select', { class: 'picker-select', attrs: { 'aria-label': option.name }, data: { picker: option.id } });
    const item = (o: ConfigSelectOption) => h('option', { text: o.name, title: o.description ?? undefined, attrs: { value: o.value } });
    if (isGrouped(option.options)) {
      for (const group of option.options) select.append(h('optgroup', { attrs: { label: group.name } }, group.options.map(item)));
    } else {
      select.append(...option.options.map(item));
    }
    this.keep(() => (select.value = option.currentValue));
    select.title = option.description ?? option.name;
    select.addEventListener('change', () => this.host.post({ type: 'setConfigOption', configId: option.id, value: select.value }));
    return h('label', { class: 'picker' }, [h('span', { class: 'picker-label', text: option.name }), select]);
  }

  private togglePicker(option: Extract<SessionConfigOption, { type: 'boolean' }>): HTMLElement {
    const box = h('input', { class: 'picker-toggle', attrs: { type: 'checkbox', 'aria-label': option.name }, data: { picker: option.id } });
    this.keep(() => (box.checked = option.currentValue));
    box.addEventListener('change', () => this.host.post({ type: 'setConfigOption', configId: option.id, value: box.checked }));
    return h('label', { class: 'picker', title: option.description ?? option.name }, [box, h('span', { class: 'picker-label', text: option.name })]);
  }
}
