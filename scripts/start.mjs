// `npm start`: build, then open the extension in VS Code on a sample workspace.
//  - desktop VS Code when `code` is on PATH (extension under development, this repository);
//  - otherwise code-server on 127.0.0.1 (installed into .cache/ on first use) with the freshly
//    packaged VSIX installed, state kept under .cache/start/ between runs.
// Runs until Ctrl-C, SIGTERM or SIGHUP (a closed terminal, `timeout`, a process manager), or until
// whoever started it ends (npm passes no SIGHUP on, and SIGTERM only to its `sh`, which dies
// without passing it on): each ends everything this script started — the build, the example A2A
// agents, VS Code, code-server's whole process group (given a grace period to stop the
// extension's agents, then killed). `AGENT_CHAT_START_DIR` moves code-server's state (default
// .cache/start). With no agent configured the extension offers its example agent.
// `npm start -- --a2a` also runs the example A2A agents (examples/a2a-server.ts, v1.0 and v0.3 on
// 127.0.0.1:4100/4101, or A2A_PORT/A2A_PORT+1) and configures them beside the example agent in
// code-server's user settings (desktop VS Code: the settings to add are printed).
// `npm start -- --no-build` uses dist/ as it is (no build, no production build): a quicker restart.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, cacheDir } from './e2e/paths.mjs';
import { endWithParent } from './endWithParent.mjs';

const sampleWorkspace = join(cacheDir, 'sample-workspace');

function createSampleWorkspace() {
  const files = {
    'README.md': '# Sample workspace\n\nAsk the agent about `src/greet.ts`, or to write a test for it.\n',
    'src/greet.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
    'notes.txt': 'Things to try:\n- send a prompt\n- approve a file edit\n- cancel a long turn with Escape\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const p = join(sampleWorkspace, rel);
    if (existsSync(p)) continue;
    mkdirSync(join(p, '..'), { recursive: true });
    writeFileSync(p, text);
  }
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** What is running on our behalf, so that any way of ending stops all of it. */
const started = { build: undefined, a2a: undefined, desktop: undefined, codeServer: undefined, check: undefined };
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
let stopping = false;

async function shutdown(why, code) {
  if (stopping) return;
  stopping = true;
  console.error(`\n${why}: stopping everything npm start started`);
  clearInterval(started.check);
  for (const child of [started.build, started.a2a, started.desktop]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  if (started.codeServer) await started.codeServer.stop();
  process.exit(code);
}

for (const signal of Object.keys(SIGNAL_EXIT)) process.on(signal, () => void shutdown(signal, SIGNAL_EXIT[signal]));
endWithParent((pid) => void shutdown(`the process that started npm start (${pid}) ended`, SIGNAL_EXIT.SIGHUP));

/** Not spawnSync: a signal during the build must be handled now, and end the build too. */
async function build() {
  const child = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  started.build = child;
  const code = await new Promise((resolve) => child.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  if (code !== 0 && !stopping) process.exit(code);
}

/** Starts the example A2A agents; resolves with their `agentChat.agents` entries once they listen. */
async function startExampleA2aAgents() {
  const port = Number(process.env.A2A_PORT) || 4100;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'examples/a2a-server.ts')],
    { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  started.a2a = child;
  // A last word on any exit, also one that skipped shutdown().
  process.on('exit', () => child.kill('SIGTERM'));
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('A2A v0.3 agent:')) resolve();
    });
    child.once('exit', (code) => {
      if (!stopping) reject(new Error(`the example A2A agents stopped (exit ${code}); is port ${port} or ${port + 1} taken? Set A2A_PORT.`));
    });
  });
  const agents = { 'Analyst (A2A v1.0)': { url: `http://127.0.0.1:${port}` }, 'Analyst (A2A v0.3)': { url: `http://127.0.0.1:${port + 1}` } };
  console.log(`example A2A agents: ${Object.values(agents).map((a) => a.url).join(', ')}`);
  return agents;
}

async function startDesktop() {
  console.log(`opening VS Code with the extension from ${root} on ${sampleWorkspace}`);
  const child = spawn('code', ['--new-window', '--wait', `--extensionDevelopmentPath=${root}`, sampleWorkspace], { stdio: 'inherit' });
  started.desktop = child;
  child.on('exit', (code) => {
    if (!stopping) void shutdown('VS Code closed', code ?? 0);
  });
}

async function startCodeServerWindow() {
  const { ensureCodeServer } = await import('./e2e/install.mjs');
  const { instanceDirs, installExtension, startCodeServer, writeUserSettings, freePort } = await import('./e2e/server.mjs');
  const stateDir = process.env.AGENT_CHAT_START_DIR || join(cacheDir, 'start');
  const { packageVsix } = await import('./package.mjs');
  ensureCodeServer();
  const vsix = packageVsix({ out: join(stateDir, 'agent-chat.vsix'), build: !noBuild });
  const dirs = instanceDirs(stateDir);
  const settingsFile = join(dirs.userData, 'User/settings.json');
  if (!existsSync(settingsFile)) {
    // The sample workspace lives inside this repository: keep git from offering the parent repo.
    writeUserSettings(dirs, { 'chat.disableAIFeatures': true, 'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'workbench.startupEditor': 'none', 'git.openRepositoryInParentFolders': 'never', 'telemetry.telemetryLevel': 'off' });
  }
  if (a2aAgents) {
    // Added to (never replacing) what the user configured in this code-server's settings.
    const settings = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
    settings['agentChat.agents'] = { ...settings['agentChat.agents'], ...a2aAgents };
    writeUserSettings(dirs, settings);
  }
  installExtension(dirs, vsix.path);
  const wanted = Number(process.env.PORT) || 8080;
  const port = (await portFree(wanted)) ? wanted : await freePort();
  const server = await startCodeServer({ dirs, workspace: sampleWorkspace, port });
  started.codeServer = server;
  // e2e/processes.mjs answers these signals by killing code-server's group at once (SIGKILL),
  // which leaves the extension no moment to stop its agents; shutdown() stops the group with
  // SIGTERM and a grace period first (its exit hook still kills whatever is left).
  for (const signal of Object.keys(SIGNAL_EXIT)) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal, SIGNAL_EXIT[signal]));
  }
  if (stopping) return;
  console.log(`\nAgent Chat in code-server: ${server.url}/?folder=${encodeURIComponent(sampleWorkspace)}`);
  console.log(`(open it in a browser on this machine; code-server log: ${server.logFile}; Ctrl-C stops it)`);
  started.check = setInterval(() => {
    try {
      process.kill(-server.pid, 0);
    } catch {
      void shutdown('code-server stopped', 1);
    }
  }, 1000);
}

async function portFree(port) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

const noBuild = process.argv.includes('--no-build');
if (!noBuild) await build();
createSampleWorkspace();
const a2aAgents = process.argv.includes('--a2a') ? await startExampleA2aAgents() : undefined;
if (onPath('code') && !process.env.AGENT_CHAT_USE_CODE_SERVER) {
  if (a2aAgents) console.log(`add to your user settings.json:\n${JSON.stringify({ 'agentChat.agents': a2aAgents }, null, 2)}`);
  await startDesktop();
} else await startCodeServerWindow();
