/**
 * From plans and the user's answer to the writes to make. Shared by the editor (which applies
 * them through a WorkspaceEdit) and the model-based test (which applies them to a folder), so
 * the rule "a conflict is only overwritten when the user said take the earlier version" lives
 * in one place.
 */
import type { FilePlan, FileSides } from './filePlan.js';

export interface PathPlan {
  root: string;
  /** Relative to the root, `/`-separated. */
  path: string;
  sides: FileSides;
  plan: FilePlan;
}

/** keep: conflicting files stay as the user has them; take: they become the target. */
export type ConflictAnswer = 'keep' | 'take';

export type WriteAction =
  | { root: string; path: string; kind: 'write'; bytes: Uint8Array; exact: boolean; expect: Uint8Array | undefined }
  | { root: string; path: string; kind: 'remove'; expect: Uint8Array | undefined };

/** `expect` is what the file held when planned: the editor checks it again just before writing. */
export function writesFor(plans: readonly PathPlan[], answer: ConflictAnswer): WriteAction[] {
  const out: WriteAction[] = [];
  for (const { root, path, sides, plan } of plans) {
    const expect = sides.mine;
    if (plan.kind === 'write') out.push({ root, path, kind: 'write', bytes: plan.bytes, exact: plan.exact, expect });
    else if (plan.kind === 'remove') out.push({ root, path, kind: 'remove', expect });
    else if (plan.kind === 'conflict' && answer === 'take') {
      out.push(sides.target === undefined ? { root, path, kind: 'remove', expect } : { root, path, kind: 'write', bytes: sides.target, exact: true, expect });
    }
  }
  return out;
}

export const conflictsOf = (plans: readonly PathPlan[]) => plans.filter((p) => p.plan.kind === 'conflict');

const keyOf = (root: string, path: string) => root + '\0' + path;

/**
 * Which of a restore's writes the snapshot engine makes (bytes, modes and links exact): the
 * exact ones of files without unsaved editor text — but never one half of a rename whose other
 * half is not, since the engine restores a rename whole. The rest go through the editor.
 */
export function splitForEngine(actions: readonly WriteAction[], hasUnsaved: (a: WriteAction) => boolean,
  renames: ReadonlyArray<{ root: string; path: string; oldPath: string }>): { engine: WriteAction[]; editor: WriteAction[] } {
  const ok = new Set(actions.filter((a) => (a.kind === 'remove' || a.exact) && !hasUnsaved(a)).map((a) => keyOf(a.root, a.path)));
  for (const r of renames) {
    const a = keyOf(r.root, r.path);
    const b = keyOf(r.root, r.oldPath);
    if (!(ok.has(a) && ok.has(b))) { ok.delete(a); ok.delete(b); }
  }
  return { engine: actions.filter((a) => ok.has(keyOf(a.root, a.path))), editor: actions.filter((a) => !ok.has(keyOf(a.root, a.path))) };
}
