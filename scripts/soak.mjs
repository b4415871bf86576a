// Soak: runs one test layer N times while every core is kept busy, and counts failures per test.
//   npm run test:soak -- e2e 10        (layer as in `npm test -- <layer>`, runs; default 5)
// A flake that shows once in twenty runs on a quiet machine shows far more often when the panel,
// the agents and the browser fight for CPU; this is how a journey is proven steady before it
// lands. Each run's full output is kept in test-results/soak/.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [layer, countArg = '5'] = process.argv.slice(2);
const runs = Number(countArg);
if (!layer || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:soak -- <layer> [runs]   e.g. npm run test:soak -- e2e 10');
  process.exit(2);
}
const logDir = join(root, 'test-results', 'soak', new Date().toISOString().replace(/[:.]/g, '-'));
mkdirSync(logDir, { recursive: true });

// The load: one busy process per core, for the whole soak.
const hogs = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => { for (const h of hogs) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL'); };
process.on('exit', stopHogs);
let current;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    stopHogs();
    console.error(`\nsoak: ${signal}, stopping`);
    // The run is its own process group and cleans up after itself (code-server, agents) when
    // signalled; give it a moment to do so.
    if (current && current.exitCode === null && current.signalCode === null) {
      const closed = new Promise((r) => current.once('close', r));
      try {
        process.kill(-current.pid, signal);
      } catch {
        // already gone
      }
      await Promise.race([closed, new Promise((r) => setTimeout(r, 15000))]);
    }
    process.exit(130);
  });
}

/**
 * Failing tests in node's spec reporter output ("✖ name (12ms)", listed once inline and again
 * under "failing tests"), plus the extension-host suite's JSON report that scripts/e2e/run.mjs
 * prints ("extension-host suite: {...}"), or its "✗ extension-host suite: ..." when there was none.
 */
function parse(output) {
  const failed = new Set();
  const passed = new Set();
  for (const line of output.split('\n')) {
    const m = /^\s*([✔✖]) (.+?)(?: \(\d+(?:\.\d+)?m?s\))?(?: # .*)?$/.exec(line);
    if (!m || m[2] === 'failing tests:') continue;
    (m[1] === '✔' ? passed : failed).add(m[2]);
  }
  const start = output.indexOf('extension-host suite: {');
  if (start >= 0) {
    const from = output.indexOf('{', start);
    const end = output.indexOf('\n}', from);
    try {
      const report = JSON.parse(output.slice(from, end + 2));
      for (const t of report.tests ?? []) (t.ok ? passed : failed).add(`exthost: ${t.name}`);
    } catch {
      failed.add('exthost: (report unreadable)');
    }
  }
  // The suite as a whole failed without a report (it did not finish, the host did not start).
  const suite = /^✗ extension-host suite: (.*)$/m.exec(output);
  if (suite && start < 0) failed.add(`exthost: (no report) ${suite[1].split(';')[0].slice(0, 100)}`);
  for (const name of failed) passed.delete(name);
  return { failed, passed };
}

function runOnce(i) {
  return new Promise((resolve) => {
    const log = createWriteStream(join(logDir, `${layer}-${i}.log`));
    let output = '';
    const started = Date.now();
    current = spawn(process.execPath, [join(root, 'scripts/test.mjs'), layer], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const take = (chunk) => { output += chunk; log.write(chunk); };
    current.stdout.on('data', take);
    current.stderr.on('data', take);
    current.on('close', (code, signal) => {
      log.end();
      resolve({ code: code ?? 1, signal, output, secs: (Date.now() - started) / 1000 });
    });
  });
}

console.log(`soak: ${runs} run(s) of "${layer}" with ${hogs.length} busy process(es) hogging the CPU; logs in ${logDir}`);
const failures = new Map();
const seen = new Set();
let failedRuns = 0;
for (let i = 1; i <= runs; i++) {
  const { code, signal, output, secs } = await runOnce(i);
  if (stopping) await new Promise(() => {}); // the signal handler exits
  const { failed, passed } = parse(output);
  for (const name of [...failed, ...passed]) seen.add(name);
  for (const name of failed) failures.set(name, (failures.get(name) ?? 0) + 1);
  if (code !== 0 && failed.size === 0) {
    // Failed outside any test (build, server start, a hook): counted under its own name.
    const name = `(run failed outside a test: ${signal ?? `exit ${code}`})`;
    failures.set(name, (failures.get(name) ?? 0) + 1);
  }
  if (code !== 0) failedRuns++;
  const what = code === 0 ? 'passed' : `FAILED: ${failed.size ? [...failed].join('; ') : `exit ${signal ?? code}`}`;
  console.log(`run ${i}/${runs}: ${passed.size} passed, ${failed.size} failed in ${secs.toFixed(0)}s — ${what}`);
}
stopHogs();

console.log('\nfailures per test:');
if (failures.size === 0) console.log('  none');
for (const [name, n] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(3)}/${runs}  ${name}`);
const total = [...failures.values()].reduce((a, b) => a + b, 0);
console.log(`\nsoak ${layer}: ${runs} run(s) under load, ${failedRuns} failed run(s), ${total} test failure(s) across ${seen.size} test(s)`);
process.exit(failedRuns ? 1 : 0);
