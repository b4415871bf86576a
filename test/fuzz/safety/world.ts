/**
 * The worlds the model-based test of "nothing the user wrote is lost" plays in: files on a
 * disk, editors with unsaved text, snapshots, and the thread's rows that the panel's anchors
 * are read from. Everything the product decides — plans, merges, which writes a conflict
 * answer allows, which snapshot is the anchor — is the product's own code (src/checkpoints/
 * merge, src/thread/review/anchor.ts). A world holds state and applies writes the way the
 * editor layer does (each file checked again just before; unsaved editors edited and left
 * unsaved; a restore's exact files written by the snapshot engine).
 *
 * Two worlds: MemoryWorld (snapshots in memory: thousands of sequences a second) and GitWorld
 * (gitWorld.ts: a real folder in a real git repository, the real snapshot store and restore,
 * and git housekeeping in the user's repository between steps).
 */
import type { Sources } from '../../../src/checkpoints/merge/plans.js';
import type { WriteAction } from '../../../src/checkpoints/merge/resolve.js';
import { equal } from '../../../src/checkpoints/merge/filePlan.js';
import type { ThreadEntry } from '../../../src/thread/types.js';

export const ROOT_KEY = 'root';
const enc = new TextEncoder();
const dec = new TextDecoder();
const bytes = (t: string | undefined) => (t === undefined ? undefined : enc.encode(t));

export interface World {
  readonly root: string;
  /** Open editors with unsaved text. */
  readonly buffers: Map<string, string>;
  readonly entries: ThreadEntry[];
  readonly sources: Sources;
  readDisk(path: string): Promise<string | undefined>;
  writeDisk(path: string, text: string | undefined): Promise<void>;
  /** A snapshot of the disk (unsaved editors are not on disk, as with git). */
  take(): Promise<string>;
  snapshotText(id: string, path: string): Promise<string | undefined>;
  /** The exact part of a restore, as the snapshot engine writes it; returns the redo snapshot. */
  restoreExact(target: string, only: ReadonlySet<string>): Promise<string>;
  /** Something outside the panel that must change nothing (git gc in the user's repository). */
  housekeeping(): Promise<void>;
  dispose(): Promise<void>;
}

export async function mine(w: World, path: string): Promise<string | undefined> {
  return w.buffers.get(path) ?? (await w.readDisk(path));
}

/** As applyWrites.ts: a file that is no longer what was planned is left alone. */
export async function applyActions(w: World, actions: readonly WriteAction[]): Promise<{ written: string[]; moved: string[] }> {
  const written: string[] = [];
  const moved: string[] = [];
  for (const a of actions) {
    if (!equal(bytes(await mine(w, a.path)), a.expect)) { moved.push(a.path); continue; }
    if (a.kind === 'remove') {
      await w.writeDisk(a.path, undefined);
      w.buffers.delete(a.path);
    } else if (w.buffers.has(a.path)) w.buffers.set(a.path, dec.decode(a.bytes));
    else await w.writeDisk(a.path, dec.decode(a.bytes));
    written.push(a.path);
  }
  return { written, moved };
}

/** Sources over a world: what the editor's would read (unsaved text first). */
export function worldSources(w: World, snapshotBytes: (id: string, path: string) => Promise<Uint8Array | undefined>,
  changed: (from: string, to: string | undefined) => Promise<string[]>): Sources {
  return {
    snapshotFile: (_root, id, path) => snapshotBytes(id, path),
    mine: async (_root, path) => bytes(await mine(w, path)),
    changedSince: (_root, id) => changed(id, undefined),
    changedBetween: (_root, from, to) => changed(from, to),
  };
}

export class MemoryWorld implements World {
  readonly root = '/w';
  readonly buffers = new Map<string, string>();
  readonly entries: ThreadEntry[] = [];
  private readonly disk = new Map<string, string>();
  private readonly snapshots = new Map<string, Map<string, string>>();
  private ids = 0;

  readonly sources = worldSources(this, async (id, path) => bytes(this.snapshots.get(id)?.get(path)), async (from, to) => {
    const a = this.snapshots.get(from) ?? new Map<string, string>();
    const b = to === undefined ? this.disk : this.snapshots.get(to) ?? new Map<string, string>();
    return [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();
  });

  async readDisk(path: string) { return this.disk.get(path); }
  async writeDisk(path: string, text: string | undefined) {
    if (text === undefined) this.disk.delete(path); else this.disk.set(path, text);
  }
  async take() {
    const id = `s${++this.ids}`;
    this.snapshots.set(id, new Map(this.disk));
    return id;
  }
  async snapshotText(id: string, path: string) { return this.snapshots.get(id)?.get(path); }
  async restoreExact(target: string, only: ReadonlySet<string>) {
    const redo = await this.take();
    for (const path of only) await this.writeDisk(path, this.snapshots.get(target)?.get(path));
    return redo;
  }
  async housekeeping() {}
  async dispose() {}
}
