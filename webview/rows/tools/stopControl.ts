/**
 * The Stop control of one tool call or agent-owned terminal (v2 `capabilities.cancel`): a Stop
 * button while the work runs and the agent offers it, "Stopping…" from the click until the agent
 * reports how the work ended, and the agent's refusal, said where the work is.
 */
import type { StopTarget } from '../../../src/protocol/events.js';
import type { StopState } from '../../../src/thread/types.js';
import { actionButton, h, icon } from '../../dom.js';
import { t } from '../../l10n.js';

/** The button (or nothing when the work cannot be stopped now). `label` names the work. */
export function stopButton(target: StopTarget, label: string, offered: boolean, stop: StopState | undefined): HTMLElement | '' {
  const key = stopKey(target);
  if (stop?.state === 'stopping') {
    return h('button', {
      class: 'btn stop-btn stopping',
      title: t('Stopping {0}', label),
      attrs: { type: 'button', 'aria-disabled': 'true', 'aria-label': t('Stopping {0}', label) },
      data: { stopKey: key },
    }, [icon('loading', 'codicon-modifier-spin'), h('span', { class: 'btn-label', text: t('Stopping…') })]);
  }
  if (!offered) return '';
  const data = target.type === 'tool_call'
    ? { targetType: 'tool_call', toolCallId: target.toolCallId, stopKey: key }
    : { targetType: 'terminal', terminalId: target.terminalId, stopKey: key };
  const b = actionButton('stop-work', t('Stop {0}', label), { icon: 'debug-stop', class: 'stop-btn', data });
  b.querySelector('.btn-label')!.textContent = t('Stop');
  return b;
}

function stopKey(target: StopTarget): string {
  return target.type === 'tool_call' ? `tool_call:${target.toolCallId}` : `terminal:${target.terminalId}`;
}

/**
 * Runs a redraw of `scope` that rebuilds its Stop controls, and gives keyboard focus back to
 * the same work's control (Stop → Stopping… → Stop again after a refusal) if it had it.
 */
export function keepingStopFocus(scope: Element, redraw: () => void): void {
  const active = document.activeElement;
  const key = active instanceof HTMLElement && scope.contains(active) ? active.dataset.stopKey : undefined;
  redraw();
  if (key === undefined) return;
  scope.querySelector<HTMLElement>(`[data-stop-key="${CSS.escape(key)}"]`)?.focus();
}

/** The agent's answer when it would not stop the work (its words, as text). */
export function stopRefusal(stop: StopState | undefined): HTMLElement | '' {
  if (stop?.state !== 'refused') return '';
  return h('div', { class: 'stop-refused', attrs: { role: 'status' } }, [
    icon('error'),
    h('span', { text: t('Not stopped: {0}', stop.message) }),
  ]);
}

export function stopSignature(offered: boolean, stop: StopState | undefined): string {
  return `${offered}:${stop?.state ?? ''}:${stop?.state === 'refused' ? stop.message : ''}`;
}
