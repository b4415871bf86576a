/**
 * Apply to my folder: what the thread's branch changed since it started comes into the user's
 * folder through the review's three-way step (worktrees/applyPlan.ts → merge/resolve.ts →
 * review/applyWrites.ts). Each file where the user changed the same lines meanwhile is asked
 * about on its own — keep mine, take the agent's, or open both side by side (nothing written
 * for that file) — before anything is written; cancelling writes nothing at all.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { ConflictReason } from '../../checkpoints/merge/filePlan.js';
import { conflictsOf, writesFor, type PathPlan, type WriteAction } from '../../checkpoints/merge/resolve.js';
import { changedSpans, spansText } from '../../checkpoints/merge/userEdits.js';
import { planApply } from '../../worktrees/applyPlan.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import { applyWrites } from '../review/applyWrites.js';
import { mineAt } from '../review/editorSources.js';
import type { WorktreeService } from './worktreeService.js';

export type FileAnswer = 'keep' | 'take' | 'compare';
/** Asks about one conflicting file; undefined: the user cancelled the whole Apply. */
export type ApplyConflictAsker = (conflict: PathPlan, ref: WorktreeRef, index: number, count: number) => Promise<FileAnswer | undefined>;

export type ApplyResult =
  | { status: 'nothing' }
  | { status: 'cancelled' }
  | { status: 'failed' }
  | { status: 'done'; written: string[]; kept: string[]; compared: string[]; moved: string[]; merged: string[] };

export async function applyWorktree(service: WorktreeService, ref: WorktreeRef, ask: ApplyConflictAsker = askAboutFile,
  apply: (actions: WriteAction[]) => Promise<{ ok: boolean; written: WriteAction[]; moved: string[] }> = applyWrites): Promise<ApplyResult> {
  const { tree, changes } = await service.changes(ref);
  if (!changes.length) return { status: 'nothing' };
  const plans = await planApply(ref, tree, changes, (path) => mineAt(join(ref.repo, path)));
  const conflicts = conflictsOf(plans);
  const taken: PathPlan[] = [];
  const kept: string[] = [];
  const compared: PathPlan[] = [];
  for (const [i, conflict] of conflicts.entries()) {
    const answer = await ask(conflict, ref, i, conflicts.length);
    if (answer === undefined) return { status: 'cancelled' };
    if (answer === 'take') taken.push(conflict);
    else if (answer === 'compare') compared.push(conflict);
    else kept.push(conflict.path);
  }
  const actions = [...writesFor(plans.filter((p) => p.plan.kind !== 'conflict'), 'keep'), ...writesFor(taken, 'take')];
  const applied = await apply(actions);
  if (!applied.ok) return { status: 'failed' };
  for (const c of compared) await openSideBySide(c, ref);
  const merged = applied.written.filter((w) => w.kind === 'write' && !w.exact).map((w) => w.path);
  return { status: 'done', written: applied.written.map((w) => w.path), kept, compared: compared.map((c) => c.path), moved: applied.moved, merged };
}

function reasonText(reason: ConflictReason): string {
  switch (reason) {
    case 'edited-same-lines': return vscode.l10n.t('you changed lines the agent changed too');
    case 'edited-whole-file': return vscode.l10n.t('you changed it too, and it is binary or too large to merge');
    case 'edited-file-to-remove': return vscode.l10n.t('the agent deleted it, and you changed it');
    case 'deleted-by-user': return vscode.l10n.t('you deleted it, and the agent changed it');
    case 'created-by-user': return vscode.l10n.t('you made a file of that name too');
    default: return vscode.l10n.t('you changed it too');
  }
}

const decode = (b: Uint8Array | undefined | 'unknown') => (b instanceof Uint8Array ? new TextDecoder().decode(b) : undefined);

/** The question for one file: what the user changed, and the three ways on. */
export async function askAboutFile(conflict: PathPlan, ref: WorktreeRef, index: number, count: number): Promise<FileAnswer | undefined> {
  const keep = vscode.l10n.t('Keep mine');
  const take = vscode.l10n.t('Take the agent\'s');
  const compare = vscode.l10n.t('Open both side by side');
  const reason = conflict.plan.kind === 'conflict' ? conflict.plan.reason : 'edited-same-lines';
  const anchor = decode(conflict.sides.anchor);
  const mine = decode(conflict.sides.mine);
  const spans = anchor !== undefined && mine !== undefined && reason === 'edited-same-lines' ? changedSpans(anchor, mine) : [];
  const one = spans.length === 1 && spans[0]!.from === spans[0]!.to;
  const lines = !spans.length ? '' : ' ' + (one ? vscode.l10n.t('(your change: line {0})', spansText(spans)) : vscode.l10n.t('(your changes: lines {0})', spansText(spans)));
  const question = count > 1
    ? vscode.l10n.t('Apply {0} ({1} of {2}): {3}{4}.', conflict.path, index + 1, count, reasonText(reason), lines)
    : vscode.l10n.t('Apply {0}: {1}{2}.', conflict.path, reasonText(reason), lines);
  const detail = vscode.l10n.t('Keep mine: this file stays as you have it. Take the agent\'s: it becomes the version on {0}, and your changes in it are lost. Open both side by side: nothing is written to it; Apply again when you have decided.', ref.branch);
  const choice = await vscode.window.showWarningMessage(question, { modal: true, detail }, keep, take, compare);
  return choice === keep ? 'keep' : choice === take ? 'take' : choice === compare ? 'compare' : undefined;
}

/** The agent's version beside the user's, as files (both editable). */
async function openSideBySide(conflict: PathPlan, ref: WorktreeRef): Promise<void> {
  const agents = vscode.Uri.file(join(ref.path, conflict.path));
  const mine = vscode.Uri.file(join(ref.repo, conflict.path));
  await vscode.commands.executeCommand('vscode.diff', agents, mine, vscode.l10n.t('{0} (agent\'s on {1} ↔ yours)', conflict.path, ref.branch), { preview: false });
}

/** One line for the user about how an Apply went. */
export function applySummary(result: ApplyResult, ref: WorktreeRef): string {
  switch (result.status) {
    case 'nothing': return vscode.l10n.t('Agent Chat: {0} has no changes to apply.', ref.branch);
    case 'cancelled': return vscode.l10n.t('Agent Chat: nothing was applied.');
    case 'failed': return vscode.l10n.t('Agent Chat: the changes could not be written; nothing was applied.');
    case 'done': {
      const parts = [result.written.length === 1 ? vscode.l10n.t('Applied 1 file from {0} to your folder.', ref.branch) : vscode.l10n.t('Applied {0} files from {1} to your folder.', result.written.length, ref.branch)];
      if (result.merged.length) parts.push(vscode.l10n.t('Merged with your own changes: {0}.', result.merged.join(', ')));
      if (result.kept.length) parts.push(vscode.l10n.t('Kept yours: {0}.', result.kept.join(', ')));
      if (result.compared.length) parts.push(vscode.l10n.t('Open side by side, not written yet: {0}.', result.compared.join(', ')));
      if (result.moved.length) parts.push(vscode.l10n.t('Changed while you decided, left as they are: {0}.', result.moved.join(', ')));
      return parts.join(' ');
    }
  }
}
