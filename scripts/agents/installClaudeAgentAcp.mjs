// Installs claude-agent-acp (Claude Code behind ACP) into .cache/ from the npm registry on first
// use; later runs reuse it. It is not a dependency in package.json on purpose: its Claude CLI is a
// native binary of about 340 MB, and every `npm ci` would download it for tests that few runs need.
// Only the tests that drive the real agent call ensureClaudeAgentAcp().
// The marker file is written last: an interrupted install is detected and redone from scratch.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const claudeAgentAcpVersion = '0.101.0';
const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const claudeAgentAcpDir = join(root, '.cache', `claude-agent-acp-${claudeAgentAcpVersion}`);
/** The agent's entry script: run it with node. */
export const claudeAgentAcpEntry = join(claudeAgentAcpDir, 'node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js');
const marker = join(claudeAgentAcpDir, '.installed.json');

export function isInstalled() {
  if (!existsSync(marker) || !existsSync(claudeAgentAcpEntry)) return false;
  try {
    return JSON.parse(readFileSync(marker, 'utf8')).version === claudeAgentAcpVersion;
  } catch {
    return false;
  }
}

/** Milliseconds since the lock was taken, or -1 when there is none. */
function lockAge(lock) {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return -1;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The entry script, installed unless the cache is complete. Concurrent runs (two test files, two
 * terminals) take turns through a lock directory; one that finds the lock waits for the other.
 */
export async function ensureClaudeAgentAcp(log = console.log) {
  if (isInstalled()) return claudeAgentAcpEntry;
  const lock = `${claudeAgentAcpDir}.lock`;
  const staleMs = 15 * 60 * 1000;
  mkdirSync(join(root, '.cache'), { recursive: true });
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
      log('another run is installing claude-agent-acp; waiting');
      for (let age = lockAge(lock); age >= 0 && age <= staleMs; age = lockAge(lock)) await sleep(1000);
      if (isInstalled()) return claudeAgentAcpEntry;
    }
  }
  try {
    if (isInstalled()) return claudeAgentAcpEntry;
    await install(log);
    return claudeAgentAcpEntry;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function install(log) {
  const started = Date.now();
  log(`installing @agentclientprotocol/claude-agent-acp@${claudeAgentAcpVersion} into ${claudeAgentAcpDir}`);
  rmSync(claudeAgentAcpDir, { recursive: true, force: true });
  mkdirSync(claudeAgentAcpDir, { recursive: true });
  writeFileSync(join(claudeAgentAcpDir, 'package.json'), JSON.stringify({ private: true }) + '\n');
  const logFile = join(claudeAgentAcpDir, 'install.log');
  const args = ['install', `@agentclientprotocol/claude-agent-acp@${claudeAgentAcpVersion}`, '--no-save', '--ignore-scripts'];
  const env = {
    ...process.env,
    // The package asks for node >= 22 and runs on 20; an engine-strict setting must not refuse it.
    npm_config_engine_strict: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
  const { code, output } = await new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: claudeAgentAcpDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  writeFileSync(logFile, `$ npm ${args.join(' ')}\n${output}`);
  if (code !== 0 || !existsSync(claudeAgentAcpEntry)) {
    throw new Error(`npm ${args.join(' ')} failed in ${claudeAgentAcpDir} (exit ${code}); see ${logFile}\n${output.slice(-2000)}`);
  }
  writeFileSync(marker, JSON.stringify({ version: claudeAgentAcpVersion, installedAt: new Date().toISOString() }) + '\n');
  log(`claude-agent-acp installed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureClaudeAgentAcp().then(
    (entry) => console.log(entry),
    (e) => {
      console.error(String(e?.message ?? e));
      process.exit(1);
    },
  );
}
