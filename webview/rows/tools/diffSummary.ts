/** "+N −M lines" for a diff in a tool call, computed once per distinct diff. */
import { diffLines } from 'diff';

export interface DiffStats {
  added: number;
  removed: number;
  /** Too large to diff in the panel; the diff editor still shows it. */
  approximate: boolean;
}

const MAX_DIFF_CHARS = 400_000;
const cache = new Map<string, DiffStats>();

export function diffStats(oldText: string | null, newText: string): DiffStats {
  const before = oldText ?? '';
  const key = `${before.length}:${newText.length}:${hash(before)}:${hash(newText)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let stats: DiffStats;
  if (before.length + newText.length > MAX_DIFF_CHARS) {
    stats = { added: countLines(newText), removed: countLines(before), approximate: true };
  } else {
    let added = 0;
    let removed = 0;
    for (const part of diffLines(before, newText)) {
      if (part.added) added += part.count ?? countLines(part.value);
      else if (part.removed) removed += part.count ?? countLines(part.value);
    }
    stats = { added, removed, approximate: false };
  }
  if (cache.size > 500) cache.clear();
  cache.set(key, stats);
  return stats;
}

function countLines(s: string): number {
  if (!s) return 0;
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0 && i < s.length - 1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** FNV-1a over the text: a cheap cache key, not a security boundary. */
function hash(s: string): string {
  let x = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) x = Math.imul(x ^ s.charCodeAt(i), 0x01000193);
  return (x >>> 0).toString(36);
}
