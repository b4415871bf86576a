/**
 * One activation in a fresh process (module caches and singletons as in a new extension host):
 * loads the extension's bundle with `vscode` answered by vscodeStub.ts, calls `activate()` and
 * watches for 3 s. Prints one JSON line: the bundle's load time, the activate() call's time, this
 * process's CPU in the 3 s after, and every process the extension started (command and when).
 *
 * Usage: node bench/activation/activateOnce.mjs <bundle.cjs> <extension folder>
 */
import childProcess from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extensionContext, vscodeStub } from './vscodeStub.mjs';
const [bundle, extensionPath] = process.argv.slice(2);
if (!bundle || !extensionPath)
  throw new Error('usage: activateOnce.mjs <bundle.cjs> <extension folder>');
const scratch = mkdtempSync(join(tmpdir(), 'agent-chat-activation-'));
const workspace = join(scratch, 'workspace');
mkdirSync(join(workspace, 'src'), { recursive: true });
for (let i = 0; i < 20; i++)
  writeFileSync(join(workspace, 'src', `file${i}.ts`), `export const value${i} = ${i};\n`);
// Every process started from here on, by any child_process entry point.
let t0 = 0;
const started = [];
const cp = childProcess;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = cp[name];
  cp[name] = function (...args) {
    const list = Array.isArray(args[1]) ? args[1].map(String).join(' ') : '';
    started.push({ atMs: performance.now() - t0, command: `${String(args[0]).slice(0, 80)} ${list.slice(0, 80)}`.trim() });
    return original.apply(this, args);
  };
}
// Every name the API exports (@types/vscode): classes, namespaces, enums, functions.
const typesFile = createRequire(import.meta.url).resolve('@types/vscode/index.d.ts');
const names = new Set([...readFileSync(typesFile, 'utf8').matchAll(/^\s{0,4}export (?:class|namespace|enum|const|function|let) (\w+)/gm)].map((m) => m[1]));
const stub = vscodeStub(workspace, names);
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? stub : load.call(this, request, ...rest);
};
const require = createRequire(import.meta.url);
t0 = performance.now();
const ext = require(bundle);
const loadedAt = performance.now();
const ctx = extensionContext(extensionPath, scratch);
const cpu = process.cpuUsage();
const before = performance.now();
ext.activate(ctx);
const activateMs = performance.now() - before;
await new Promise((r) => setTimeout(r, 3_000));
const after = process.cpuUsage(cpu);
await ext.deactivate();
for (const d of ctx.subscriptions) {
  try {
    d.dispose();
  }
  catch {
    // a stand-in's disposal: nothing to undo
  }
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ loadMs: loadedAt - t0, activateMs, cpuAfterMs: (after.user + after.system) / 1000, started })}\n`);
process.exit(0);
