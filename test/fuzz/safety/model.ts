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
import { conflictsOf, writesFor, type PathPlan } from '../../../src/checkpoints/merge/resolve.js';
import { computeHunks, splitLines } from '../../../src/checkpoints/hunks.js';
import type { HunkKey } from '../../../src/checkpoints/merge/hunkTarget.js';
import { anchorOf, turnsSince } from '../../../src/thread/review/anchor.js';
import type { ChangesEntry, UserEntry } from '../../../src/thread/types.js';
import { Prng } from '../prng.js';
import { ROOT, World } from './world.js';

const FILES = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
type Answer = 'keep' | 'take' | 'cancel' | 'compare';
const ANSWERS: Answer[] = ['keep', 'take', 'cancel', 'compare'];

export type Step =
  | { op: 'turn'; writes: Array<{ file: number; line: number; kind: number }> }
  | { op: 'user'; file: number; line: number; kind: number; saved: boolean }
  | { op: 'save' | 'revert' | 'delete'; file: number }
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
    else if (r < 52) steps.push({ op: rng.pick(['save', 'revert', 'delete'] as const), file });
    else if (r < 64) steps.push({ op: 'undoFile', turn: rng.int(8), file, answer });
    else if (r < 70) steps.push({ op: 'undoAll', turn: rng.int(8), answer });
    else if (r < 84) steps.push({ op: 'undoHunk', turn: rng.int(8), file, hunk: rng.int(4), answer });
    else if (r < 87) steps.push({ op: 'keep', turn: rng.int(8), file, answer });
    else steps.push({ op: 'restore', turn: rng.int(8), answer });
  }
  return steps;
}

interface TurnFile { path: string; state?: 'kept' | 'undone'; hunks?: HunkKey[] }
interface Turn { turnId: string; before: string; after: string; files: TurnFile[]; user: UserEntry; changes: ChangesEntry }

const tokens = (text: string | undefined, prefix: string) => new Set((text ?? '').match(new RegExp(`${prefix}\\d+`, 'g')) ?? []);

export class Model {
  readonly world = new World();
  private readonly turns: Turn[] = [];
  /** The user's lines (unique tokens) each file must still hold. */
  private readonly userLines = new Map<string, Set<string>>();
  /** Per turn, the files written by anyone since it ended. */
  private readonly touched = new Map<Turn, Set<string>>();
  private counter = 0;
  readonly stats = { conflicts: 0, cleanMerges: 0, exactUndos: 0, restores: 0, redos: 0, hunks: 0 };

  constructor() {
    // Files of a dozen lines to start with, so edits far apart merge and edits close together do not.
    for (const path of FILES.slice(0, 3)) this.world.disk.set(path, Array.from({ length: 12 }, (_, i) => `${path} line ${i + 1}\n`).join(''));
  }

  private edited(path: string): void {
    for (const set of this.touched.values()) set.add(path);
  }

  private refreshUserLines(path: string): void {
    this.userLines.set(path, tokens(this.world.mine(path), 'U'));
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
    switch (step.op) {
      case 'turn': return this.turn(step);
      case 'user': {
        const path = FILES[step.file]!;
        const text = this.editText(this.world.mine(path), step.line, step.kind % 3, `U${++this.counter}`);
        if (step.saved) { this.world.disk.set(path, text!); this.world.buffers.delete(path); } else this.world.buffers.set(path, text!);
        this.edited(path);
        this.refreshUserLines(path);
        return;
      }
      case 'save': case 'revert': case 'delete': {
        const path = FILES[step.file]!;
        if (step.op === 'save' && this.world.buffers.has(path)) this.world.disk.set(path, this.world.buffers.get(path)!);
        if (step.op !== 'delete' || !this.world.buffers.has(path)) this.world.buffers.delete(path);
        if (step.op === 'delete' && this.world.disk.has(path) && !this.world.buffers.has(path)) this.world.disk.delete(path);
        this.edited(path);
        this.refreshUserLines(path);
        return;
      }
      default: return this.panel(step);
    }
  }

  private turn(step: Extract<Step, { op: 'turn' }>): void {
    const before = this.world.take();
    for (const w of step.writes) {
      const path = FILES[w.file]!;
      // The agent writes the disk (through fs/* or by itself); an unsaved editor keeps the user's text.
      const next = w.kind === 9 && this.world.disk.has(path) ? undefined : this.editText(this.world.disk.get(path), w.line, w.kind % 3, `A${++this.counter}`);
      if (next === undefined) this.world.disk.delete(path); else this.world.disk.set(path, next);
      this.edited(path);
      if (!this.world.buffers.has(path)) this.refreshUserLines(path);
    }
    const after = this.world.take();
    const turnId = this.world.nextId('t');
    const files: TurnFile[] = [];
    for (const path of FILES) {
      const b = this.world.snapshotText(before, path);
      const a = this.world.snapshotText(after, path);
      if (b === a) continue;
      const hunks = b !== undefined && a !== undefined ? computeHunks(b, a).map((h) => ({ oldStart: h.oldStart, oldCount: h.oldLines.length, newCount: h.newLines.length })) : undefined;
      files.push({ path, ...(hunks ? { hunks } : {}) });
    }
    const user: UserEntry = { type: 'user', id: this.world.nextId('e'), turnId, content: [], checkpoint: [{ root: ROOT, id: before }] };
    const changes: ChangesEntry = { type: 'changes', id: this.world.nextId('e'), turnId, files: [], after: [{ root: ROOT, id: after }] };
    this.world.entries.push(user, changes);
    const turn = { turnId, before, after, files, user, changes };
    this.turns.push(turn);
    this.touched.set(turn, new Set());
  }

  /** Asks (the step's answer), applies, and checks the oracle. */
  private async carry(plans: PathPlan[], answer: Answer): Promise<{ done: boolean; kept: string[]; moved: string[] }> {
    const conflicts = conflictsOf(plans);
    this.stats.conflicts += conflicts.length;
    this.stats.cleanMerges += plans.filter((p) => p.plan.kind === 'write' && !p.plan.exact).length;
    const asked = conflicts.length ? answer : 'keep';
    if (asked === 'cancel' || asked === 'compare') return { done: false, kept: [], moved: [] };
    const before = new Map(FILES.map((p) => [p, this.world.mine(p)]));
    const { written, moved } = this.world.apply(writesFor(plans, asked));
    for (const path of written) this.edited(path);
    // The oracle: every line of the user's is still there, except in files the user agreed to lose.
    const lost = new Set(asked === 'take' ? conflicts.map((c) => c.path) : []);
    for (const path of FILES) {
      if (lost.has(path)) { this.refreshUserLines(path); continue; }
      const now = tokens(this.world.mine(path), 'U');
      for (const tok of this.userLines.get(path) ?? []) {
        if (!now.has(tok)) throw new Error(`user line ${tok} of ${path} lost without asking: before ${JSON.stringify(before.get(path))}, after ${JSON.stringify(this.world.mine(path))}`);
      }
      this.refreshUserLines(path);
    }
    return { done: true, kept: asked === 'keep' ? conflicts.map((c) => c.path) : [], moved };
  }

  private async panel(step: Exclude<Step, { op: 'turn' | 'user' | 'save' | 'revert' | 'delete' }>): Promise<void> {
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
        const untouched = targets.filter((f) => !this.touched.get(turn)!.has(f.path) && !this.world.buffers.has(f.path));
        const plans = await planUndoFiles(this.world.sources, targets.map((f) => ({ root: ROOT, path: f.path, before: turn.before, after: turn.after })));
        const r = await this.carry(plans, step.answer);
        if (!r.done) return;
        for (const f of targets) if (!r.kept.includes(f.path) && !r.moved.includes(f.path)) f.state = 'undone';
        // A clean undo of a file nobody touched since the turn is exactly the file before it.
        for (const f of untouched) {
          const want = this.world.snapshotText(turn.before, f.path);
          if (this.world.mine(f.path) !== want) throw new Error(`undo of untouched ${f.path} gave ${JSON.stringify(this.world.mine(f.path))}, not the file before the turn ${JSON.stringify(want)}`);
          this.stats.exactUndos++;
        }
        return;
      }
      case 'undoHunk': {
        const f = pickFile(step.file);
        if (!f?.hunks?.length) return;
        const key = f.hunks[step.hunk % f.hunks.length]!;
        const planned = await planUndoHunk(this.world.sources, { root: ROOT, path: f.path, before: turn.before, after: turn.after }, f.hunks, key);
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
          : { target: user.checkpoint![0]!.id, anchor: anchorOf(this.world.entries, ROOT), turns: turnsSince(this.world.entries, turn.turnId, ROOT) };
        const plans = (await planRestore(this.world.sources, ROOT, root.target, root.anchor, root.turns)).filter((p) => p.plan.kind !== 'same');
        if (!plans.length) return;
        if (step.answer === 'cancel') return; // the confirmation itself
        const redoId = this.world.take();
        const r = await this.carry(plans, step.answer);
        if (!r.done) return;
        if (redo) { this.stats.redos++; this.redone(user); } else { this.stats.restores++; this.restored(user, redoId); }
        return;
      }
    }
  }

  // The thread's bookkeeping of a restore and a redo (src/thread/checkpoints.ts).
  private restored(user: UserEntry, redoId: string): void {
    for (const e of this.world.entries) if (e.type === 'user') delete e.redo;
    this.mark(user, true);
    user.redo = [{ root: ROOT, id: redoId }];
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

export async function runSequence(steps: readonly Step[]): Promise<{ error?: string; model: Model }> {
  const model = new Model();
  try {
    for (const s of steps) await model.run(s);
    return { model };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), model };
  }
}

/** Removes steps one at a time while the sequence still fails: what is left is minimal. */
export async function shrink(steps: readonly Step[]): Promise<Step[]> {
  let current = [...steps];
  for (let changed = true; changed;) {
    changed = false;
    for (let i = current.length - 1; i >= 0; i--) {
      const shorter = current.filter((_, j) => j !== i);
      if ((await runSequence(shorter)).error) { current = shorter; changed = true; }
    }
  }
  return current;
}

export async function fuzzSafety(seed: number, sequences: number, length = 24): Promise<{ failures: SequenceFailure[]; stats: Model['stats'] }> {
  const rng = new Prng(seed);
  const failures: SequenceFailure[] = [];
  const stats = { conflicts: 0, cleanMerges: 0, exactUndos: 0, restores: 0, redos: 0, hunks: 0 };
  for (let i = 0; i < sequences && failures.length < 3; i++) {
    const steps = randomSteps(rng, 4 + rng.int(length));
    const r = await runSequence(steps);
    for (const k of Object.keys(stats) as (keyof typeof stats)[]) stats[k] += r.model.stats[k];
    if (r.error) {
      const minimal = await shrink(steps);
      failures.push({ seed, steps: minimal, error: (await runSequence(minimal)).error ?? r.error });
    }
  }
  return { failures, stats };
}
