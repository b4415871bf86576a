// `npm test`: every test layer in order, stopping at the first failing layer.
//   typecheck → build → unit → peer (real agent processes) → webview (real Chromium DOM)
//   → end to end (the packaged VSIX in code-server, driven by Chromium; includes the
//   extension-host suite).
// `npm test -- unit peer` runs only the named layers. A test layer that finds nothing to run
// fails: a moved folder or a broken pattern must not turn into a green run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const wanted = process.argv.slice(2);

function testFiles(dir) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  for (const name of readdirSync(abs)) {
    const p = join(abs, name);
    if (statSync(p).isDirectory()) out.push(...testFiles(relative(root, p)));
    else if (name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out.sort();
}

/**
 * Each test's bound, per layer, when the test sets none of its own: a test that hangs fails
 * under its own name and the layer goes on (test/support/perTestTimeout.mjs applies it).
 * Several times the slowest test of each layer on a loaded 2-core machine (peer: 29 s with the
 * load average at 13, the whole layer taking 538 s), so only a hang reaches it.
 * `--test-force-exit` ends a file whose tests are done even when a hung test left something
 * running in it.
 */
const TEST_TIMEOUT_MS = { unit: 120_000, peer: 180_000, webview: 180_000 };
const perTestTimeout = (ms) => ({
  args: ['--import', pathToFileURL(join(root, 'test/support/perTestTimeout.mjs')).href, '--test-force-exit'],
  env: { AGENT_CHAT_TEST_TIMEOUT_MS: String(ms) },
});

/** A command, `null` for a step that does not apply here, or `{ missing }` for a test layer with nothing to run. */
const nodeTest = (dir, layer, extra = []) => {
  const files = testFiles(dir);
  const bound = perTestTimeout(TEST_TIMEOUT_MS[layer]);
  return files.length ? [process.execPath, ['--import', 'tsx', ...bound.args, '--test', '--test-reporter=spec', ...extra, ...files], bound.env]
    : { missing: `no *.test.ts files under ${dir}` };
};

const layers = [
  ['typecheck', () => [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']]],
  ['typecheck-webview', () => existsSync(join(root, 'webview/main.ts'))
    ? [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'webview/tsconfig.json', '--noEmit']] : null],
  ['build', () => [process.execPath, [join(root, 'scripts/build.mjs')]]],
  ['unit', () => nodeTest('test/unit', 'unit')],
  ['peer', () => nodeTest('test/peer', 'peer', ['--test-concurrency=2'])],
  ['webview', () => nodeTest('test/webview', 'webview', ['--test-concurrency=1'])],
  ['e2e', () => existsSync(join(root, 'scripts/e2e/run.mjs')) ? [process.execPath, [join(root, 'scripts/e2e/run.mjs')]]
    : { missing: 'scripts/e2e/run.mjs does not exist' }],
];

const unknown = wanted.filter((w) => !layers.some(([name]) => name.startsWith(w)));
if (unknown.length) {
  console.error(`✗ no test layer named ${unknown.join(', ')} (layers: ${layers.map(([name]) => name).join(', ')})`);
  process.exit(1);
}

const started = Date.now();
for (const [name, make] of layers) {
  if (wanted.length && !wanted.some((w) => name.startsWith(w))) continue;
  const cmd = make();
  if (!cmd) { console.log(`\n── ${name}: nothing to run`); continue; }
  if (cmd.missing) {
    console.error(`\n✗ ${name}: ${cmd.missing} — a test layer with nothing to run fails`);
    process.exit(1);
  }
  console.log(`\n── ${name}`);
  const t = Date.now();
  const r = spawnSync(cmd[0], cmd[1], { cwd: root, stdio: 'inherit', env: { ...process.env, ...cmd[2] } });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs}s (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}
console.log(`\nall layers passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
