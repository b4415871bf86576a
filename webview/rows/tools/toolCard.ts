/**
 * A tool call card: kind icon, title, live status, content (text, diffs, terminals), locations,
 * an inline permission request, and the raw input/output on demand. Each part is patched on its
 * own so a streaming terminal does not rebuild the card.
 */
import type { ToolCallStatus, ToolKind } from '../../../src/protocol/events.js';
import type { ToolCallEntry } from '../../../src/thread/types.js';
import { h, icon } from '../../dom.js';
import { pathEl, pathsSaid, pathTooltip, shownPath, textWithPaths } from '../../paths.js';
import { firstAllowButton, renderPermission } from '../permission.js';
import { renderAutoApproved } from '../autoApproved.js';
import { keepingStopFocus, stopButton, stopRefusal, stopSignature } from './stopControl.js';
import type { RowContext, RowView } from '../rowView.js';
import { contentSignature, renderContentItem } from './toolContent.js';
import { toolArgsSummary } from './toolArgs.js';
import { patchToolName, toolNameView } from './toolName.js';
import { t } from '../../l10n.js';

const KIND_ICON: Record<ToolKind, string> = {
  read: 'eye', edit: 'edit', delete: 'trash', move: 'arrow-both', search: 'search', execute: 'terminal',
  think: 'lightbulb', fetch: 'globe', switch_mode: 'arrow-swap', other: 'tools',
};

/** A function so the words are looked up when drawn, in the panel's language. */
const STATUS = (): Record<ToolCallStatus, { icon: string; label: string }> => ({
  pending: { icon: 'circle-large-outline', label: t('Pending') },
  in_progress: { icon: 'loading codicon-modifier-spin', label: t('Running') },
  completed: { icon: 'pass', label: t('Done') },
  failed: { icon: 'error', label: t('Failed') },
  cancelled: { icon: 'circle-slash', label: t('Cancelled') },
  paused: { icon: 'debug-pause', label: t('Paused') },
});

/** Kinds whose titles name files: a path there outside the workspace is marked (a command's or a URL's is the agent's business). */
const MARKS_OUTSIDE: ReadonlySet<ToolKind> = new Set(['read', 'edit', 'delete', 'move', 'search', 'other']);

const FINAL: ReadonlySet<ToolCallStatus> = new Set(['completed', 'failed', 'cancelled']);

export class ToolCard implements RowView<ToolCallEntry> {
  readonly el = h('div', { class: 'row tool', attrs: { role: 'group' } });
  private readonly kindIcon = icon('tools', 'tool-kind');
  private readonly title = h('span', { class: 'tool-title' });
  private readonly toolName = toolNameView();
  private readonly status = h('span', { class: 'tool-status' });
  private readonly orphan = h('span', { class: 'badge orphan', title: t('The agent updated a tool call it never announced'), text: t('orphan') });
  private readonly content = h('div', { class: 'tool-content' });
  private readonly locations = h('div', { class: 'tool-locations' });
  private readonly permission = h('div', { class: 'tool-permission' });
  private readonly stop = h('span', { class: 'tool-stop' });
  private readonly stopNote = h('div', { class: 'tool-stop-note' });
  private readonly args = h('div', { class: 'tool-args-slot' });
  private readonly raw = h('div', { class: 'tool-raw' });
  private readonly body = h('div', { class: 'tool-body' });
  private readonly toggle = h('button', { class: 'btn icon-btn tool-toggle', attrs: { type: 'button', 'aria-expanded': 'true', 'aria-label': t('Collapse details') } });
  private collapseKey = '';
  private contentSigs: string[] = [];
  private shownRequest: string | undefined;
  private sigs: Record<string, string> = {};

  constructor(private readonly ctx: RowContext, entryId: string) {
    this.collapseKey = `${entryId}:card`;
    this.body.append(this.args, this.content, this.locations, this.raw);
    // The permission and Stop stay outside the collapsible body: a folded card must still ask.
    this.el.append(h('div', { class: 'tool-head' }, [this.toggle, this.kindIcon, this.title, this.toolName, this.orphan, this.status, this.stop]), this.stopNote, this.permission, this.body);
    this.setCollapsed(ctx.viewState.isExpanded(this.collapseKey) === false);
    this.toggle.addEventListener('click', () => {
      const collapse = !this.el.classList.contains('collapsed');
      this.setCollapsed(collapse);
      ctx.viewState.setExpanded(this.collapseKey, !collapse);
    });
  }

  private setCollapsed(collapsed: boolean): void {
    this.el.classList.toggle('collapsed', collapsed);
    this.body.hidden = collapsed;
    this.toggle.setAttribute('aria-expanded', String(!collapsed));
    this.toggle.setAttribute('aria-label', collapsed ? t('Expand details') : t('Collapse details'));
    this.toggle.replaceChildren(icon(collapsed ? 'chevron-right' : 'chevron-down'));
  }

  render(entry: ToolCallEntry): void {
    const waiting = !!entry.permission;
    const statuses = STATUS();
    const st = statuses[entry.status] ?? statuses.pending;
    this.el.className = `row tool status-${entry.status}${waiting ? ' awaiting' : ''}${entry.orphan ? ' is-orphan' : ''}${this.body.hidden ? ' collapsed' : ''}`;
    this.el.setAttribute('aria-label', t('Tool call: {0}, {1}', pathsSaid(entry.title || entry.name || t('tool')), waiting ? t('waiting for approval') : st.label));
    this.kindIcon.className = `codicon codicon-${KIND_ICON[entry.kind] ?? 'tools'} tool-kind`;
    // Paths in the title as a person reads them (workspace-relative); the tooltip keeps the agent's words.
    const title = entry.title || entry.name || t('Tool call');
    this.once('title', `${entry.kind}:${title}`, () => this.title.replaceChildren(...textWithPaths(title, MARKS_OUTSIDE.has(entry.kind))));
    this.title.title = entry.name ? `${entry.title}\n(${entry.name})` : entry.title;
    patchToolName(this.toolName, entry.name, this.title.textContent);
    this.orphan.hidden = !entry.orphan;
    this.renderStatus(entry, st, waiting);
    this.renderStop(entry);
    this.renderContent(entry);
    this.once('loc', JSON.stringify(entry.locations), () => this.renderLocations(entry));
    this.renderPermission(entry);
    this.once('raw', rawSig(entry), () => this.renderRaw(entry));
    const hasContent = entry.content.length > 0;
    this.once('args', `${hasContent}:${stringify(entry.rawInput).length}:${stringify(entry.rawInput).slice(0, 400)}`, () =>
      this.args.replaceChildren(toolArgsSummary(entry.rawInput, hasContent)));
  }

  private once(part: string, sig: string, draw: () => void): void {
    if (this.sigs[part] === sig) return;
    this.sigs[part] = sig;
    draw();
  }

  private renderStatus(entry: ToolCallEntry, st: { icon: string; label: string }, waiting: boolean): void {
    const label = waiting ? t('Waiting for approval') : st.label;
    this.once('status', `${entry.status}:${waiting}`, () => {
      this.status.className = `tool-status status-${entry.status}`;
      this.status.replaceChildren(icon(waiting ? 'shield' : st.icon), h('span', { text: label }));
    });
  }

  /** v2: a call that offers cancel and still runs can be stopped on its own. */
  private renderStop(entry: ToolCallEntry): void {
    const ended = FINAL.has(entry.status);
    const offered = !!entry.cancellable && !ended;
    // Once the call has ended there is nothing left to stop, whatever was asked before.
    const stop = ended ? undefined : entry.stop;
    const label = entry.title || entry.name || t('tool call');
    this.once('stop', `${label}:${stopSignature(offered, stop)}`, () => keepingStopFocus(this.stop, () => {
      this.stop.replaceChildren(stopButton({ type: 'tool_call', toolCallId: entry.toolCallId }, label, offered, stop));
      this.stopNote.replaceChildren(stopRefusal(stop));
    }));
  }

  private renderContent(entry: ToolCallEntry): void {
    entry.content.forEach((item, i) => {
      const sig = contentSignature(entry, item);
      if (this.contentSigs[i] === sig) return;
      const el = renderContentItem(entry, item, i);
      el.classList.add('tool-item');
      const old = this.content.children[i];
      // A terminal's Stop lives in its content item, which is rebuilt here.
      if (old) keepingStopFocus(this.content, () => old.replaceWith(el));
      else this.content.append(el);
      this.contentSigs[i] = sig;
    });
    while (this.content.children.length > entry.content.length) this.content.lastElementChild!.remove();
    this.contentSigs.length = entry.content.length;
  }

  private renderLocations(entry: ToolCallEntry): void {
    this.locations.replaceChildren(...entry.locations.map((loc) => {
      const shown = shownPath(loc.path);
      const line = loc.line ? `:${loc.line}` : '';
      return h('a', {
        class: 'location-link', title: pathTooltip(shown) + line,
        attrs: { href: '#', role: 'link' },
        data: { action: 'open-location', path: loc.path, line: loc.line ? String(loc.line) : undefined },
      }, [pathEl({ ...shown, text: shown.text + line })]);
    }));
  }

  private renderPermission(entry: ToolCallEntry): void {
    const p = entry.permission;
    const sig = p ? `p:${p.requestId}` : `o:${entry.permissionOutcome ?? ''}:${entry.permissionLabel ?? ''}:${entry.autoApproved?.ruleId ?? ''}`;
    if (this.sigs.perm === sig) return;
    this.sigs.perm = sig;
    // A keyboard user who just answered stays on this card (its toggle), not on the page's body,
    // which screen readers announce as nowhere and from where Tab starts over.
    const held = this.permission.contains(document.activeElement);
    this.drawPermission(entry);
    if (held && !this.permission.contains(document.activeElement)) this.toggle.focus();
  }

  private drawPermission(entry: ToolCallEntry): void {
    const p = entry.permission;
    if (p) {
      const panel = renderPermission(p, entry.title);
      this.permission.replaceChildren(panel);
      if (this.shownRequest !== p.requestId) {
        this.shownRequest = p.requestId;
        this.ctx.announcer.alertOnce(`permission:${entry.id}:${p.requestId}`, t('Permission needed: {0}. Options: {1}.', pathsSaid(p.title || entry.title), p.options.map((o) => o.name).join(', ')));
        // Taking focus is only right for a request that arrives now, not one replayed from a snapshot.
        if (this.ctx.live()) requestAnimationFrame(() => firstAllowButton(panel)?.focus());
      }
    } else if (entry.autoApproved) {
      this.permission.replaceChildren(renderAutoApproved({ ...entry, autoApproved: entry.autoApproved }));
    } else if (entry.permissionOutcome) {
      this.permission.replaceChildren(h('div', { class: 'permission-outcome', title: t('Option: {0}', entry.permissionOutcome) }, [icon('shield'), h('span', { text: answeredText(entry) })]));
    } else {
      this.permission.replaceChildren();
    }
  }

  private renderRaw(entry: ToolCallEntry): void {
    const parts: HTMLElement[] = [];
    for (const [key, label, value] of [['in', t('Raw input'), entry.rawInput], ['out', t('Raw output'), entry.rawOutput]] as const) {
      if (value === undefined || value === null) continue;
      const stateKey = `${entry.id}:raw-${key}`;
      const summary = h('summary', { text: label });
      const details = h('details', { class: 'raw' }, [summary, h('pre', { class: 'raw-json', text: stringify(value) })]);
      details.open = this.ctx.viewState.isExpanded(stateKey) ?? false;
      summary.addEventListener('click', () => this.ctx.viewState.setExpanded(stateKey, !details.open));
      parts.push(details);
    }
    this.raw.replaceChildren(...parts);
  }
}

function rawSig(entry: ToolCallEntry): string {
  return `${stringify(entry.rawInput).length}:${stringify(entry.rawOutput).length}:${stringify(entry.rawOutput).slice(0, 200)}`;
}

function stringify(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

/** "Answered: Allow once" in the agent's words; a cancelled request says so plainly. */
function answeredText(entry: ToolCallEntry): string {
  if (entry.permissionLabel) return t('Answered: {0}', entry.permissionLabel);
  if (entry.permissionOutcome === 'cancelled') return t('Permission request cancelled');
  return t('Answered: {0}', entry.permissionOutcome ?? '');
}
