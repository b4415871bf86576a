/**
 * A thread reopened from history keeps its snapshot ids, but the snapshots themselves may be
 * gone (collected, or the extension's storage cleared). Every review step checks first and
 * says so in words, instead of showing an empty diff or marking files undone that were not.
 * No `vscode` here: the peer tests check the same sentences against a real store.
 */
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import type { SnapshotRef } from '../../protocol/events.js';
import { english, type Translate } from '../../thread/translate.js';

export type ReviewStep = 'diff' | 'undo' | 'hunk' | 'restore' | 'redo';

const OUTCOME = (t: Translate): Record<ReviewStep, string> => ({
  diff: t('the diff cannot be shown'),
  undo: t('nothing was undone'),
  hunk: t('the hunk cannot be undone'),
  restore: t('nothing was restored'),
  redo: t('nothing was put back'),
});

/** The roots among `refs` whose snapshot no longer exists. */
export async function goneRoots(snapshots: Pick<Snapshotter, 'exists'>, refs: readonly SnapshotRef[]): Promise<string[]> {
  const gone: string[] = [];
  for (const ref of refs) if (!(await snapshots.exists(ref.root, ref.id))) gone.push(ref.root);
  return gone;
}

/**
 * What the user reads when `step` needs a snapshot that is gone (`roots` names which, when known),
 * in the editor's language when `t` is `vscode.l10n.t`.
 */
export function goneMessage(step: ReviewStep, roots: readonly string[] = [], t: Translate = english): string {
  const outcome = OUTCOME(t)[step];
  return roots.length
    ? t('Agent Chat: the snapshot of {0} is gone (collected or storage cleared); {1}.', roots.join(', '), outcome)
    : t('Agent Chat: the snapshot from before this turn is gone (collected or storage cleared); {0}.', outcome);
}
