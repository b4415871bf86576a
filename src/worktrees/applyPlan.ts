/**
 * Apply to my folder, planned: each file the branch changed goes through the same three-way
 * step as every undo and restore (checkpoints/merge/filePlan.ts) — anchor: the file at the
 * branch's base (what the agent started from), target: the agent's version now, mine: the
 * user's file now (an unsaved editor's text counts). Where the user did not touch a file since
 * the base the agent's version applies exactly; where they changed other lines both survive;
 * where they changed the same lines it is a conflict for the user to decide. Nothing is written
 * here.
 */
import { readObjects } from '../checkpoints/git.js';
import { planFile } from '../checkpoints/merge/filePlan.js';
import type { PathPlan } from '../checkpoints/merge/resolve.js';
import type { BranchChange } from './changes.js';
import type { WorktreeRef } from './types.js';

/** The user's side of a file (relative to the repository's top level); undefined when it does not exist. */
export type MineSource = (path: string) => Promise<Uint8Array | undefined>;

export async function planApply(ref: WorktreeRef, tree: string, changes: readonly BranchChange[], mine: MineSource): Promise<PathPlan[]> {
  const names = changes.flatMap((c) => [`${ref.base}:${c.path}`, `${tree}:${c.path}`]);
  const objects = await readObjects([], names, { cwd: ref.path });
  const blob = (name: string) => {
    const o = objects.get(name);
    return o && o.type === 'blob' ? new Uint8Array(o.body) : undefined;
  };
  const plans: PathPlan[] = [];
  for (const change of changes) {
    const sides = { anchor: blob(`${ref.base}:${change.path}`), target: blob(`${tree}:${change.path}`), mine: await mine(change.path) };
    plans.push({ root: ref.repo, path: change.path, sides, plan: planFile(sides) });
  }
  return plans;
}
