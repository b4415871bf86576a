/**
 * Mention file search bench: 50,000 workspace paths in the in-memory index, searched the way
 * the composer does as the user types `@` and a name, one keystroke at a time (each keystroke a
 * full search, as the host runs it). Goal: ≤ 100 ms median per keystroke.
 */
import { PathIndex } from '../src/mentions/pathIndex.js';
import { median, table } from './stats.js';

const FILES = 50_000;
const ROUNDS = 5;
const GOAL_MS = 100;
const DIRS = 'src lib test docs packages app server client shared utils components services models views'.split(' ');
const WORDS = 'index main config parser render cache query module stream token session thread composer mention picker button layout router store helper'.split(' ');
const EXTS = ['ts', 'tsx', 'js', 'json', 'md', 'css'];

/** A deterministic tree about as deep and as varied as a large monorepo's. */
function paths(): string[] {
  const out: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const depth = 2 + (i % 4);
    const parts: string[] = [];
    for (let d = 0; d < depth; d++) parts.push(d === 0 ? DIRS[i % DIRS.length]! : `${WORDS[(i * 7 + d * 13) % WORDS.length]}${(i >> (d + 2)) % 40}`);
    out.push(`${parts.join('/')}/${WORDS[(i * 11) % WORDS.length]}${WORDS[(i * 3) % WORDS.length]!.replace(/^./, (c) => c.toUpperCase())}${i}.${EXTS[i % EXTS.length]}`);
  }
  return out;
}

export async function run(): Promise<void> {
  const index = new PathIndex('/');
  let t = performance.now();
  for (const p of paths()) index.addFile(`/ws/${p}`, p);
  const build = performance.now() - t;
  const typed = 'composerPick';
  const perKeystroke: number[] = [];
  const scattered: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let n = 1; n <= typed.length; n++) {
      t = performance.now();
      const hits = index.search(typed.slice(0, n), 20);
      perKeystroke.push(performance.now() - t);
      if (hits.length === 0) throw new Error(`no hits for ${typed.slice(0, n)}`);
    }
    t = performance.now();
    index.search('srvmdl', 20);
    scattered.push(performance.now() - t);
  }
  const row = (label: string, ms: number[], goal?: number) =>
    [label, `${median(ms).toFixed(1)} ms`, `${Math.max(...ms).toFixed(1)} ms`, goal === undefined ? '' : median(ms) <= goal ? `goal ≤ ${goal} ms: meets` : `goal ≤ ${goal} ms: BELOW`];
  console.log(table([
    [`${FILES.toLocaleString('en-US')} paths (+ ${(index.size - FILES).toLocaleString('en-US')} folders)`, 'median', 'worst', ''],
    row(`mention file search, 50,000 paths (per keystroke of "${typed}")`, perKeystroke, GOAL_MS),
    row('scattered letters ("srvmdl")', scattered),
    row('building the index once', [build]),
  ]));
  if (median(perKeystroke) > GOAL_MS) process.exitCode = 1;
}
