// Installs code-server (VS Code server + web workbench) into .cache/ from the npm registry alone.
// A plain `npm install code-server@4.100.3` fails offline (@vscode/ripgrep's postinstall downloads
// rg), so the package's own postinstall.sh is replayed step by step with Debian's rg linked in.
// The marker file is written last: an interrupted install is detected and redone from scratch.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync, readFileSync, symlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, codeServerDir, codeServerVersion, codeServerEntry, nodePrefix } from './paths.mjs';

const marker = join(codeServerDir, '.installed.json');
const wantedMarker = { codeServer: codeServerVersion, node: process.versions.node.split('.')[0] };

export function isInstalled() {
  if (!existsSync(marker) || !existsSync(codeServerEntry)) return false;
  try {
    const got = JSON.parse(readFileSync(marker, 'utf8'));
    return got.codeServer === wantedMarker.codeServer && got.node === wantedMarker.node;
  } catch {
    return false;
  }
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function npm(cwd, args, log) {
  const env = {
    ...process.env,
    npm_config_nodedir: nodePrefix,
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
  const t = Date.now();
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  writeFileSync(log, `\n$ (cd ${cwd} && npm ${args.join(' ')})\n${r.stdout}${r.stderr}`, { flag: 'a' });
  if (r.status !== 0) {
    throw new Error(`npm ${args.join(' ')} failed in ${cwd} (exit ${r.status}); see ${log}\n${r.stderr.slice(-2000)}`);
  }
  console.log(`  npm ${args.join(' ')} (${((Date.now() - t) / 1000).toFixed(0)}s)`);
}

function relink(target, linkPath) {
  rmSync(linkPath, { recursive: true, force: true });
  symlinkSync(target, linkPath);
}

/** Milliseconds since the lock was taken, or -1 when there is none. */
function lockAge(lock) {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return -1;
  }
}

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Installs unless the cache is complete. Concurrent runs (two terminals, an editor task) take
 * turns through a lock directory; one that finds the lock waits for the other to finish.
 */
export function ensureCodeServer() {
  if (isInstalled()) return codeServerEntry;
  const lock = `${codeServerDir}.lock`;
  const staleMs = 15 * 60 * 1000;
  mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false });
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (lockAge(lock) > staleMs) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      console.log('another run is installing code-server; waiting');
      for (let age = lockAge(lock); age >= 0 && age <= staleMs; age = lockAge(lock)) sleepSync(1000);
      if (isInstalled()) return codeServerEntry;
    }
  }
  try {
    if (isInstalled()) return codeServerEntry;
    return install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function install() {
  const rg = which('rg');
  if (!rg) throw new Error('ripgrep (rg) is missing: apt-get install -y ripgrep (or run .ci/run)');
  const t = Date.now();
  console.log(`installing code-server ${codeServerVersion} into ${codeServerDir}`);
  rmSync(codeServerDir, { recursive: true, force: true });
  mkdirSync(codeServerDir, { recursive: true });
  const log = join(codeServerDir, 'install.log');
  writeFileSync(join(codeServerDir, 'package.json'), JSON.stringify({ private: true }) + '\n');

  npm(codeServerDir, ['install', `code-server@${codeServerVersion}`, '--ignore-scripts', '--no-save'], log);
  npm(codeServerDir, ['rebuild', 'argon2'], log);

  const vscode = join(codeServerDir, 'node_modules/code-server/lib/vscode');
  npm(vscode, ['install', '--omit=dev', '--ignore-scripts'], log);
  // With bin/rg present, @vscode/ripgrep's postinstall skips its download.
  mkdirSync(join(vscode, 'node_modules/@vscode/ripgrep/bin'), { recursive: true });
  relink(rg, join(vscode, 'node_modules/@vscode/ripgrep/bin/rg'));
  npm(vscode, ['rebuild'], log);

  // The links postinstall.sh makes (Linux branch).
  relink('node_modules', join(vscode, 'node_modules.asar'));
  relink('code-linux.sh', join(vscode, 'bin/remote-cli/code-server'));
  relink('browser-linux.sh', join(vscode, 'bin/helpers/browser.sh'));

  npm(join(vscode, 'extensions'), ['install', '--omit=dev'], log);

  writeFileSync(marker, JSON.stringify({ ...wantedMarker, installedAt: new Date().toISOString() }) + '\n');
  console.log(`code-server installed in ${((Date.now() - t) / 1000).toFixed(0)}s`);
  return codeServerEntry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureCodeServer());
  } catch (e) {
    console.error(String(e?.message ?? e));
    process.exit(1);
  }
}
