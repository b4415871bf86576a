/** Spawns the generator (see generator.ts) and reports when it started writing. */
import type { ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { spawnInGroup } from '../src/services/process/processTree.js';

/** When the generator wrote its first measured byte, and how many it writes. */
export interface GeneratorStart {
  /** Epoch ms (sub-ms precision) when the generator wrote its first byte. */
  started: Promise<number>;
  bytes: Promise<number>;
  /** A paced generator (`--paced`): its pid, once it waits for SIGUSR2 to write each block. */
  paced: Promise<number>;
  /** Feed the generator's stderr text here. */
  stderr(text: string): void;
}

export interface GeneratorRun extends GeneratorStart {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
}

export const generatorScript = fileURLToPath(new URL('./generator.ts', import.meta.url));
/** The tsx loader by absolute path: the product's client spawns the agent in another cwd. */
export const tsxLoader = import.meta.resolve('tsx');

/** Reads the generator's `START <ms> BYTES <n>` line from its stderr. */
export function watchGeneratorStart(): GeneratorStart {
  let resolveStart!: (t: number) => void;
  let resolveBytes!: (n: number) => void;
  let resolvePaced!: (pid: number) => void;
  const started = new Promise<number>((r) => (resolveStart = r));
  const bytes = new Promise<number>((r) => (resolveBytes = r));
  const paced = new Promise<number>((r) => (resolvePaced = r));
  let err = '';
  return {
    started,
    bytes,
    paced,
    stderr(text) {
      err += text;
      const m = /START ([\d.]+) BYTES (\d+)/.exec(err);
      if (m) {
        resolveStart(Number(m[1]));
        resolveBytes(Number(m[2]));
      }
      const p = /PACED (\d+)/.exec(err);
      if (p) resolvePaced(Number(p[1]));
    },
  };
}

/** The generator's arguments after the script: paced, one block of `paced` lines per signal. */
export function generatorArgs(count: number, paced: number | undefined, ...mode: string[]): string[] {
  return [String(count), ...mode, ...(paced ? ['--paced', String(paced)] : [])];
}

/** The plain generator: it writes everything at once (or paced: see generator.ts). */
export function spawnGenerator(count: number, paced?: number): GeneratorRun {
  // Spawned as the product spawns agents (its own process group and session), so every
  // pipeline reads a child that the system schedules the same way.
  const child = spawnInGroup(process.execPath, ['--import', tsxLoader, generatorScript, ...generatorArgs(count, paced)], {
    cwd: process.cwd(),
    env: process.env,
  }) as GeneratorRun['child'];
  const start = watchGeneratorStart();
  child.stderr.on('data', (b: Buffer) => start.stderr(b.toString('utf8')));
  return { child, ...start };
}

/** CPU time the calling thread has had, in ms (Linux: the scheduler's own count, in ns); else undefined. */
export function threadCpuMs(): number | undefined {
  if (!schedstatReadable) return undefined;
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    schedstatReadable = false;
    return undefined;
  }
}
let schedstatReadable = process.platform === 'linux';

export function now(): number {
  return performance.timeOrigin + performance.now();
}
