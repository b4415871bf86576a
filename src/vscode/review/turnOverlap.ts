/**
 * Two tabs whose turns overlap in time and change the same file: neither turn's snapshot can
 * tell whose edit is whose, so each row says "also changed by <other tab>" instead of
 * attributing the file to its own turn alone. Free of `vscode`; the checkpoint service feeds it.
 */
import type { ChangedFile } from '../../protocol/events.js';

export interface TurnRecord {
  /** The tab's thread (identity only). */
  owner: object;
  turnId: string;
  title: () => string;
  started: number;
  ended?: number;
  files: ChangedFile[];
  /** Re-publishes this turn's row when another turn's end finds an overlap later. */
  republish(files: ChangedFile[]): void;
}

const KEEP = 50;
const keyOf = (f: Pick<ChangedFile, 'root' | 'path'>) => f.root + '\0' + f.path;

export class TurnOverlaps {
  private readonly turns: TurnRecord[] = [];

  begin(record: Omit<TurnRecord, 'files'>): TurnRecord {
    const r: TurnRecord = { ...record, files: [] };
    this.turns.push(r);
    if (this.turns.length > KEEP) this.turns.splice(0, this.turns.length - KEEP);
    return r;
  }

  /** Other tabs' turns that overlap `r` in time. */
  private overlapping(r: TurnRecord, now: number): TurnRecord[] {
    return this.turns.filter((o) => o.owner !== r.owner
      && o.started <= (r.ended ?? now) && (o.ended ?? Infinity) >= r.started);
  }

  /** `files` of `r` with the other tabs that changed the same file in an overlapping turn. */
  annotate(r: TurnRecord, files: ChangedFile[], now = Date.now()): ChangedFile[] {
    const others = this.overlapping(r, now);
    return files.map((f) => {
      const by = [...new Set(others.filter((o) => o.files.some((g) => keyOf(g) === keyOf(f))).map((o) => o.title()))];
      const { alsoChangedBy: _old, ...rest } = f;
      return by.length ? { ...rest, alsoChangedBy: by } : rest;
    });
  }

  /**
   * Records `r`'s latest files (ended: its final ones) and returns them annotated; overlapping
   * turns that share a file get their rows annotated again, since they may have ended first.
   */
  update(r: TurnRecord, files: ChangedFile[], ended = false, now = Date.now()): ChangedFile[] {
    r.files = files;
    if (ended) r.ended = now;
    for (const o of this.overlapping(r, now)) {
      if (o.files.some((g) => files.some((f) => keyOf(f) === keyOf(g)))) {
        o.files = this.annotate(o, o.files, now);
        o.republish(o.files);
      }
    }
    return this.annotate(r, files, now);
  }
}
