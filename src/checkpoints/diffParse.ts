/**
 * Parses `git diff-tree -r -z -M --raw --numstat` output into FileChange records.
 * With -z the raw records come first (`:oldmode newmode oldid newid STATUS\0path\0[path\0]`),
 * then numstat (`added\tdeleted\tpath\0`, or `added\tdeleted\t\0old\0new\0` for a rename).
 */
import type { ChangeStatus, FileChange } from './types.js';

const ZERO = /^0+$/;

function status(letter: string): ChangeStatus {
  switch (letter[0]) {
    case 'A': return 'added';
    case 'D': return 'deleted';
    case 'R': return 'renamed';
    case 'T': return 'type-changed';
    default: return 'modified';
  }
}

export function parseDiffTree(out: string): FileChange[] {
  const t = out.split('\0');
  const files: FileChange[] = [];
  const byPath = new Map<string, FileChange>();
  let i = 0;
  while (i < t.length) {
    const head = t[i]!;
    if (head === '') { i++; continue; }
    if (head.startsWith(':')) {
      const [oldMode, newMode, oldId, newId, letter] = head.slice(1).split(' ') as [string, string, string, string, string];
      const st = status(letter);
      const two = st === 'renamed' || letter.startsWith('C');
      const first = t[i + 1] ?? '';
      const path = two ? t[i + 2] ?? '' : first;
      const f: FileChange = {
        path, status: st, added: 0, deleted: 0, binary: false,
        oldId: ZERO.test(oldId) ? '' : oldId, newId: ZERO.test(newId) ? '' : newId, oldMode, newMode,
        ...(two ? { oldPath: first } : {}),
      };
      files.push(f);
      byPath.set(path, f);
      i += two ? 3 : 2;
      continue;
    }
    // numstat
    const parts = head.split('\t');
    let path = parts.slice(2).join('\t');
    let step = 1;
    if (path === '') { path = t[i + 2] ?? ''; step = 3; }
    const f = byPath.get(path);
    if (f) {
      if (parts[0] === '-') f.binary = true;
      else { f.added = Number(parts[0]) || 0; f.deleted = Number(parts[1]) || 0; }
    }
    i += step;
  }
  return files;
}
