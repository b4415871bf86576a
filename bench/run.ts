/**
 * `npm run bench [suite…]`: runs each benchmark suite in turn (all when none is named).
 *
 * A suite is a module in this folder, listed in SUITES with how to run it. Listed suites whose
 * file is not there are skipped, so adding one needs only its file and its line here.
 */
import { existsSync } from 'node:fs';

interface Suite {
  name: string;
  run(mod: Record<string, unknown>): Promise<void>;
}

const SUITES: Suite[] = [
  { name: 'wire', run: async (m) => (m as { run(): Promise<void> }).run() },
  {
    name: 'render',
    run: async (m) => {
      const r = m as {
        runRenderBench(): Promise<unknown>;
        formatRenderBench(result: unknown): string;
        renderGoals(result: unknown): Record<string, boolean>;
      };
      const result = await r.runRenderBench();
      console.log(r.formatRenderBench(result));
      // A goal BELOW fails the command, as in the other suites.
      if (Object.values(r.renderGoals(result)).includes(false)) process.exitCode = 1;
    },
  },
  { name: 'snapshots', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'a2a', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'threadSearch', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'mentions', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'worktrees', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'parallel', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'giant', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'longThread', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'webviewMemory', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'subagentStorm', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'latency', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'idle', run: async (m) => (m as { run(): Promise<void> }).run() },
  { name: 'activation', run: async (m) => (m as { run(): Promise<void> }).run() },
];

const wanted = process.argv.slice(2);
for (const suite of SUITES) {
  if (wanted.length && !wanted.includes(suite.name)) continue;
  const url = new URL(`./${suite.name}.ts`, import.meta.url);
  if (!existsSync(url)) {
    if (wanted.includes(suite.name)) console.log(`bench: no ${suite.name} suite yet`);
    continue;
  }
  console.log(`\n=== ${suite.name} ===`);
  await suite.run((await import(url.href)) as Record<string, unknown>);
}
