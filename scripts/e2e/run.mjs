// The end-to-end layer: the packaged VSIX in a real VS Code (code-server) driven by Chromium.
//   node scripts/e2e/run.mjs [name-filter ...]
// One code-server serves every journey (each journey opens its own window on its own workspace
// folder), then the extension-host suite runs inside the same server. Failures leave screenshots
// and protocol logs in test-results/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { root, resultsDir, resultsRoot } from './paths.mjs';
import { ensureCodeServer } from './install.mjs';
import { instanceDirs, installExtension, startCodeServer, writeUserSettings } from './server.mjs';
import { userSettings } from './settings.mjs';
import { onCleanup } from './processes.mjs';
import { runExtensionHostSuite, exthostSuiteAvailable } from './exthost.mjs';
import { packageVsix } from '../package.mjs';

const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const timings = [];
const time = async (label, fn) => {
  const t = Date.now();
  try {
    return await fn();
  } finally {
    timings.push([label, (Date.now() - t) / 1000]);
  }
};
const started = Date.now();

/** Keeps the artifacts of the last few runs only. */
function pruneOldResults(keep = 5) {
  if (!existsSync(resultsRoot)) return;
  const runs = readdirSync(resultsRoot).filter((d) => d.startsWith('e2e-')).sort();
  for (const d of runs.slice(0, Math.max(0, runs.length - keep))) rmSync(join(resultsRoot, d), { recursive: true, force: true });
}

function journeyFiles() {
  const dir = join(root, 'test/e2e');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => !filters.length || filters.some((w) => f.includes(w))).sort().map((f) => join('test/e2e', f));
}

/**
 * The bound of a test or hook in the journey files that sets none of its own. Journeys bound
 * themselves (journey() in scripts/e2e/journey.mjs: 90 s unless a journey asks for up to 240 s);
 * this covers the rest, e.g. the `after` hook that closes a window's browser, so whatever hangs
 * fails under its own name and the next file runs (see test/support/perTestTimeout.mjs).
 * `--test-force-exit` ends a file once its journeys are done even if a hung one left work behind.
 */
const JOURNEY_TIMEOUT_MS = 300_000;

function runJourneys(files, env) {
  return new Promise((resolve) => {
    const bounded = ['--import', pathToFileURL(join(root, 'test/support/perTestTimeout.mjs')).href, '--test-force-exit'];
    const child = spawn(process.execPath, ['--import', 'tsx', ...bounded, '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
      { cwd: root, stdio: 'inherit', env: { ...process.env, AGENT_CHAT_TEST_TIMEOUT_MS: String(JOURNEY_TIMEOUT_MS), ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  // Nothing to run is a failure, not a pass: a moved folder or a filter that matches nothing
  // must not turn into a green run.
  const files = journeyFiles();
  const exthost = exthostSuiteAvailable() && (!filters.length || filters.includes('exthost'));
  if (!files.length && (!filters.length || !exthost)) {
    console.error(`e2e: no journeys to run ${filters.length ? `matching ${filters.join(' ')}` : 'in test/e2e/*.test.mjs'}`);
    return 1;
  }
  pruneOldResults();
  await time('code-server install (cached after the first run)', () => ensureCodeServer());
  const base = mkdtempSync(join(tmpdir(), 'agent-chat-e2e-'));
  onCleanup(() => rmSync(base, { recursive: true, force: true }));
  // Dev build for the scripted agents and the extension-host suite, then the production VSIX.
  const vsix = await time('build + package VSIX', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
    const packaged = packageVsix({ out: join(base, 'agent-chat.vsix') });
    console.log(`VSIX: ${(packaged.bytes / 1024).toFixed(1)} KB`);
    return packaged;
  });

  const dirs = instanceDirs(base);
  writeUserSettings(dirs, userSettings());
  await time('install VSIX into code-server', () => installExtension(dirs, vsix.path));
  const resultFile = join(base, 'exthost-result.json');
  const server = await time('start code-server', () => startCodeServer({ dirs, workspace: join(base, 'workspaces'),
    extraEnv: { AGENT_CHAT_TEST_RESULT: resultFile } }));
  mkdirSync(join(base, 'workspaces'), { recursive: true });
  console.log(`code-server ${server.url} (pid ${server.pid}, log ${server.logFile})`);

  let failed = false;
  try {
    if (files.length) {
      const code = await time('journeys', () => runJourneys(files,
        { E2E_URL: server.url, E2E_BASE: base, E2E_USER_DATA: dirs.userData, E2E_EXTENSIONS: dirs.extensions, E2E_RESULTS_DIR: resultsDir }));
      if (code !== 0) failed = true;
    }
    if (exthost) {
      const ok = await time('extension-host suite', () => runExtensionHostSuite({ server, dirs, resultFile }));
      if (!ok) failed = true;
    }
  } finally {
    await server.stop();
  }
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`e2e: ${e.stack ?? e}`);
}
console.log('\ne2e timings:');
for (const [label, secs] of timings) console.log(`  ${label.padEnd(48)} ${secs.toFixed(1)}s`);
console.log(`  ${'total'.padEnd(48)} ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (code !== 0 && existsSync(resultsDir)) {
  console.log(`\nfailure artifacts in ${resultsDir}:`);
  for (const f of readdirSync(resultsDir)) console.log(`  ${join(resultsDir, f)}`);
}
process.exit(code);
