/**
 * Tiny DOM builders. Everything the webview shows that comes from an agent goes through
 * `textContent` here, or through the sanitiser in markdown/render.ts — never through innerHTML.
 */

export interface ElProps {
  class?: string;
  text?: string;
  title?: string;
  /** Attributes set with setAttribute (values are never parsed as HTML). */
  attrs?: Record<string, string | undefined>;
  /** `data-*` values. */
  data?: Record<string, string | undefined>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElProps = {},
  children: Array<Node | string | null | undefined | false> = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.text !== undefined) el.textContent = props.text;
  if (props.title !== undefined) el.title = props.title;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) if (v !== undefined) el.setAttribute(k, v);
  if (props.data) for (const [k, v] of Object.entries(props.data)) if (v !== undefined) el.dataset[k] = v;
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** A codicon glyph; decorative, so hidden from screen readers (the label says it in words). */
export function icon(name: string, extra = ''): HTMLSpanElement {
  return h('span', { class: `codicon codicon-${name}${extra ? ' ' + extra : ''}`, attrs: { 'aria-hidden': 'true' } });
}

/** A button that carries its intent as `data-action`; one delegated listener handles them all. */
export function actionButton(
  action: string,
  label: string,
  opts: { icon?: string; text?: boolean; class?: string; data?: Record<string, string | undefined> } = {},
): HTMLButtonElement {
  const b = h('button', {
    class: `btn ${opts.class ?? ''}`.trim(),
    title: label,
    attrs: { type: 'button', 'aria-label': label },
    data: { action, ...opts.data },
  });
  if (opts.icon) b.append(icon(opts.icon));
  if (opts.text !== false) b.append(h('span', { class: 'btn-label', text: label }));
  return b;
}

export function replaceChildren(el: Element, ...nodes: Array<Node | string>): void {
  el.replaceChildren(...nodes);
}
