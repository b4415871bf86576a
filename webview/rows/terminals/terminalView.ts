/**
 * One terminal's output (command, working directory, exit status, the output itself), as shown
 * in a tool card and in an agent-owned terminal's own row.
 */
import type { TerminalView } from '../../../src/thread/types.js';
import { h, icon } from '../../dom.js';
import { stopButton, stopRefusal, stopSignature } from '../tools/stopControl.js';
import { terminalText } from './terminalText.js';
import { t } from '../../l10n.js';

export function renderTerminal(terminalId: string, term: TerminalView | undefined): HTMLElement {
  const exit = term?.exitStatus;
  const status = !term ? t('waiting for output')
    : exit ? (exit.signal ? t('killed by {0}', exit.signal) : exit.exitCode != null ? t('exit code {0}', exit.exitCode) : t('exited'))
    : t('running');
  const failed = !!exit && (exit.signal != null || (exit.exitCode != null && exit.exitCode !== 0));
  // Live output keeps its latest lines in view by CSS (a column-reverse box starts at its end),
  // not by setting scrollTop, which would lay the thread out again for every update.
  const pre = h('pre', { class: 'terminal-output', attrs: { tabindex: '0', 'aria-label': t('Terminal output') } }, [h('span', { text: terminalText(term?.output ?? '') })]);
  const el = h('div', { class: `tool-terminal${exit ? ' exited' : ''}`, data: { terminalId } }, [
    h('div', { class: 'terminal-head' }, [
      icon('terminal'),
      h('code', { class: 'terminal-command', title: term?.command || terminalId, text: term?.command || terminalId }),
      h('span', { class: `terminal-status${failed ? ' bad' : ''}` }, [
        !exit && term ? icon('loading', 'codicon-modifier-spin') : '',
        h('span', { text: status }),
      ]),
      stopButton({ type: 'terminal', terminalId }, term?.command || terminalId, offered(term), exit ? undefined : term?.stop),
    ]),
    stopRefusal(exit ? undefined : term?.stop),
    term?.cwd ? h('div', { class: 'terminal-cwd', title: term.cwd }, [icon('folder'), h('span', { text: term.cwd })]) : '',
    pre,
    term?.truncated ? h('div', { class: 'content-note', text: t('Earlier output was truncated.') }) : '',
  ]);
  return el;
}

/** What a terminal shows, so an unchanged one keeps its DOM (and the user's scroll position). */
export function terminalSignature(terminalId: string, t: TerminalView | undefined): string {
  return `x:${terminalId}:${t?.command}:${t?.cwd}:${t?.output.length ?? -1}:${t?.truncated}:${JSON.stringify(t?.exitStatus ?? null)}:${stopSignature(offered(t), t?.exitStatus ? undefined : t?.stop)}:${t?.output.slice(-64)}`;
}

/** An agent-owned (v2) terminal that offers cancel and still runs can be stopped on its own. */
function offered(t: TerminalView | undefined): boolean {
  return !!t?.cancellable && !t.exitStatus;
}
