// Starts code-server on 127.0.0.1:<free port> with throwaway user-data, extensions and XDG dirs.
// Webviews need a secure context, hence 127.0.0.1 rather than another interface.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, openSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { codeServerEntry } from './paths.mjs';
import { trackGroup, stopGroup } from './processes.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Directory layout for one code-server instance, all under `base`. */
export function instanceDirs(base) {
  const dirs = {
    base,
    userData: join(base, 'user-data'),
    extensions: join(base, 'extensions'),
    xdgConfig: join(base, 'xdg/config'),
    xdgData: join(base, 'xdg/data'),
    xdgCache: join(base, 'xdg/cache'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  return dirs;
}

export function xdgEnv(dirs) {
  return { XDG_CONFIG_HOME: dirs.xdgConfig, XDG_DATA_HOME: dirs.xdgData, XDG_CACHE_HOME: dirs.xdgCache };
}

export function writeUserSettings(dirs, settings) {
  writeFileSync(join(dirs.userData, 'User/settings.json'), JSON.stringify(settings, null, 2) + '\n');
}

export function installExtension(dirs, vsixOrId) {
  const r = spawnSync(process.execPath, [codeServerEntry, '--install-extension', vsixOrId,
    '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData, '--force'],
  { env: { ...process.env, ...xdgEnv(dirs) }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`installing ${vsixOrId} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
}

async function waitForHttp(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`code-server exited early (exit ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts code-server. `extraEnv` reaches the extension host (e.g. AGENT_CHAT_TEST_RESULT).
 * Workspace Trust is off unless `workspaceTrust` (the trust journey's own server): then every
 * folder opens untrusted (Restricted Mode) until a journey trusts it. `extensionsDir` lets
 * that server use the extensions the shared one has installed already.
 * Returns { url, port, pid, logFile, stop() }.
 */
export async function startCodeServer({ dirs, workspace, extraEnv = {}, port, timeoutMs = 30000, workspaceTrust = false, extensionsDir = dirs.extensions }) {
  port ??= await freePort();
  const logFile = join(dirs.base, 'code-server.log');
  const fd = openSync(logFile, 'a');
  const args = [codeServerEntry, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry',
    '--disable-update-check', ...(workspaceTrust ? [] : ['--disable-workspace-trust']), '--user-data-dir', dirs.userData,
    '--extensions-dir', extensionsDir];
  if (workspace) args.push(workspace);
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...xdgEnv(dirs), ...extraEnv },
  });
  closeSync(fd);
  trackGroup(child.pid);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/healthz`, child, timeoutMs);
  } catch (e) {
    await stopGroup(child.pid);
    throw new Error(`${e.message}; log: ${logFile}`);
  }
  return { url, port, pid: child.pid, logFile, stop: () => stopGroup(child.pid) };
}
