/**
 * Worktree threads bench, on a real git repository of 10,000 files: making a thread's worktree
 * (inspecting the folder, `git worktree add` on a new branch) — goal ≤ 1 s median; and Apply of
 * 100 files the agent changed — what the branch changed, the three-way plans and the writes to
 * the user's folder (written with node's fs here; in the editor the same writes go through one
 * WorkspaceEdit) — goal ≤ 500 ms median. Medians of 3 rounds, each from a fresh worktree.
 *
 * Beside it, the floor of any worktree: the same 10,000 files written into a fresh folder by a
 * plain loop. A machine whose file system takes seconds to create 10,000 files (a VM's disk)
 * cannot make a worktree faster than that, whatever git does.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gitIn } from '../src/worktrees/worktreeGit.js';
import { inspectFolder } from '../src/worktrees/inspect.js';
import { createWorktree } from '../src/worktrees/create.js';
import { branchChanges } from '../src/worktrees/changes.js';
import { planApply } from '../src/worktrees/applyPlan.js';
import { removeWorktree } from '../src/worktrees/remove.js';
import { writesFor } from '../src/checkpoints/merge/resolve.js';
import { median, table } from './stats.js';

const FILES = 10_000;
const CHANGED = 100;
const ROUNDS = 3;
const CREATE_GOAL_MS = 1000;
const APPLY_GOAL_MS = 500;

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  return { ...env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
}

const fileName = (i: number) => `src/dir${i % 50}/sub${(i >> 4) % 20}/file${i}.ts`;
const text = (i: number, edit = '') => Array.from({ length: 40 }, (_, l) => `export const v${i}_${l} = ${l};${l === 20 ? edit : ''}\n`).join('');

export async function run(): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'bench-worktrees-'));
  const repo = join(base, 'repo');
  const parentDir = join(base, 'worktrees');
  const git = gitIn();
  try {
    for (let i = 0; i < FILES; i++) {
      const p = join(repo, fileName(i));
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, text(i));
    }
    const sh = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: gitEnv(), stdio: 'ignore' });
    sh('init', '-q', '-b', 'main');
    sh('add', '-A');
    sh('commit', '-q', '-m', 'start');
    const create: number[] = [];
    const apply: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const plain = join(base, `plain-${round}`);
      let t = performance.now();
      for (let i = 0; i < FILES; i++) {
        const p = join(plain, fileName(i));
        await mkdir(dirname(p), { recursive: true });
        await writeFile(p, text(i));
      }
      floor.push(performance.now() - t);
      await rm(plain, { recursive: true, force: true });
      t = performance.now();
      const inspected = await inspectFolder(git, repo);
      if (!inspected.ok) throw new Error(`not a repository: ${inspected.problem.kind}`);
      const ref = await createWorktree(git, { facts: inspected.facts, parentDir, title: `bench ${round}`, carry: false });
      create.push(performance.now() - t);
      // The agent changes 100 files; the user changed 10 of them elsewhere meanwhile (merged).
      for (let i = 0; i < CHANGED; i++) await writeFile(join(ref.path, fileName(i * 97)), text(i * 97, ' // agent'));
      for (let i = 0; i < CHANGED; i += 10) await writeFile(join(repo, fileName(i * 97)), `// mine\n${text(i * 97)}`);
      t = performance.now();
      const { tree, changes } = await branchChanges(git, ref);
      const plans = await planApply(ref, tree, changes, (p) => readFile(join(repo, p)).then((b) => new Uint8Array(b), () => undefined));
      const writes = writesFor(plans, 'keep');
      for (const w of writes) if (w.kind === 'write') await writeFile(join(repo, w.path), w.bytes);
      apply.push(performance.now() - t);
      if (changes.length !== CHANGED || writes.length !== CHANGED) throw new Error(`expected ${CHANGED} files, got ${changes.length} changes and ${writes.length} writes`);
      await removeWorktree(git, ref);
      sh('checkout', '-q', '--', '.');
    }
    const row = (label: string, ms: number[], goal: number) =>
      [label, `${median(ms).toFixed(0)} ms`, `${Math.max(...ms).toFixed(0)} ms`, median(ms) <= goal ? `goal ≤ ${goal} ms: meets` : `goal ≤ ${goal} ms: BELOW`];
    console.log(table([
      [`${FILES.toLocaleString('en-US')}-file repository, ${ROUNDS} rounds`, 'median', 'worst', ''],
      row('worktree creation (inspect + git worktree add on a new branch)', create, CREATE_GOAL_MS),
      row(`Apply of ${CHANGED} changed files (10 merged with the user's edits)`, apply, APPLY_GOAL_MS),
      [`floor: the same ${FILES.toLocaleString('en-US')} files written by a plain loop (node fs)`, `${median(floor).toFixed(0)} ms`, `${Math.max(...floor).toFixed(0)} ms`, 'reference, no goal'],
      ['worktree creation / that floor', `${((median(create) / median(floor)) * 100).toFixed(0)}%`, '', 'reference, no goal'],
    ]));
    if (median(create) > CREATE_GOAL_MS || median(apply) > APPLY_GOAL_MS) process.exitCode = 1;
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}
