/**
 * `npm run example:a2a` and `npm start` end everything they started on SIGINT, SIGTERM and
 * SIGHUP. SIGINT is sent as Ctrl-C sends it, to the whole group npm leads. SIGTERM and SIGHUP
 * are sent to npm's pid alone, as `kill` or a process manager sends them: npm passes SIGTERM to
 * its `sh` only, which dies without passing it on, and SIGHUP not at all — the scripts notice
 * their starter ended and stop (before, the node script and code-server ran on, orphaned).
 * Checked in the process table (every process the script had started, and the sessions they
 * led) and on the ports they listened on, polled up to a bound.
 * `npm start` is real: it packages the built dist/ (`--no-build`: the test layer runs after the
 * build, and rebuilding dist/ would race the tests that run its bundles), installs it into a
 * code-server state folder of the test's own, and runs code-server headless (no desktop VS Code
 * here; it prints a URL). A start costs tens of seconds on a loaded machine, so it is started
 * twice (SIGTERM and SIGHUP to npm alone); Ctrl-C's SIGINT is checked on example:a2a.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canInspectProcesses } from '../support/processTree.js';
import { forceEnd, startNpmScript, waitUntilAllGone } from '../support/npmScript.js';
import { tempDir } from './support/harness.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Two free ports next to each other (the example's v1.0 and v0.3 servers), from a range no other test uses. */
let nextPort = 47100 + (process.pid % 500) * 4;
const portPair = () => {
  nextPort += 4;
  return nextPort;
};

describe('npm scripts end everything they started on a signal', { skip: !canInspectProcesses && 'needs /proc', timeout: 600_000 }, () => {
  for (const signal of SIGNALS) {
    test(`npm run example:a2a, ${signal} to ${signal === 'SIGINT' ? 'npm\'s group (Ctrl-C)' : 'npm alone'}: the node process and both servers end, their ports close`, { timeout: 60_000 }, async () => {
      const port = portPair();
      const run = await startNpmScript(['run', 'example:a2a'], { cwd: repo, env: { ...process.env, PORT: String(port) }, ready: /A2A v0\.3 agent:/, timeoutMs: 45_000 });
      try {
        assert.ok(run.tree.some((p) => p.command.includes('examples/a2a-server.ts')), `the example runs under npm:\n${run.tree.map((p) => p.command).join('\n')}`);
        // Ctrl-C reaches every process in the terminal's group; the others come to npm alone.
        process.kill(signal === 'SIGINT' ? -run.npm.pid! : run.npm.pid!, signal);
        await waitUntilAllGone(run.tree, [port, port + 1], 20_000);
      } finally {
        forceEnd(run.npm, run.tree);
      }
    });
  }

  // scripts/e2e/paths.mjs names the version; any installed one will do to tell whether start.mjs would download.
  const cache = join(repo, '.cache');
  const haveCodeServer = existsSync(cache) && readdirSync(cache).some((d) => d.startsWith('code-server-') && existsSync(join(cache, d, 'node_modules/code-server/out/node/entry.js')));
  const skipStart = !haveCodeServer ? 'code-server is not installed (node scripts/e2e/install.mjs)'
    : !existsSync(join(repo, 'dist/extension.cjs')) ? 'dist/ is not built (npm run build)' : false;
  const stateDirs: string[] = [];
  after(async () => {
    for (const dir of stateDirs) await rm(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    test(`npm start -- --a2a --no-build, ${signal} to npm alone: code-server's whole group, the example agents and start.mjs end`, { skip: skipStart, timeout: 300_000 }, async () => {
      const state = await tempDir('start-state-');
      stateDirs.push(state);
      const a2aPort = portPair();
      const wantedPort = a2aPort + 2;
      const run = await startNpmScript(['start', '--', '--a2a', '--no-build'], {
        cwd: repo,
        env: { ...process.env, AGENT_CHAT_USE_CODE_SERVER: '1', AGENT_CHAT_START_DIR: state, PORT: String(wantedPort), A2A_PORT: String(a2aPort) },
        ready: /Agent Chat in code-server: http:\/\/127\.0\.0\.1:\d+/,
        timeoutMs: 240_000,
      });
      try {
        // start.mjs moves to a free port when the wanted one is taken: the port it printed is the one to watch.
        const codeServerPort = Number(/Agent Chat in code-server: http:\/\/127\.0\.0\.1:(\d+)/.exec(run.output())![1]);
        const commands = run.tree.map((p) => p.command).join('\n');
        assert.ok(run.tree.some((p) => p.command.includes('code-server')), `code-server runs under npm start:\n${commands}`);
        assert.ok(run.tree.some((p) => p.command.includes('examples/a2a-server.ts')), `the example agents run under npm start:\n${commands}`);
        process.kill(run.npm.pid!, signal);
        // code-server gets SIGTERM and up to 4 s before it is killed; the bound leaves room for a loaded machine.
        await waitUntilAllGone(run.tree, [codeServerPort, a2aPort, a2aPort + 1], 30_000);
      } finally {
        forceEnd(run.npm, run.tree);
      }
    });
  }
});
