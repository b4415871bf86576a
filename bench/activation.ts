/**
 * Start: activation's own work, and no process started until the chat needs one.
 *
 * The production bundle of the extension (built here as scripts/build.mjs --production builds it)
 * is loaded in a fresh Node process per run with the `vscode` API stubbed (activation/vscodeStub.mjs:
 * real events, URIs and state, inert stand-ins for the workbench), `activate()` is called with a
 * one-folder workspace, and every process the extension starts in the next 3 s is recorded
 * (activation/activateOnce.mjs). Goals (the performance issue): the activate() call ≤ 20 ms, and
 * no process started — an agent, a login shell or git — before the chat is shown or a command
 * runs. Not included: what VS Code itself spends loading an extension host and calling us; the
 * bundle's load time is printed for the record. Medians of 3 runs after one warm-up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { median, table } from './stats.js';

const GOAL_MS = 20;
const RUNS = 3;
const root = fileURLToPath(new URL('..', import.meta.url));
const once = fileURLToPath(new URL('./activation/activateOnce.mjs', import.meta.url));

interface Activation { loadMs: number; activateMs: number; cpuAfterMs: number; started: Array<{ atMs: number; command: string }> }

/** The extension bundle with the production options of scripts/build.mjs (minified, English-only zod). */
async function buildBundle(dir: string): Promise<string> {
  const outfile = join(dir, 'extension.cjs');
  await build({
    entryPoints: [join(root, 'src/vscode/extension.ts')], outfile, bundle: true, minify: true, sourcemap: false, logLevel: 'warning', absWorkingDir: root,
    platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'],
    plugins: [{
      name: 'zod-english-only',
      setup(b) {
        b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
          /[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/.test(args.importer) ? { path: join(root, 'scripts/zodLocalesEnglish.mjs') } : undefined);
      },
    }],
  });
  return outfile;
}

function activateOnce(bundle: string): Activation {
  return JSON.parse(execFileSync(process.execPath, [once, bundle, root], { encoding: 'utf8', timeout: 60_000 }).trim().split('\n').pop()!);
}

export async function run(): Promise<void> {
  console.log(`activation: the production bundle in a fresh Node process per run, vscode API stubbed; ${RUNS} runs after a warm-up`);
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-activation-bundle-'));
  const runs: Activation[] = [];
  try {
    const bundle = await buildBundle(dir);
    activateOnce(bundle);
    for (let i = 0; i < RUNS; i++) {
      runs.push(activateOnce(bundle));
      process.stdout.write('.');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write('\n');
  const list = (f: (a: Activation) => number) => `${median(runs.map(f)).toFixed(1)} ms (${runs.map((a) => f(a).toFixed(1)).join(', ')})`;
  const activateOk = median(runs.map((a) => a.activateMs)) <= GOAL_MS;
  const started = runs.flatMap((a) => a.started);
  const spawnOk = started.length === 0;
  const commands = [...new Set(started.map((s) => s.command.split(' ')[0]!.split('/').pop()!))];
  console.log(table([
    ['activation (vscode API stubbed)', 'median (runs)', ''],
    ['activate() call: the extension\'s own synchronous work', list((a) => a.activateMs), `goal ≤ ${GOAL_MS} ms: ${activateOk ? 'meets' : 'BELOW'}`],
    ['processes started in the 3 s after (agents, shells, git)', `${median(runs.map((a) => a.started.length))}${commands.length ? ` (${commands.join(', ')})` : ''}`, `goal none: ${spawnOk ? 'meets' : 'BELOW'}`],
    ['for the record: CPU of the 3 s after, this process', list((a) => a.cpuAfterMs), ''],
    ['for the record: loading the production bundle (require)', list((a) => a.loadMs), ''],
  ]));
  if (!activateOk || !spawnOk) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
