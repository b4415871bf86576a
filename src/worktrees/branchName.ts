/**
 * The branch a worktree thread works on: `agent/<short-title>`, made of the title's words in
 * lower case (letters and digits of any script, joined by `-`), unique among the repository's
 * branches by a number when taken.
 */

export const BRANCH_PREFIX = 'agent/';
const MAX_SLUG = 32;

export function slugOf(title: string): string {
  const words = title.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG) break;
    slug = next;
  }
  // A first word longer than the bound is cut rather than dropped.
  if (!slug && words[0]) slug = words[0].slice(0, MAX_SLUG);
  return slug || 'task';
}

/** `agent/<slug>`, or `agent/<slug>-2`, `-3`… when a branch of that name exists. */
export function uniqueBranch(title: string, taken: ReadonlySet<string>): string {
  const base = BRANCH_PREFIX + slugOf(title);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}-${n}`;
    if (!taken.has(name)) return name;
  }
}
