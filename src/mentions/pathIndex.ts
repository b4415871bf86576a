/**
 * The workspace's files and folders in memory, for @-mention completion on every keystroke.
 *
 * The host fills it once (VS Code's file search with the user's excludes) and keeps it current
 * from a file watcher; a search is a pass over plain strings with `fuzzy.ts`, well under the
 * 100 ms a keystroke may take on 50,000 paths (`npm run bench mentions`). Folders are not
 * listed separately: every folder holding an indexed file is one, counted by its files.
 */
import { baseNameStart, fuzzyScore } from './fuzzy.js';

export interface PathHit {
  /** Absolute path (the host's separator). */
  path: string;
  /** Relative to its workspace root, with `/`; a folder ends with `/`. */
  label: string;
  folder: boolean;
}

interface Entry extends PathHit {
  lower: string;
  baseStart: number;
}

export class PathIndex {
  private readonly entries = new Map<string, Entry>();
  /** Folder path → how many indexed files are inside it (at any depth). */
  private readonly folderFiles = new Map<string, number>();
  /** A flat copy for searching, rebuilt after changes. */
  private flat: Entry[] | undefined;

  constructor(private readonly sep = '/') {}


  get size(): number {
    return this.entries.size;
  }

  /** Adds a file: its absolute path, and that path relative to its root with `/` separators. */
  addFile(path: string, label: string): void {
    if (this.entries.has(path)) return;
    this.entries.set(path, entry(path, label, false));
    // The path is its root followed by the label (with the host's separators): same offsets.
    const rootLength = path.length - label.length;
    for (let slash = label.indexOf('/'); slash >= 0; slash = label.indexOf('/', slash + 1)) {
      const folderPath = path.slice(0, rootLength + slash);
      const n = this.folderFiles.get(folderPath) ?? 0;
      this.folderFiles.set(folderPath, n + 1);
      if (n === 0) this.entries.set(folderPath, entry(folderPath, label.slice(0, slash + 1), true));
    }
    this.flat = undefined;
  }

  /** Removes a file, or a folder and everything the index has inside it. */
  remove(path: string): void {
    const hit = this.entries.get(path);
    if (!hit) return;
    if (hit.folder) {
      for (const e of [...this.entries.values()]) if (!e.folder && e.label.startsWith(hit.label)) this.removeFile(e);
      return;
    }
    this.removeFile(hit);
  }

  private removeFile(file: Entry): void {
    this.entries.delete(file.path);
    const { path, label } = file;
    const rootLength = path.length - label.length;
    for (let slash = label.indexOf('/'); slash >= 0; slash = label.indexOf('/', slash + 1)) {
      const folderPath = path.slice(0, rootLength + slash);
      const n = (this.folderFiles.get(folderPath) ?? 1) - 1;
      if (n > 0) {
        this.folderFiles.set(folderPath, n);
        continue;
      }
      this.folderFiles.delete(folderPath);
      this.entries.delete(folderPath);
    }
    this.flat = undefined;
  }

  clear(): void {
    this.entries.clear();
    this.folderFiles.clear();
    this.flat = undefined;
  }

  /** The best `limit` files and folders for `query`, best first. */
  search(query: string, limit: number, cancelled: () => boolean = () => false): PathHit[] {
    const q = query.toLowerCase();
    const all = (this.flat ??= [...this.entries.values()]);
    // Keep only the best `limit` while scanning: no sort of 50,000 scores.
    const best: Array<{ e: Entry; score: number }> = [];
    let worst = -Infinity;
    for (let i = 0; i < all.length; i++) {
      if ((i & 4095) === 0 && i > 0 && cancelled()) return [];
      const e = all[i]!;
      const score = fuzzyScore(q, e.label, e.lower, e.baseStart) - (e.folder ? 1 : 0);
      if (score < 0 || (best.length >= limit && score <= worst)) continue;
      let at = best.length;
      while (at > 0 && better(score, e, best[at - 1]!)) at--;
      best.splice(at, 0, { e, score });
      if (best.length > limit) best.pop();
      worst = best.length >= limit ? best[best.length - 1]!.score : -Infinity;
    }
    return best.map(({ e }) => ({ path: e.path, label: e.label, folder: e.folder }));
  }

  /** The files under a folder (absolute path), as labels, at most `max`, sorted; `more` when there were more. */
  filesUnder(folderPath: string, max: number): { labels: string[]; more: boolean } {
    const prefix = folderPath.endsWith(this.sep) ? folderPath : folderPath + this.sep;
    const labels: string[] = [];
    for (const e of this.entries.values()) if (!e.folder && e.path.startsWith(prefix)) labels.push(e.label);
    labels.sort();
    return { labels: labels.slice(0, max), more: labels.length > max };
  }

  /** The label of an indexed path (a folder's ends with `/`). */
  labelOf(path: string): string | undefined {
    return this.entries.get(path)?.label;
  }
}

function better(score: number, e: Entry, other: { e: Entry; score: number }): boolean {
  return score > other.score || (score === other.score && e.label.length < other.e.label.length);
}

function entry(path: string, label: string, folder: boolean): Entry {
  return { path, label, folder, lower: label.toLowerCase(), baseStart: baseNameStart(label) };
}
