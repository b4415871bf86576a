/** Spawns the generator and reports when it started writing (see generator.ts). */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface GeneratorRun {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** Epoch ms (sub-ms precision) when the generator wrote its first byte. */
  started: Promise<number>;
  bytes: Promise<number>;
}

const generator = fileURLToPath(new URL('./generator.ts', import.meta.url));

export function spawnGenerator(count: number): GeneratorRun {
  const child = spawn(process.execPath, ['--import', 'tsx', generator, String(count)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let resolveStart!: (t: number) => void;
  let resolveBytes!: (n: number) => void;
  const started = new Promise<number>((r) => (resolveStart = r));
  const bytes = new Promise<number>((r) => (resolveBytes = r));
  let err = '';
  child.stderr.on('data', (b: Buffer) => {
    err += b.toString('utf8');
    const m = /START ([\d.]+) BYTES (\d+)/.exec(err);
    if (m) {
      resolveStart(Number(m[1]));
      resolveBytes(Number(m[2]));
    }
  });
  return { child, started, bytes };
}

export function now(): number {
  return performance.timeOrigin + performance.now();
}
