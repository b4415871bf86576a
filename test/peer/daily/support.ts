/**
 * Peer-test plumbing: start one of the daily-use test agents as a real child process and talk
 * to it through the product's own transport (`createAcpConnection`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { AcpAgentConfig } from '../../../src/agents/api.js';
import { createAcpConnection } from '../../../src/protocol/acp/transport.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningAgent {
  conn: MessageConnection;
  proc: ChildProcess;
  /** Every `session/update` params object, in arrival order. */
  updates: Array<{ sessionId: string; update: Record<string, unknown> }>;
  stderr(): string;
  initialize(clientCapabilities?: Record<string, unknown>): Promise<Record<string, any>>;
  stop(): Promise<void>;
}

const bundles = mkdtempSync(join(tmpdir(), 'daily-agents-'));
process.once('exit', () => rmSync(bundles, { recursive: true, force: true }));

/**
 * Argv to run a test agent, bundled from its current source once per test process: starting
 * through tsx costs about a second per spawn, a bundle a tenth of that, and building here
 * means a stale `out/` can never be what gets tested.
 */
export function agentArgv(name: string): string[] {
  const outfile = join(bundles, `${name}.agent.mjs`);
  if (!existsSync(outfile)) {
    buildSync({ entryPoints: [`${root}test/agents/${name}.agent.ts`], outfile, bundle: true, platform: 'node', format: 'esm',
      target: 'node20', logLevel: 'error',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" } });
  }
  return [outfile];
}

/** The launch config the product would hold for a test agent. */
export function agentConfig(name: string, env: Record<string, string> = {}): AcpAgentConfig {
  return { name, command: process.execPath, args: agentArgv(name), env, protocolVersion: 1 };
}

export function startAgent(name: string, env: Record<string, string> = {}): RunningAgent {
  return startConfig(agentConfig(name, env));
}

export function startConfig(config: AcpAgentConfig): RunningAgent {
  const proc = spawn(config.command, config.args, { cwd: root, env: { ...process.env, ...config.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const updates: RunningAgent['updates'] = [];
  const conn = createAcpConnection(proc.stdout!, proc.stdin!, {
    syncNotifications: { 'session/update': (p) => updates.push(p as RunningAgent['updates'][number]) },
  });
  conn.listen();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    conn,
    proc,
    updates,
    stderr: () => err,
    initialize: (clientCapabilities = {}) =>
      conn.sendRequest('initialize', { protocolVersion: 1, clientCapabilities, clientInfo: { name: 'agent-chat-tests', version: '0' } }),
    stop: async () => {
      conn.dispose();
      proc.stdin!.end();
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion (the "interactive terminal" of a terminal login, minus the TTY). */
export function runToExit(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    p.once('error', reject);
    p.once('exit', (code) => resolve({ code, stdout: out }));
  });
}

export const text = (t: string) => [{ type: 'text', text: t }];

/** Concatenated agent message text of the updates after `from`. */
export function agentText(a: RunningAgent, from = 0): string {
  return a.updates.slice(from).flatMap((u) => {
    const c = u.update.content as { type?: string; text?: string } | undefined;
    return u.update.sessionUpdate === 'agent_message_chunk' && c?.type === 'text' ? [c.text ?? ''] : [];
  }).join('');
}
