/**
 * A thread reopened from history keeps its snapshot ids, but the snapshots themselves may be
 * gone (collected, or the extension's storage cleared). Every review step checks first and
 * says so in words, instead of showing an empty diff or marking files undone that were not.
 * No `vscode` here: the peer tests check the same sentences against a real store.
 */
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import type { SnapshotRef } from '../../protocol/events.js';

export type ReviewStep = 'diff' | 'undo' | 'hunk' | 'restore' | 'redo';

const OUTCOME: Record<ReviewStep, string> = {
  diff: 'the diff cannot be shown',
  undo: 'nothing was undone',
  hunk: 'the hunk cannot be undone',
  restore: 'nothing was restored',
  redo: 'nothing was put back',
};

/** The roots among `refs` whose snapshot no longer exists. */
export async function goneRoots(snapshots: Pick<Snapshotter, 'exists'>, refs: readonly SnapshotRef[]): Promise<string[]> {
  const gone: string[] = [];
  for (const ref of refs) if (!(await snapshots.exists(ref.root, ref.id))) gone.push(ref.root);
  return gone;
}

/** What the user reads when `step` needs a snapshot that is gone (`roots` names which, when known). */
export function goneMessage(step: ReviewStep, roots: readonly string[] = []): string {
  const of = roots.length ? ` of ${roots.join(', ')}` : ' from before this turn';
  return `Agent Chat: the snapshot${of} is gone (collected or storage cleared); ${OUTCOME[step]}.`;
}
