/**
 * One delegated click handler for the whole panel. Buttons say what they want in `data-action`;
 * links never navigate the webview — the host decides what opening them means.
 */
import type { Host } from './vscodeApi.js';
import { readElicitationForm } from './rows/elicitation.js';
import { t } from './l10n.js';

export function installActions(root: HTMLElement, host: Host): void {
  root.addEventListener('click', (e) => {
    const target = e.target as Element | null;
    const actionEl = target?.closest<HTMLElement>('[data-action]');
    if (actionEl && root.contains(actionEl)) {
      e.preventDefault();
      run(actionEl, host);
      return;
    }
    const link = target?.closest<HTMLAnchorElement>('a[href]');
    if (link && root.contains(link)) {
      e.preventDefault();
      const href = link.getAttribute('href') ?? '';
      if (href && !href.startsWith('#')) host.post({ type: 'openLink', href });
    }
  });
  // Middle-click and friends would open a new browsing context; the host opens links instead.
  root.addEventListener('auxclick', (e) => {
    if ((e.target as Element | null)?.closest('a[href]')) e.preventDefault();
  });
}

function run(el: HTMLElement, host: Host): void {
  const d = el.dataset;
  switch (d.action) {
    case 'copy-code':
    case 'insert-code': {
      const code = el.closest('.code-block')?.querySelector('code')?.textContent ?? '';
      host.post(d.action === 'copy-code' ? { type: 'copy', text: code } : { type: 'insertAtCursor', text: code });
      if (d.action === 'copy-code') flash(el, t('Copied'));
      return;
    }
    case 'open-diff': {
      // A subagent's tool call: inside its card, or its question at the top of the thread.
      const childId = el.closest<HTMLElement>('.nested-card[data-child-id] .nested-body, .child-question[data-child-id]')?.closest<HTMLElement>('[data-child-id]')?.dataset.childId;
      host.post({ type: 'openDiff', toolCallId: d.toolCallId ?? '', contentIndex: Number(d.contentIndex ?? 0), ...(childId ? { childId } : {}) });
      return;
    }
    case 'open-location':
      host.post({ type: 'openLocation', path: d.path ?? '', line: d.line ? Number(d.line) : null });
      return;
    case 'open-plan-file':
      host.post({ type: 'openPlanFile', uri: d.uri ?? '' });
      return;
    case 'permission': {
      if (el.hasAttribute('aria-disabled')) return;
      host.post({ type: 'answerPermission', requestId: d.requestId ?? '', optionId: d.optionId ?? '' });
      // Until the host confirms, a second click must not send a second answer.
      for (const b of Array.from((el.closest('.permission') ?? el.parentElement)?.querySelectorAll('button') ?? [])) b.setAttribute('aria-disabled', 'true');
      el.setAttribute('aria-pressed', 'true');
      return;
    }
    case 'allow-always': {
      if (el.hasAttribute('aria-disabled')) return;
      host.post({ type: 'allowAlways', requestId: d.requestId ?? '' });
      // Like an option: one answer per request, so every button of the card waits for the host.
      for (const b of Array.from(el.closest('.permission')?.querySelectorAll('button') ?? [])) b.setAttribute('aria-disabled', 'true');
      el.setAttribute('aria-pressed', 'true');
      return;
    }
    case 'revoke-rule':
      host.post({ type: 'revokeRule', ruleId: d.ruleId ?? '' });
      return;
    case 'elicitation': {
      if (el.getAttribute('aria-disabled') === 'true') return;
      const requestId = d.requestId ?? '';
      const action = d.elicitationAction === 'accept' || d.elicitationAction === 'decline' ? d.elicitationAction : 'cancel';
      const form = el.closest<HTMLFormElement>('form.elicitation-form');
      if (action === 'accept' && form) {
        // A form that does not hold shows each problem beside its field and sends nothing.
        const content = readElicitationForm(form);
        if (!content) return;
        host.post({ type: 'answerElicitation', requestId, action, content });
      } else {
        host.post({ type: 'answerElicitation', requestId, action });
      }
      // Opening a page waits for the user's confirmation in VS Code, which they may refuse: the
      // row stays answerable. Anything else is final; a second click must not send a second answer.
      if (action === 'accept' && !form) return;
      for (const b of Array.from(el.parentElement?.querySelectorAll('button') ?? [])) b.setAttribute('aria-disabled', 'true');
      return;
    }
    case 'stop-work': {
      if (el.getAttribute('aria-disabled') === 'true') return;
      const target = d.targetType === 'terminal' ? { type: 'terminal' as const, terminalId: d.terminalId ?? '' } : { type: 'tool_call' as const, toolCallId: d.toolCallId ?? '' };
      host.post({ type: 'stopWork', target });
      // The row says "Stopping…" once the host confirms; until then a second click sends nothing.
      el.setAttribute('aria-disabled', 'true');
      return;
    }
    case 'stop-subagent': {
      if (el.getAttribute('aria-disabled') === 'true') return;
      host.post({ type: 'stopSubagent', childId: d.childId ?? '' });
      el.setAttribute('aria-disabled', 'true');
      return;
    }
    case 'review-changes': {
      if (d.reviewAction === 'undo' && el.getAttribute('aria-disabled') === 'true') return;
      const action = d.reviewAction === 'keep' || d.reviewAction === 'undo' ? d.reviewAction : 'review';
      return host.post({ type: 'reviewChanges', turnId: d.turnId ?? '', action, ...(d.root !== undefined ? { root: d.root } : {}), ...(d.path !== undefined ? { path: d.path } : {}) });
    }
    case 'undo-hunk': {
      if (el.getAttribute('aria-disabled') === 'true') return;
      const n = (v: string | undefined) => Number.parseInt(v ?? '', 10);
      host.post({ type: 'undoHunk', turnId: d.turnId ?? '', root: d.root ?? '', path: d.path ?? '', oldStart: n(d.oldStart), oldCount: n(d.oldCount), newCount: n(d.newCount) });
      // The row is redrawn with the file's remaining hunks once the host has undone it.
      el.setAttribute('aria-disabled', 'true');
      return;
    }
    case 'fork-here':
      // Unavailable: the tooltip says why; nothing is sent.
      if (el.getAttribute('aria-disabled') === 'true') return;
      return host.post({ type: 'forkFromHere', turnId: d.turnId ?? '' });
    case 'checkpoint':
      if (el.getAttribute('aria-disabled') === 'true') return;
      return host.post({ type: 'checkpoint', turnId: d.turnId ?? '', action: d.checkpointAction === 'redo' ? 'redo' : d.checkpointAction === 'edit' ? 'edit' : 'restore' });
    case 'restart-agent':
      return host.post({ type: 'restartAgent' });
    case 'open-settings':
      return host.post({ type: 'openSettings' });
    case 'manage-trust':
      return host.post({ type: 'manageTrust' });
    case 'log-in':
      return host.post({ type: 'logIn' });
    case 'show-log':
      return host.post({ type: 'showLog' });
    case 'new-session':
      return host.post({ type: 'newSession' });
    case 'worktree-changes':
      return host.post({ type: 'worktreeChanges' });
    case 'set-budget':
      return host.post({ type: 'setBudget' });
    case 'toggle-follow': {
      const on = el.getAttribute('aria-pressed') !== 'true';
      // Shown at once; the host's `follow` message confirms it (or puts it back).
      el.setAttribute('aria-pressed', String(on));
      return host.post({ type: 'setFollow', on });
    }
    case 'attach-file':
      return host.post({ type: 'attachActive', selectionOnly: false });
    case 'attach-selection':
      return host.post({ type: 'attachActive', selectionOnly: true });
    default:
      console.warn('unknown action', d.action);
  }
}

function flash(el: HTMLElement, text: string): void {
  const old = el.title;
  el.title = text;
  el.classList.add('flashed');
  setTimeout(() => {
    el.title = old;
    el.classList.remove('flashed');
  }, 1200);
}
