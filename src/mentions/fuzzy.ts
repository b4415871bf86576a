/**
 * Fuzzy matching for @-mention completion (no `vscode` import: benched and unit-tested).
 *
 * A query matches when its characters appear in order in the target. The score prefers, in
 * this order: the query as the start of the base name, inside the base name, as one run in
 * the path, then scattered letters that start words (after `/ . _ -`, a space or a capital)
 * and follow each other. Shorter targets win ties, so `a.ts` ranks above `a.test.ts`.
 */

/** Score of `queryLower` in `target` (its lower-case form given too), or -1 when it does not match. */
export function fuzzyScore(queryLower: string, target: string, targetLower: string, baseStart = baseNameStart(target)): number {
  if (queryLower === '') return 1;
  const base = targetLower.indexOf(queryLower, baseStart);
  if (base === baseStart) return 4000 - target.length;
  if (base > baseStart) return 3000 - target.length - (base - baseStart);
  const run = targetLower.indexOf(queryLower);
  if (run >= 0) return 2000 - target.length - (isWordStart(target, run) ? 0 : 50);
  if (!isSubsequence(queryLower, targetLower)) return -1;
  // Jumping ahead to word starts can skip letters a later query letter needs: then take each first one.
  const jumping = scatteredScore(queryLower, target, targetLower, true);
  return jumping >= 0 ? jumping : scatteredScore(queryLower, target, targetLower, false);
}

/** Most paths do not match at all: the native `indexOf` per letter says so quickly. */
function isSubsequence(q: string, lower: string): boolean {
  let at = 0;
  for (let i = 0; i < q.length; i++) {
    at = lower.indexOf(q[i]!, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Letters in order, not in one run: greedy from the left, rewarding word starts and neighbours. */
function scatteredScore(q: string, target: string, lower: string, preferWordStarts: boolean): number {
  let score = 0;
  let at = 0;
  let previous = -2;
  for (let i = 0; i < q.length; i++) {
    const ch = q.charCodeAt(i);
    let found = -1;
    // A later word start for this letter beats the first plain occurrence.
    for (let j = at; j < lower.length; j++) {
      if (lower.charCodeAt(j) !== ch) continue;
      if (found < 0) found = j;
      if (!preferWordStarts || j === previous + 1 || isWordStart(target, j)) {
        found = j;
        break;
      }
    }
    if (found < 0) return -1;
    score += found === previous + 1 ? 6 : isWordStart(target, found) ? 5 : 1;
    previous = found;
    at = found + 1;
  }
  return 1000 + score * 10 - target.length;
}

function isWordStart(target: string, i: number): boolean {
  if (i === 0) return true;
  const before = target.charCodeAt(i - 1);
  // / . _ - space
  if (before === 47 || before === 46 || before === 95 || before === 45 || before === 32 || before === 92) return true;
  const c = target.charCodeAt(i);
  return c >= 65 && c <= 90 && !(before >= 65 && before <= 90);
}

export function baseNameStart(path: string): number {
  const trimmed = path.endsWith('/') ? path.length - 1 : path.length;
  return path.lastIndexOf('/', trimmed - 1) + 1;
}

/** The best `limit` of `items` for `query`, best first (ties: shorter label, then alphabetical). */
export function rankByFuzzy<T>(items: readonly T[], query: string, label: (item: T) => string, limit: number): T[] {
  const q = query.toLowerCase();
  const scored: Array<{ item: T; score: number; text: string }> = [];
  for (const item of items) {
    const text = label(item);
    const score = fuzzyScore(q, text, text.toLowerCase());
    if (score >= 0) scored.push({ item, score, text });
  }
  scored.sort((a, b) => b.score - a.score || a.text.length - b.text.length || (a.text < b.text ? -1 : 1));
  return scored.slice(0, limit).map((s) => s.item);
}
