/**
 * Asking the user about files they changed by hand since the agent's turn, before an undo or
 * restore touches them: which files, what they changed (line numbers), and three ways on —
 * keep theirs, take the earlier version (their edits in those files are lost, and the dialog
 * says so), or compare side by side first (nothing is written).
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ConflictReason } from '../../checkpoints/merge/filePlan.js';
import type { PathPlan } from '../../checkpoints/merge/resolve.js';
import { changedSpans, spansText } from '../../checkpoints/merge/userEdits.js';
import { reportedUri } from './snapshotDocuments.js';
import { openDocumentAt } from './editorSources.js';

export type ConflictChoice = 'keep' | 'take' | 'compare';

function reasonText(reason: ConflictReason): string {
  switch (reason) {
    case 'edited-same-lines': return vscode.l10n.t('you changed lines the agent changed');
    case 'edited-whole-file': return vscode.l10n.t('you changed it, and it is binary or too large to merge');
    case 'edited-file-to-remove': return vscode.l10n.t('the agent created it and you edited it; undoing removes it');
    case 'deleted-by-user': return vscode.l10n.t('you deleted it; this would bring it back');
    case 'created-by-user': return vscode.l10n.t('you created it since; this would replace or remove it');
    case 'moved-content': return vscode.l10n.t('it holds lines the agent did not write, which would be left in no file');
    case 'edited-between-turns': return vscode.l10n.t('changed by hand between two turns');
    case 'unknown-since': return vscode.l10n.t("there is no snapshot of the turn's end, so your own changes cannot be told apart");
  }
}

const decode = (b: Uint8Array | undefined | 'unknown') => (b instanceof Uint8Array ? new TextDecoder().decode(b) : undefined);

/** One line per conflicting file: its path, why, and which lines the user changed. */
export function describeConflict(p: PathPlan): string {
  const reason = p.plan.kind === 'conflict' ? reasonText(p.plan.reason) : '';
  const anchor = decode(p.sides.anchor);
  const mine = decode(p.sides.mine);
  const spans = anchor !== undefined && mine !== undefined && p.plan.kind === 'conflict' && p.plan.reason === 'edited-same-lines' ? changedSpans(anchor, mine) : [];
  const one = spans.length === 1 && spans[0]!.from === spans[0]!.to;
  const lines = !spans.length ? '' : ` — ${one ? vscode.l10n.t('your change: line {0}', spansText(spans)) : vscode.l10n.t('your changes: lines {0}', spansText(spans))}`;
  return `${p.path} (${reason})${lines}`;
}

/** `what` names the operation ("Undo", "Restore"); undefined when the user cancelled. */
export async function askAboutConflicts(conflicts: readonly PathPlan[], what: string): Promise<ConflictChoice | undefined> {
  const keep = vscode.l10n.t('Keep my changes');
  const take = vscode.l10n.t('Take the earlier version');
  const compare = vscode.l10n.t('Compare side by side');
  const question = conflicts.length === 1
    ? vscode.l10n.t('{0}: you changed {1} since the agent wrote it. Keep your changes?', what, conflicts[0]!.path)
    : vscode.l10n.t('{0}: you changed {1} files since the agent wrote them. Keep your changes?', what, conflicts.length);
  const shown = conflicts.slice(0, 12).map(describeConflict).join('\n') + (conflicts.length > 12 ? `\n${vscode.l10n.t('… and {0} more', conflicts.length - 12)}` : '');
  const detail = `${shown}\n\n${vscode.l10n.t('Keep my changes: these files stay as they are; the rest goes ahead. Take the earlier version: these files are replaced too, and your changes in them are lost. Compare side by side: nothing is written.')}`;
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail }, keep, take, compare);
  return choice === keep ? 'keep' : choice === take ? 'take' : choice === compare ? 'compare' : undefined;
}

/** The earlier version beside the file as the user has it, for each conflicting file (a few at most). */
export async function compareConflicts(conflicts: readonly PathPlan[]): Promise<void> {
  for (const p of conflicts.slice(0, 5)) {
    const abs = join(p.root, p.path);
    const left = reportedUri(p.path, decode(p.sides.target) ?? '');
    const right = openDocumentAt(abs)?.uri ?? (p.sides.mine === undefined ? reportedUri(p.path, '') : vscode.Uri.file(abs));
    await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} (earlier version ↔ yours)', p.path), { preview: false });
  }
}
