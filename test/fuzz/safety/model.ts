/**
 * The model-based test of the review's promise: seeded random sequences of agent writes, user
 * edits (saved and unsaved), Undo file / all / hunk, Keep, Restore to here and Redo, with an
 * oracle checked after every step:
 * - no line the user wrote is lost, unless the user answered "take the earlier version" to a
 *   question that named that file;
 * - an undo of a file nobody touched since its turn ended gives exactly the file before the turn.
 * A failing sequence is shrunk to a minimal one (steps removed while it still fails).
 */
import { planRestore, planUndoFiles, planUndoHunk } from '../../../src/checkpoints/merge/plans.js';
import { conflictsOf, splitForEngine, writesFor, type PathPlan, type WriteAction } from '../../../src/checkpoints/merge/resolve.js';
import { computeHunks, splitLines } from '../../../src/checkpoints/hunks.js';
import type { HunkKey } from '../../../src/checkpoints/merge/hunkTarget.js';
import { anchorOf, turnsSince } from '../../../src/thread/review/anchor.js';
import type { ChangesEntry, UserEntry } from '../../../src/thread/types.js';
import { Prng } from '../prng.js';
import { applyActions, MemoryWorld, mine, type World } from './world.js';
import { GitWorld } from './gitWorld.js';

const FILES = ['a.txt', 'b.txt', 'sub/c.txt', 'sub/d.txt'];
type Answer = 'keep' | 'take' | 'cancel' | 'compare';
const ANSWERS: Answer[] = ['keep', 'take', 'cancel', 'compare'];

export type Step =
  | { op: 'turn'; writes: Array<{ file: number; line: number; kind: number }> }
  | { op: 'user'; file: number; line: number; kind: number; saved: boolean }
  | { op: 'save' | 'revert' | 'delete'; file: number }
  | { op: 'rmdir' | 'housekeeping' }
  | { op: 'undoFile' | 'keep'; turn: number; file: number; answer: Answer }
  | { op: 'undoAll' | 'restore'; turn: number; answer: Answer }
  | { op: 'undoHunk'; turn: number; file: number; hunk: number; answer: Answer };

export function randomSteps(rng: Prng, n: number): Step[] {
  const steps: Step[] = [{ op: 'turn', writes: [{ file: 0, line: 0, kind: 1 }, { file: 1, line: 0, kind: 1 }] }];
  for (let i = 1; i < n; i++) {
    const r = rng.int(100);
    const file = rng.int(FILES.length);
    const answer = rng.pick(ANSWERS);
    if (r < 22) steps.push({ op: 'turn', writes: Array.from({ length: 1 + rng.int(3) }, () => ({ file: rng.int(FILES.length), line: rng.int(14), kind: rng.int(10) })) });
    else if (r < 47) steps.push({ op: 'user', file, line: rng.int(14), kind: rng.int(4), saved: rng.chance(0.6) });
    else if (r < 50) steps.push({ op: rng.pick(['save', 'revert', 'delete'] as const), file });
    else if (r < 52) steps.push({ op: rng.pick(['rmdir', 'housekeeping'] as const) });
    else if (r < 64) steps.push({ op: 'undoFile', turn: rng.int(8), file, answer });
    else if (r < 70) steps.push({ op: 'undoAll', turn: rng.int(8), answer });
    else if (r < 84) steps.push({ op: 'undoHunk', turn: rng.int(8), file, hunk: rng.int(4), answer });
    else if (r < 87) steps.push({ op: 'keep', turn: rng.int(8), file, answer });
    else steps.push({ op: 'restore', turn: rng.int(8), answer });
  }
  return steps;
}

interface TurnFile { path: string; oldPath?: string; state?: 'kept' | 'undone'; hunks?: HunkKey[] }
interface Turn { turnId: string; before: string; after: string; files: TurnFile[]; user: UserEntry; changes: ChangesEntry }

const tokens = (text: string | undefined, prefix: string) => new Set((text ?? '').match(new RegExp(`${prefix}\\d+`, 'g')) ?? []);

export type WorldKind = 'memory' | 'git';

/** Files of a dozen lines to start with, so edits far apart merge and edits close together do not. */
const START = new Map(FILES.slice(0, 3).map((path) => [path, Array.from({ length: 12 }, (_, i) => `${path} line ${i + 1}\n`).join('')]));

export class Model {
  private readonly turns: Turn[] = [];
  /** The user's lines (unique tokens) the files must still hold, wherever they are (an agent's rename moves them). */
  private userLines = new Set<string>();
  /** Per turn, the files written by anyone since it ended. */
  private readonly touched = new Map<Turn, Set<string>>();
  private counter = 0;
  readonly stats = { conflicts: 0, cleanMerges: 0, exactUndos: 0, restores: 0, redos: 0, hunks: 0 };

  private constructor(readonly world: World) {}

  static async create(kind: WorldKind): Promise<Model> {
    if (kind === 'git') return new Model(await GitWorld.create(START));
    const world = new MemoryWorld();
    for (const [path, text] of START) await world.writeDisk(path, text);
    return new Model(world);
  }

  private edited(path: string): void {
    for (const set of this.touched.values()) set.add(path);
  }

  private async userLinesNow(): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    for (const path of FILES) out.set(path, tokens(await mine(this.world, path), 'U'));
    return out;
  }

  /** The user's lines as the files hold them now: after the user's own steps and the agent's, which are not the panel's doing. */
  private async refreshUserLines(_path?: string): Promise<void> {
    this.userLines = new Set([...(await this.userLinesNow()).values()].flatMap((set) => [...set]));
  }

  private ids = 0;
  private nextId(prefix: string): string {
    return `${prefix}${++this.ids}`;
  }

  private editText(text: string | undefined, line: number, kind: number, token: string): string | undefined {
    const lines = splitLines(text ?? '');
    const at = lines.length ? line % (lines.length + 1) : 0;
    if (kind === 0 && lines.length) lines.splice(Math.min(at, lines.length - 1), 1); // delete a line
    else if (kind === 1 || !lines.length || at === lines.length) lines.splice(at, 0, `${token}\n`); // insert
    else lines[at] = `${token}${lines[at]!.endsWith('\n') ? '\n' : ''}`; // rewrite
    return lines.join('');
  }

  async run(step: Step): Promise<void> {
    const w = this.world;
    switch (step.op) {
      case 'turn': return this.turn(step);
      case 'user': {
        const path = FILES[step.file]!;
        const text = this.editText(await mine(w, path), step.line, step.kind % 3, `U${++this.counter}`)!;
        if (step.saved) { await w.writeDisk(path, text); w.buffers.delete(path); } else w.buffers.set(path, text);
        this.edited(path);
        return this.refreshUserLines(path);
      }
      case 'save': case 'revert': case 'delete': {
        const path = FILES[step.file]!;
        if (step.op === 'save' && w.buffers.has(path)) await w.writeDisk(path, w.buffers.get(path));
        if (step.op === 'delete' && !w.buffers.has(path)) await w.writeDisk(path, undefined);
        if (step.op !== 'delete') w.buffers.delete(path);
        this.edited(path);
        return this.refreshUserLines(path);
      }
      case 'rmdir':
        // The user removes a folder (its files without unsaved editors).
        for (const path of FILES.filter((p) => p.startsWith('sub/') && !w.buffers.has(p))) {
          await w.writeDisk(path, undefined);
          this.edited(path);
          await this.refreshUserLines(path);
        }
        return;
      case 'housekeeping':
        return w.housekeeping();
      default: return this.panel(step);
    }
  }

  private async turn(step: Extract<Step, { op: 'turn' }>): Promise<void> {
    const w = this.world;
    const before = await w.take();
    // The review pairs a renamed file's two names (git's rename detection does in the product).
    const renamed = new Map<string, string>();
    for (const x of step.writes) {
      const path = FILES[x.file]!;
      const disk = await w.readDisk(path);
      // The agent writes the disk (through fs/* or by itself); an unsaved editor keeps the user's text.
      if (x.kind === 8 && disk !== undefined) {
        // A rename to a free name.
        // Only renames git pairs as such: to a name free before the turn, of a file not itself just renamed.
        const to = FILES.find((p, i) => i !== x.file && !w.buffers.has(p) && (x.line + i) % 2 === 0);
        if (to && !renamed.has(path) && ![...renamed.values()].includes(to) && (await w.readDisk(to)) === undefined && (await w.snapshotText(before, to)) === undefined) {
          await w.writeDisk(to, disk);
          await w.writeDisk(path, undefined);
          renamed.set(to, path);
          this.edited(to);
          this.edited(path);
          if (!w.buffers.has(path)) await this.refreshUserLines(path);
          await this.refreshUserLines(to);
          continue;
        }
      }
      const next = x.kind === 9 && disk !== undefined ? undefined : this.editText(disk, x.line, x.kind % 3, `A${++this.counter}`);
      await w.writeDisk(path, next);
      this.edited(path);
      if (!w.buffers.has(path)) await this.refreshUserLines(path);
    }
    const after = await w.take();
    const turnId = this.nextId('t');
    const files: TurnFile[] = [];
    const root = w.root;
    const changed = await w.sources.changedBetween(root, before, after);
    const pairs = [...renamed].filter(([to, from]) => changed.includes(to) && changed.includes(from) && renamed.get(from) === undefined);
    for (const path of changed) {
      if (pairs.some(([, from]) => from === path)) continue; // listed under its new name
      const oldPath = pairs.find(([to]) => to === path)?.[1];
      const b = await w.snapshotText(before, oldPath ?? path);
      const a = await w.snapshotText(after, path);
      if (b === a && !oldPath) continue;
      const hunks = b !== undefined && a !== undefined ? computeHunks(b, a).map((h) => ({ oldStart: h.oldStart, oldCount: h.oldLines.length, newCount: h.newLines.length })) : undefined;
      files.push({ path, ...(oldPath ? { oldPath } : {}), ...(hunks ? { hunks } : {}) });
    }
    const user: UserEntry = { type: 'user', id: this.nextId('e'), turnId, content: [], checkpoint: [{ root, id: before }] };
    const changes: ChangesEntry = { type: 'changes', id: this.nextId('e'), turnId, files: [], after: [{ root, id: after }] };
    w.entries.push(user, changes);
    const turn = { turnId, before, after, files, user, changes };
    this.turns.push(turn);
    this.touched.set(turn, new Set());
  }

  /** Asks (the step's answer), applies, and checks the oracle. */
  private async carry(plans: PathPlan[], answer: Answer, apply = (actions: WriteAction[]) => applyActions(this.world, actions)): Promise<{ done: boolean; kept: string[]; moved: string[] }> {
    const conflicts = conflictsOf(plans);
    this.stats.conflicts += conflicts.length;
    this.stats.cleanMerges += plans.filter((p) => p.plan.kind === 'write' && !p.plan.exact).length;
    const asked = conflicts.length ? answer : 'keep';
    if (asked === 'cancel' || asked === 'compare') return { done: false, kept: [], moved: [] };
    const before = await this.userLinesNow();
    const { written, moved } = await apply(writesFor(plans, asked));
    for (const path of written) this.edited(path);
    // The oracle: every line of the user's is still somewhere, except those in files the user agreed to lose.
    const lost = new Set(asked === 'take' ? conflicts.flatMap((c) => [...(before.get(c.path) ?? [])]) : []);
    const after = await this.userLinesNow();
    const now = new Set([...after.values()].flatMap((set) => [...set]));
    for (const tok of this.userLines) {
      if (now.has(tok) || lost.has(tok)) continue;
      const was = [...before].find(([, set]) => set.has(tok))?.[0];
      throw new Error(`user line ${tok} (in ${was}) lost without asking: ${was} is now ${JSON.stringify(await mine(this.world, was ?? ''))}`);
    }
    this.userLines = now;
    return { done: true, kept: asked === 'keep' ? conflicts.map((c) => c.path) : [], moved };
  }

  private async panel(step: Exclude<Step, { op: 'turn' | 'user' | 'save' | 'revert' | 'delete' | 'rmdir' | 'housekeeping' }>): Promise<void> {
    const w = this.world;
    const ROOT = w.root;
    if (!this.turns.length) return;
    const turn = this.turns[step.turn % this.turns.length]!;
    const open = turn.files.filter((f) => !f.state);
    const pickFile = (n: number) => open[n % Math.max(1, open.length)];
    switch (step.op) {
      case 'keep': {
        const f = pickFile(step.file);
        if (f) f.state = 'kept';
        return;
      }
      case 'undoFile': case 'undoAll': {
        const one = step.op === 'undoFile' ? step.file : 0;
        const targets = step.op === 'undoAll' ? open : [pickFile(one)].filter((f): f is TurnFile => !!f);
        if (!targets.length) return;
        const untouched = targets.filter((f) => !f.oldPath && !this.touched.get(turn)!.has(f.path) && !w.buffers.has(f.path));
        const plans = await planUndoFiles(w.sources, targets.map((f) => ({ root: ROOT, path: f.path, ...(f.oldPath ? { oldPath: f.oldPath } : {}), before: turn.before, after: turn.after })));
        const r = await this.carry(plans, step.answer);
        if (!r.done) return;
        const left = [...r.kept, ...r.moved];
        for (const f of targets) if (!left.includes(f.path) && !(f.oldPath && left.includes(f.oldPath))) f.state = 'undone';
        // A clean undo of a file nobody touched since the turn is exactly the file before it.
        for (const f of untouched) {
          const want = await w.snapshotText(turn.before, f.path);
          const got = await mine(w, f.path);
          if (got !== want) throw new Error(`undo of untouched ${f.path} gave ${JSON.stringify(got)}, not the file before the turn ${JSON.stringify(want)}`);
          this.stats.exactUndos++;
        }
        return;
      }
      case 'undoHunk': {
        const f = pickFile(step.file);
        if (!f?.hunks?.length) return;
        const key = f.hunks[step.hunk % f.hunks.length]!;
        const planned = await planUndoHunk(w.sources, { root: ROOT, path: f.path, ...(f.oldPath ? { oldPath: f.oldPath } : {}), before: turn.before, after: turn.after }, f.hunks, key);
        if (!planned.ok) throw new Error(`a listed hunk of ${f.path} was not found: ${planned.reason}`);
        this.stats.hunks++;
        const r = await this.carry([planned.plan], step.answer);
        if (r.done && !r.kept.length && !r.moved.length) f.hunks = planned.remaining;
        return;
      }
      case 'restore': {
        const user = turn.user;
        const redo = user.redo;
        // As checkpointService.ts: a redo goes back to the snapshot taken before the restore.
        const root = redo ? { target: redo[0]!.id, anchor: user.checkpoint![0]!.id, turns: [] }
          : { target: user.checkpoint![0]!.id, anchor: anchorOf(w.entries, ROOT), turns: turnsSince(w.entries, turn.turnId, ROOT) };
        const plans = (await planRestore(w.sources, ROOT, root.target, root.anchor, root.turns)).filter((p) => p.plan.kind !== 'same');
        if (!plans.length) return;
        if (step.answer === 'cancel') return; // the confirmation itself
        let redoId = '';
        // As restoreFlow.ts: exact files through the snapshot engine (which takes the redo snapshot first), the rest as the editor writes.
        const r = await this.carry(plans, step.answer, async (actions) => {
          const renames = (await w.sources.changedSince(ROOT, root.target)).length ? await this.renamesSince(root.target) : [];
          const { engine, editor } = splitForEngine(actions, (a) => w.buffers.has(a.path), renames);
          redoId = await w.restoreExact(root.target, new Set(engine.map((a) => a.path)));
          const edited = await applyActions(w, editor);
          return { written: [...engine.map((a) => a.path), ...edited.written], moved: edited.moved };
        });
        if (!r.done) return;
        if (redo) { this.stats.redos++; this.redone(user); } else { this.stats.restores++; this.restored(user, redoId); }
        return;
      }
    }
  }

  /** Renamed files between a snapshot and now, as the engine pairs them (git's rename detection). */
  private async renamesSince(target: string): Promise<{ root: string; path: string; oldPath: string }[]> {
    return this.world instanceof GitWorld ? this.world.renamesSince(target) : [];
  }

  // The thread's bookkeeping of a restore and a redo (src/thread/review/checkpoints.ts).
  private restored(user: UserEntry, redoId: string): void {
    for (const e of this.world.entries) if (e.type === 'user') delete e.redo;
    this.mark(user, true);
    user.redo = [{ root: this.world.root, id: redoId }];
  }

  private redone(user: UserEntry): void {
    delete user.redo;
    this.mark(user, false);
  }

  private mark(user: UserEntry, undone: boolean): void {
    const from = this.world.entries.indexOf(user);
    for (const e of this.world.entries.slice(from)) {
      if (e.type !== 'user' && e.type !== 'changes') continue;
      if (undone) e.undone = true; else delete e.undone;
    }
  }
}

export interface SequenceFailure { seed: number; steps: Step[]; error: string }

export async function runSequence(steps: readonly Step[], kind: WorldKind = 'memory'): Promise<{ error?: string; model: Model }> {
  const model = await Model.create(kind);
  try {
    for (const s of steps) await model.run(s);
    return { model };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), model };
  } finally {
    await model.world.dispose();
  }
}

/** Removes steps one at a time while the sequence still fails: what is left is minimal. */
export async function shrink(steps: readonly Step[], kind: WorldKind = 'memory'): Promise<Step[]> {
  let current = [...steps];
  for (let changed = true; changed;) {
    changed = false;
    for (let i = current.length - 1; i >= 0; i--) {
      const shorter = current.filter((_, j) => j !== i);
      if ((await runSequence(shorter, kind)).error) { current = shorter; changed = true; }
    }
  }
  return current;
}

export async function fuzzSafety(seed: number, sequences: number, kind: WorldKind = 'memory', length = 24): Promise<{ failures: SequenceFailure[]; stats: Model['stats'] }> {
  const rng = new Prng(seed);
  const failures: SequenceFailure[] = [];
  const stats = { conflicts: 0, cleanMerges: 0, exactUndos: 0, restores: 0, redos: 0, hunks: 0 };
  for (let i = 0; i < sequences && failures.length < 3; i++) {
    const steps = randomSteps(rng, 4 + rng.int(length));
    const r = await runSequence(steps, kind);
    for (const k of Object.keys(stats) as (keyof typeof stats)[]) stats[k] += r.model.stats[k];
    if (r.error) {
      const minimal = await shrink(steps, kind);
      failures.push({ seed, steps: minimal, error: (await runSequence(minimal, kind)).error ?? r.error });
    }
  }
  return { failures, stats };
}
