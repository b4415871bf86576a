/**
 * A subagent (child session) as a nested card: what the parent said of it (title or description,
 * kind, model), its state in words, its latest tool call or message, how many tool calls and
 * changed files, a Stop button where the agent lets it be stopped alone, and, opened, its own
 * thread (the child's rows, kept by childThreads.ts).
 */
import type { SubagentEntry } from '../../../src/thread/types.js';
import { actionButton, h, icon } from '../../dom.js';
import { t } from '../../l10n.js';
import type { RowDelta } from '../../thread/store.js';
import type { RowContext, RowView } from '../rowView.js';
import { keepingStopFocus, stopRefusal } from '../tools/stopControl.js';
import { NestedCard, type NestedCardHead, type NestedTone } from './nestedCard.js';

export class SubagentCard implements RowView<SubagentEntry> {
  readonly el: HTMLElement;
  private readonly card: NestedCard;

  constructor(ctx: RowContext, entry: SubagentEntry) {
    const children = ctx.children;
    this.card = new NestedCard(
      ctx,
      `${entry.id}:open`,
      () => children!.source(entry.childId),
      children?.scroll ?? new Map(),
      'subagent',
      children ? () => children.opened(entry.childId) : undefined,
    );
    this.el = this.card.el;
    this.el.dataset.childId = entry.childId;
  }

  detach(): void {
    this.card.detach();
  }

  render(entry: SubagentEntry, _delta: RowDelta): void {
    keepingStopFocus(this.el, () => this.card.setHead(subagentHead(entry)));
  }
}

/** How a subagent is named: title, else description, else its kind, else "Subagent". */
export function subagentName(entry: Pick<SubagentEntry, 'title' | 'description' | 'agentType'> | undefined): string {
  return entry?.title ?? entry?.description ?? entry?.agentType ?? t('Subagent');
}

export function subagentHead(entry: SubagentEntry): NestedCardHead {
  const title = subagentName(entry);
  const meta = [entry.agentType !== title ? entry.agentType : undefined, entry.model].filter(Boolean).join(' · ');
  const counts = [
    entry.toolCalls === 1 ? t('1 tool call') : t('{0} tool calls', entry.toolCalls),
    ...(entry.filesChanged > 0 ? [entry.filesChanged === 1 ? t('1 file changed') : t('{0} files changed', entry.filesChanged)] : []),
  ];
  const working = entry.state === 'running' || entry.state === 'requires_action';
  return {
    title,
    ...(meta ? { meta } : {}),
    ...(entry.description && entry.description !== title ? { tooltip: `${title}\n${entry.description}` } : {}),
    status: statusOf(entry),
    ...(entry.now ? { now: entry.now } : {}),
    counts,
    // Everything the Stop button and the note are made of: they are built only when it changes.
    partsKey: JSON.stringify([entry.childId, title, entry.stop ?? null, entry.cancellable === true, working, entry.asking ?? 0]),
    parts: () => ({ actions: [stopControl(entry, title, working)], note: noteOf(entry) }),
  };
}

/** Stop while it works (where the agent lets it be stopped alone), or the sign that it is being stopped. */
function stopControl(entry: SubagentEntry, title: string, working: boolean): HTMLElement | '' {
  if (entry.stop?.state === 'stopping') {
    return h('button', { class: 'btn stop-btn stopping', attrs: { type: 'button', 'aria-disabled': 'true', 'aria-label': t('Stopping {0}', title) }, data: { stopKey: `subagent:${entry.childId}` } }, [icon('loading', 'codicon-modifier-spin'), h('span', { class: 'btn-label', text: t('Stopping…') })]);
  }
  return entry.cancellable && working ? stopButton(entry.childId, title) : '';
}

/** Under the head: the questions waiting for the user, and a refusal to stop. */
function noteOf(entry: SubagentEntry): HTMLElement | '' {
  const asking = entry.asking ? h('div', { class: 'nested-asking' }, [icon('bell-dot'), h('span', { text: entry.asking === 1 ? t('Waiting for your answer (shown at the top of the thread)') : t('{0} questions wait for your answer (shown at the top of the thread)', entry.asking) })]) : '';
  const refusal = stopRefusal(entry.stop);
  return asking || refusal ? h('div', {}, [asking, refusal]) : '';
}

function stopButton(childId: string, title: string): HTMLElement {
  const b = actionButton('stop-subagent', t('Stop {0}', title), { icon: 'debug-stop', class: 'stop-btn', data: { childId, stopKey: `subagent:${childId}` } });
  b.querySelector('.btn-label')!.textContent = t('Stop');
  return b;
}

function statusOf(entry: SubagentEntry): { label: string; tone: NestedTone } {
  if (entry.asking) return { label: t('Needs your answer'), tone: 'waiting' };
  // Saved while it worked: its agent is gone, what it did after is not known.
  if (entry.interrupted === 'reload') return { label: t('Interrupted by the window reload'), tone: 'stopped' };
  if (entry.interrupted === 'ended') return { label: t('Interrupted: its session ended'), tone: 'stopped' };
  switch (entry.state) {
    case 'running':
      return { label: entry.background ? t('Running in the background') : t('Running'), tone: 'running' };
    case 'requires_action':
      return { label: t('Needs your answer'), tone: 'waiting' };
    case 'idle':
      if (entry.stopReason === 'cancelled') return { label: t('Stopped'), tone: 'stopped' };
      if (entry.stopReason && entry.stopReason !== 'end_turn') return { label: t('Ended: {0}', entry.stopReason), tone: 'failed' };
      return { label: t('Done'), tone: 'done' };
    case 'unknown':
      return { label: t('Status unknown'), tone: 'unknown' };
    case undefined:
      return { label: t('Started'), tone: 'unknown' };
    default:
      return { label: entry.state, tone: 'unknown' };
  }
}
