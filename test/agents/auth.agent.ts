/**
 * Test agent that needs a login, offering all three ways to get one (see DAILY.md):
 * an agent-driven method (`authenticate`), a terminal method (re-run with `--login`), and an
 * env-var method (restart with AUTH_AGENT_API_KEY set). Until one of them worked,
 * `session/new` and `session/prompt` fail with -32000.
 *
 * Credentials persist as a marker file in $AUTH_AGENT_DIR, so a terminal login (a separate
 * process) is seen by the next start.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { RequestError, agent } from '@agentclientprotocol/sdk';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'auth-agent';
const dir = process.env.AUTH_AGENT_DIR;
const marker = dir ? join(dir, 'credentials') : undefined;

function saveLogin(how: string): void {
  if (!marker || !dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(marker, how);
}

/**
 * With AUTH_AGENT_LOGIN_CODE set, the terminal login asks for that code on stdin, as a device-code
 * login would; a wrong (or no) answer exits 1 without logging in.
 */
async function askForCode(expected: string): Promise<boolean> {
  process.stdout.write(`${NAME} login (mode: ${process.env.AUTH_AGENT_LOGIN_MODE ?? 'none'})\nEnter the one-time code: `);
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim() === expected;
  }
  return false;
}

if (process.argv.includes('--login')) {
  // Terminal login: what a real agent's interactive login TUI would do.
  if (!marker) {
    process.stderr.write(`${NAME}: AUTH_AGENT_DIR is not set, cannot store credentials\n`);
    process.exit(2);
  }
  const code = process.env.AUTH_AGENT_LOGIN_CODE;
  if (code !== undefined && !(await askForCode(code))) {
    process.stdout.write('That code is not right. Not logged in.\n');
    process.exit(1);
  }
  saveLogin(`terminal${process.env.AUTH_AGENT_LOGIN_MODE ? `:${process.env.AUTH_AGENT_LOGIN_MODE}` : ''}`);
  process.stdout.write('Logged in.\n');
  process.exit(0);
}

function currentLogin(): string | undefined {
  if (process.env.AUTH_AGENT_API_KEY) return 'env';
  return marker && existsSync(marker) ? readFileSync(marker, 'utf8') : undefined;
}

let login = currentLogin();
let nextSession = 1;

const app = agent({ name: NAME })
  .onRequest('initialize', ({ params }) => {
    const terminal = params.clientCapabilities?.auth?.terminal === true;
    return {
      protocolVersion: 1,
      agentCapabilities: { loadSession: false, auth: { logout: {} } },
      authMethods: [
        { id: 'agent-login', name: 'Log in', description: 'The agent logs you in' },
        // Only offered to clients that can run the agent in a terminal, as the protocol requires.
        ...(terminal ? [{ type: 'terminal' as const, id: 'terminal-login', name: 'Log in in a terminal', args: ['--login'], env: { AUTH_AGENT_LOGIN_MODE: 'tui' } }] : []),
        // Not in the SDK 2.4.0 schema (see src/agents/acp/auth/methods.ts); sent as agents in the wild do.
        { type: 'env_var', id: 'api-key', name: 'API key', vars: [{ name: 'AUTH_AGENT_API_KEY', label: 'Auth Agent API key', secret: true }] } as never,
      ],
      agentInfo: { name: NAME, title: 'Auth Agent', version: '1.0.0' },
    };
  })
  .onRequest('authenticate', ({ params }) => {
    if (params.methodId !== 'agent-login') {
      // Terminal and env-var methods are completed by the client, never through authenticate.
      throw RequestError.invalidParams({ methodId: params.methodId }, 'not an agent-driven method');
    }
    login = 'agent';
    saveLogin(login);
    return {};
  })
  .onRequest('logout', () => {
    login = undefined;
    if (marker) rmSync(marker, { force: true });
    return {};
  })
  .onRequest('session/new', () => {
    if (!login) throw RequestError.authRequired();
    return { sessionId: `sess_${nextSession++}` };
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    if (!login) throw RequestError.authRequired();
    await client.notify('session/update', {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `logged in via ${login}` } },
    });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
