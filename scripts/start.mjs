// `npm start`: build, then open the extension in VS Code on a sample workspace.
//  - desktop VS Code when `code` is on PATH (extension under development, this repository);
//  - otherwise code-server on 127.0.0.1 (installed into .cache/ on first use) with the freshly
//    packaged VSIX installed, state kept under .cache/start/ between runs.
// Runs until Ctrl-C. With no agent configured the extension offers its example agent.
// `npm start -- --a2a` also runs the example A2A agents (examples/a2a-server.ts, v1.0 and v0.3 on
// 127.0.0.1:4100/4101, or A2A_PORT/A2A_PORT+1) and configures them beside the example agent in
// code-server's user settings (desktop VS Code: the settings to add are printed).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, cacheDir } from './e2e/paths.mjs';

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

function build() {
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Starts the example A2A agents; resolves with their `agentChat.agents` entries once they listen. */
async function startExampleA2aAgents() {
  const port = Number(process.env.A2A_PORT) || 4100;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'examples/a2a-server.ts')],
    { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill('SIGTERM'));
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('A2A v0.3 agent:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the example A2A agents stopped (exit ${code}); is port ${port} or ${port + 1} taken? Set A2A_PORT.`)));
  });
  const agents = { 'Analyst (A2A v1.0)': { url: `http://127.0.0.1:${port}` }, 'Analyst (A2A v0.3)': { url: `http://127.0.0.1:${port + 1}` } };
  console.log(`example A2A agents: ${Object.values(agents).map((a) => a.url).join(', ')}`);
  return agents;
}

async function startDesktop() {
  console.log(`opening VS Code with the extension from ${root} on ${sampleWorkspace}`);
  const child = spawn('code', ['--new-window', '--wait', `--extensionDevelopmentPath=${root}`, sampleWorkspace], { stdio: 'inherit' });
  process.on('SIGINT', () => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function startCodeServerWindow() {
  const { ensureCodeServer } = await import('./e2e/install.mjs');
  const { instanceDirs, installExtension, startCodeServer, writeUserSettings, freePort } = await import('./e2e/server.mjs');
  const { packageVsix } = await import('./package.mjs');
  ensureCodeServer();
  const vsix = packageVsix({ out: join(cacheDir, 'start/agent-chat.vsix') });
  const dirs = instanceDirs(join(cacheDir, 'start'));
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
  console.log(`\nAgent Chat in code-server: ${server.url}/?folder=${encodeURIComponent(sampleWorkspace)}`);
  console.log(`(open it in a browser on this machine; code-server log: ${server.logFile}; Ctrl-C stops it)`);
  const check = setInterval(() => {
    try {
      process.kill(-server.pid, 0);
    } catch {
      clearInterval(check);
      console.error('code-server stopped');
      process.exit(1);
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

build();
createSampleWorkspace();
const a2aAgents = process.argv.includes('--a2a') ? await startExampleA2aAgents() : undefined;
if (onPath('code') && !process.env.AGENT_CHAT_USE_CODE_SERVER) {
  if (a2aAgents) console.log(`add to your user settings.json:\n${JSON.stringify({ 'agentChat.agents': a2aAgents }, null, 2)}`);
  await startDesktop();
} else await startCodeServerWindow();
