/**
 * An agent's request for input (`elicitation/create`): a form drawn from its fields, or a page
 * to open, answered Submit / Decline / Cancel. Once settled it shows what was answered.
 *
 * A pending form is drawn once and then left alone, so nothing the user typed is redrawn away;
 * what they typed is also kept in the view state, so hiding or reloading the panel keeps it.
 * Every agent-supplied string goes through `textContent`.
 */
import type { ElicitationField, ElicitationValue } from '../../src/protocol/events.js';
import { checkElicitationAnswer } from '../../src/thread/elicitations/elicitationAnswer.js';
import type { ElicitationEntry } from '../../src/thread/types.js';
import { h, icon } from '../dom.js';
import type { RowContext, RowView } from './rowView.js';
import { t } from '../l10n.js';

/** The fields behind each drawn form, for the delegated click handler that submits it. */
const formFields = new WeakMap<HTMLFormElement, { entryId: string; fields: ElicitationField[] }>();

/** A function so the words are looked up when drawn, in the panel's language. */
const SETTLED = (): Record<Exclude<ElicitationEntry['status'], 'pending'>, { icon: string; text: string }> => ({
  accepted: { icon: 'check', text: t('Answered') },
  declined: { icon: 'close', text: t('Declined') },
  cancelled: { icon: 'circle-slash', text: t('Cancelled') },
  expired: { icon: 'history', text: t('Not answered — the session that asked has ended') },
});

export class ElicitationRow implements RowView<ElicitationEntry> {
  readonly el = h('div', { class: 'row elicitation' });
  private drawn = '';

  constructor(private readonly ctx: RowContext) {}

  render(entry: ElicitationEntry): void {
    const key = `${entry.requestId}|${entry.status}|${entry.completed ? 1 : 0}`;
    if (key === this.drawn) return;
    const first = this.drawn === '';
    this.drawn = key;
    const p = entry.prompt;
    const labelId = `elicit-${entry.id}`;
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-labelledby', labelId);
    this.el.classList.toggle('pending', entry.status === 'pending');
    const head = h('div', { class: 'row-head elicitation-question', attrs: { id: labelId } }, [
      icon(p.mode === 'url' ? 'link-external' : 'comment-discussion'),
      h('span', { class: 'elicitation-message', text: p.message }),
    ]);
    const body = entry.status === 'pending' ? (p.mode === 'form' ? this.form(entry) : pagePrompt(entry)) : settled(entry);
    this.el.replaceChildren(head, body);
    if (entry.status === 'pending' && first) {
      this.ctx.announcer.alertOnce(`elicitation:${entry.id}:${entry.requestId}`, t('The agent asks: {0}', p.message));
      // Only a request that arrives now takes focus, not one replayed from a snapshot.
      if (this.ctx.live()) requestAnimationFrame(() => this.el.querySelector<HTMLElement>('input, select, button')?.focus());
    }
  }

  private form(entry: ElicitationEntry): HTMLElement {
    const p = entry.prompt as Extract<ElicitationEntry['prompt'], { mode: 'form' }>;
    const saved = this.ctx.viewState.form(entry.id);
    const form = h('form', { class: 'elicitation-form', attrs: { novalidate: '' }, data: { requestId: entry.requestId } }, [
      p.title ? h('div', { class: 'elicitation-title', text: p.title }) : '',
      p.description ? h('div', { class: 'elicitation-description', text: p.description }) : '',
      ...p.fields.map((f) => fieldView(entry.id, f, saved[f.name])),
      h('div', { class: 'elicitation-actions' }, [
        answerButton(entry.requestId, 'accept', t('Submit'), 'btn-primary', 'send', 'submit'),
        answerButton(entry.requestId, 'decline', t('Decline'), 'btn-secondary', 'close'),
        answerButton(entry.requestId, 'cancel', t('Cancel'), 'btn-secondary', 'circle-slash'),
      ]),
    ]);
    formFields.set(form, { entryId: entry.id, fields: p.fields });
    // What the user typed survives the panel being hidden or reloaded.
    form.addEventListener('input', () => {
      this.ctx.viewState.setForm(entry.id, readValues(form, p.fields));
    });
    return form;
  }
}

function pagePrompt(entry: ElicitationEntry): HTMLElement {
  const p = entry.prompt as Extract<ElicitationEntry['prompt'], { mode: 'url' }>;
  const host = hostOf(p.url);
  // The host is in bold wherever the language puts it.
  const [before = '', after = ''] = t('Opens {0}').split('{0}');
  return h('div', { class: 'elicitation-page' }, [
    h('div', { class: 'elicitation-url' }, [h('span', { text: before }), h('strong', { text: host }), after ? h('span', { text: after }) : '', h('span', { class: 'elicitation-full-url', text: p.url, title: p.url })]),
    h('div', { class: 'elicitation-actions' }, [
      answerButton(entry.requestId, 'accept', t('Open {0}…', host), 'btn-primary', 'link-external'),
      answerButton(entry.requestId, 'decline', t('Decline'), 'btn-secondary', 'close'),
      answerButton(entry.requestId, 'cancel', t('Cancel'), 'btn-secondary', 'circle-slash'),
    ]),
  ]);
}

function settled(entry: ElicitationEntry): HTMLElement {
  const p = entry.prompt;
  const status = entry.status as Exclude<ElicitationEntry['status'], 'pending'>;
  let { icon: glyph, text } = SETTLED()[status];
  if (p.mode === 'url' && status === 'accepted') {
    glyph = entry.completed ? 'pass' : 'loading';
    text = entry.completed ? t('Done in the browser ({0})', hostOf(p.url)) : t('Opened {0} in the browser — waiting for the agent', hostOf(p.url));
  }
  const outcome = h('div', { class: `elicitation-outcome status-${status}` }, [icon(glyph, glyph === 'loading' ? 'codicon-modifier-spin' : ''), h('span', { text })]);
  if (p.mode !== 'form' || !entry.answer) return outcome;
  const answer = entry.answer;
  const items: HTMLElement[] = [];
  for (const f of p.fields) {
    const shown = Object.hasOwn(answer, f.name) ? shownValue(f, answer[f.name]) : undefined;
    if (shown !== undefined) items.push(h('li', {}, [h('span', { class: 'elicitation-answer-label', text: `${f.label}: ` }), h('span', { text: shown })]));
  }
  return h('div', {}, [outcome, items.length ? h('ul', { class: 'elicitation-answers' }, items) : '']);
}

function answerButton(requestId: string, action: string, label: string, cls: string, glyph: string, type = 'button'): HTMLButtonElement {
  return h('button', {
    class: `btn elicitation-option ${cls}`,
    attrs: { type },
    data: { action: 'elicitation', requestId, elicitationAction: action },
  }, [icon(glyph), h('span', { class: 'btn-label', text: label })]);
}

function fieldView(entryId: string, f: ElicitationField, saved: unknown): HTMLElement {
  const id = `elicit-${entryId}-${f.name.replace(/[^\w-]/g, '_')}`;
  const errorId = `${id}-error`;
  const descId = f.description ? `${id}-desc` : undefined;
  const described = [descId, errorId].filter(Boolean).join(' ');
  const label = h('label', { attrs: { for: id } }, [h('span', { text: f.label }), f.required ? h('span', { class: 'elicitation-required', text: ' *', title: t('Required') }) : '']);
  let control: HTMLElement;
  switch (f.kind) {
    case 'text': {
      const type = f.format === 'email' ? 'email' : f.format === 'uri' ? 'url' : f.format === 'date' ? 'date' : 'text';
      const value = typeof saved === 'string' ? saved : f.default ?? '';
      control = h('input', { attrs: { id, type, name: f.name, placeholder: f.format === 'date-time' ? 'YYYY-MM-DDThh:mm' : undefined } });
      (control as HTMLInputElement).value = value;
      break;
    }
    case 'number': {
      control = h('input', { attrs: { id, type: 'number', name: f.name, step: f.integer ? '1' : 'any', min: f.minimum?.toString(), max: f.maximum?.toString() } });
      const value = typeof saved === 'string' ? saved : f.default?.toString() ?? '';
      (control as HTMLInputElement).value = value;
      break;
    }
    case 'boolean': {
      control = h('input', { attrs: { id, type: 'checkbox', name: f.name } });
      (control as HTMLInputElement).checked = typeof saved === 'boolean' ? saved : f.default === true;
      // A checkbox reads best with its label beside it.
      const wrap = h('div', { class: 'elicitation-field boolean', data: { name: f.name } }, [
        h('div', { class: 'elicitation-check' }, [control, label]),
        descId ? h('div', { class: 'elicitation-field-description', attrs: { id: descId }, text: f.description }) : '',
        h('div', { class: 'elicitation-error', attrs: { id: errorId, 'aria-live': 'polite' } }),
      ]);
      control.setAttribute('aria-describedby', described);
      return wrap;
    }
    case 'choice': {
      const current = typeof saved === 'string' ? saved : f.default ?? '';
      const select = h('select', { attrs: { id, name: f.name } }, [
        h('option', { attrs: { value: '' }, text: f.required ? t('Choose…') : t('(none)') }),
        ...f.options.map((o) => h('option', { attrs: { value: o.value }, text: o.label, title: o.description })),
      ]);
      select.value = current;
      control = select;
      break;
    }
    case 'multi': {
      const picked = new Set(Array.isArray(saved) ? saved.filter((v) => typeof v === 'string') : f.default ?? []);
      control = h('fieldset', { class: 'elicitation-multi', attrs: { id, 'aria-labelledby': `${id}-legend` } }, f.options.map((o, i) => {
        const box = h('input', { attrs: { type: 'checkbox', id: `${id}-${i}`, value: o.value } });
        box.checked = picked.has(o.value);
        return h('div', { class: 'elicitation-check' }, [box, h('label', { attrs: { for: `${id}-${i}` }, text: o.label, title: o.description })]);
      }));
      label.id = `${id}-legend`;
      label.removeAttribute('for');
      break;
    }
  }
  control.setAttribute('aria-describedby', described);
  if (f.required) control.setAttribute('aria-required', 'true');
  return h('div', { class: 'elicitation-field', data: { name: f.name } }, [
    label,
    descId ? h('div', { class: 'elicitation-field-description', attrs: { id: descId }, text: f.description }) : '',
    control,
    h('div', { class: 'elicitation-error', attrs: { id: errorId, 'aria-live': 'polite' } }),
  ]);
}

/** Raw values as typed (numbers still text), for the saved draft. */
function readValues(form: HTMLFormElement, fields: ElicitationField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const wrap = form.querySelector<HTMLElement>(`.elicitation-field[data-name="${CSS.escape(f.name)}"]`);
    if (!wrap) continue;
    if (f.kind === 'multi') out[f.name] = Array.from(wrap.querySelectorAll<HTMLInputElement>('input[type=checkbox]')).filter((b) => b.checked).map((b) => b.value);
    else if (f.kind === 'boolean') out[f.name] = wrap.querySelector<HTMLInputElement>('input')?.checked ?? false;
    else out[f.name] = wrap.querySelector<HTMLInputElement | HTMLSelectElement>('input, select')?.value ?? '';
  }
  return out;
}

/**
 * The form's answer when every field holds; otherwise each field's problem is shown next to it,
 * the first one takes focus, and undefined comes back (nothing is sent).
 */
export function readElicitationForm(form: HTMLFormElement): Record<string, ElicitationValue> | undefined {
  const known = formFields.get(form);
  if (!known) return undefined;
  const raw = readValues(form, known.fields);
  for (const f of known.fields) {
    if (f.kind !== 'number') continue;
    const text = String(raw[f.name] ?? '').trim();
    raw[f.name] = text === '' ? undefined : Number(text);
  }
  const check = checkElicitationAnswer(known.fields, raw, t);
  let firstBad: HTMLElement | undefined;
  for (const f of known.fields) {
    const wrap = form.querySelector<HTMLElement>(`.elicitation-field[data-name="${CSS.escape(f.name)}"]`);
    if (!wrap) continue;
    const problem = check.ok ? undefined : check.errors[f.name];
    const error = wrap.querySelector<HTMLElement>('.elicitation-error');
    if (error) error.textContent = problem ?? '';
    wrap.classList.toggle('invalid', problem !== undefined);
    const control = wrap.querySelector<HTMLElement>('input, select');
    if (problem !== undefined) control?.setAttribute('aria-invalid', 'true');
    else control?.removeAttribute('aria-invalid');
    if (problem !== undefined && !firstBad) firstBad = control ?? undefined;
  }
  firstBad?.focus();
  return check.ok ? check.content : undefined;
}

/** An answer in words (choices by their labels); undefined for a value no form can hold. */
function shownValue(f: ElicitationField, v: unknown): string | undefined {
  const label = (x: string | number) => (f.kind === 'choice' || f.kind === 'multi' ? f.options.find((o) => o.value === x)?.label : undefined) ?? String(x);
  if (typeof v === 'boolean') return v ? t('Yes') : t('No');
  if (typeof v === 'string' || typeof v === 'number') return label(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map(label).join(', ');
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
