/**
 * The world the model-based test of "nothing the user wrote is lost" plays in: files on a
 * disk, editors with unsaved text, snapshots, and the thread's rows that the panel's anchors
 * are read from. Everything the product decides — plans, merges, which writes a conflict
 * answer allows, which snapshot is the anchor — is the product's own code (src/checkpoints/
 * merge, src/thread/review/anchor.ts); this file only holds state and applies writes the way
 * the editor layer does (re-checking each file, unsaved editors edited and left unsaved).
 */
import type { Sources } from '../../../src/checkpoints/merge/plans.js';
import type { WriteAction } from '../../../src/checkpoints/merge/resolve.js';
import { equal } from '../../../src/checkpoints/merge/filePlan.js';
import type { ThreadEntry } from '../../../src/thread/types.js';

export const ROOT = '/w';
const enc = new TextEncoder();
const dec = new TextDecoder();

export class World {
  readonly disk = new Map<string, string>();
  /** Open editors with unsaved text. */
  readonly buffers = new Map<string, string>();
  private readonly snapshots = new Map<string, Map<string, string>>();
  readonly entries: ThreadEntry[] = [];
  private ids = 0;

  mine(path: string): string | undefined {
    return this.buffers.get(path) ?? this.disk.get(path);
  }

  /** A snapshot of the disk (unsaved editors are not on disk, as with git). */
  take(): string {
    const id = `s${++this.ids}`;
    this.snapshots.set(id, new Map(this.disk));
    return id;
  }

  snapshotText(id: string, path: string): string | undefined {
    return this.snapshots.get(id)?.get(path);
  }

  readonly sources: Sources = {
    snapshotFile: async (_root, id, path) => {
      const t = this.snapshots.get(id)?.get(path);
      return t === undefined ? undefined : enc.encode(t);
    },
    mine: async (_root, path) => {
      const t = this.mine(path);
      return t === undefined ? undefined : enc.encode(t);
    },
    changedSince: async (_root, id) => {
      const snap = this.snapshots.get(id) ?? new Map<string, string>();
      return [...new Set([...snap.keys(), ...this.disk.keys()])].filter((p) => snap.get(p) !== this.disk.get(p)).sort();
    },
    changedBetween: async (_root, from, to) => {
      const a = this.snapshots.get(from) ?? new Map<string, string>();
      const b = this.snapshots.get(to) ?? new Map<string, string>();
      return [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();
    },
  };

  /** As applyWrites.ts: a file that is no longer what was planned is left alone. */
  apply(actions: readonly WriteAction[]): { written: string[]; moved: string[] } {
    const written: string[] = [];
    const moved: string[] = [];
    for (const a of actions) {
      const now = this.mine(a.path);
      if (!equal(now === undefined ? undefined : enc.encode(now), a.expect)) { moved.push(a.path); continue; }
      if (a.kind === 'remove') {
        this.disk.delete(a.path);
        this.buffers.delete(a.path);
      } else if (this.buffers.has(a.path)) this.buffers.set(a.path, dec.decode(a.bytes));
      else this.disk.set(a.path, dec.decode(a.bytes));
      written.push(a.path);
    }
    return { written, moved };
  }

  nextId(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }
}
