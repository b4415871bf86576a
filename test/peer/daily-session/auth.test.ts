/**
 * Logging in through AgentClient against the auth agent: session/new answers -32000 until a
 * login worked; the client runs one login (agent-driven, terminal with a restart, or env var
 * with a restart) and retries once. A prompt refused after logout logs in and resends.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { AuthRequiredError } from '../../../src/agents/acp/auth/login.js';
import type { AgentClientOptions } from '../../../src/agents/acp/connection/agentClient.js';
import { record, say, streamedText, tempDir, turnEnd, waitFor } from '../support/harness.js';
import { runToExit } from '../daily/support.js';
import { assertWireValid, startDaily, type DailyPeer } from './support.js';

async function withAuthAgent(opts: Partial<AgentClientOptions>, body: (peer: DailyPeer) => Promise<void>): Promise<void> {
  const dir = await tempDir('auth-agent-');
  const peer = await startDaily('auth', { AUTH_AGENT_DIR: dir }, opts);
  try {
    await body(peer);
    assertWireValid(peer);
  } finally {
    await peer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function promptText(peer: DailyPeer): Promise<string> {
  const { session, events } = record(await peer.client.newSession());
  await session.prompt(say('hi'));
  return streamedText(events);
}

describe('daily sessions: auth agent', () => {
  test('agent-driven: authenticate on the same connection, then session/new again', async () => {
    await withAuthAgent({}, async (peer) => {
      assert.equal(peer.wire.sent('initialize')[0]?.params && 'auth' in (peer.wire.sent('initialize')[0]!.params as { clientCapabilities: object }).clientCapabilities, false,
        'no auth.terminal without a terminal runner');
      assert.deepEqual(peer.client.facts?.authMethods.map((m) => m.kind), ['agent', 'env_var']);
      assert.equal(await promptText(peer), 'logged in via agent');
      assert.deepEqual(peer.wire.sent('authenticate').map((m) => m.params), [{ methodId: 'agent-login' }]);
      assert.equal(peer.wire.sent('session/new').length, 2, 'one refusal, one retry');
      assert.equal(peer.wire.sent('initialize').length, 1, 'no restart');
    });
  });

  test('terminal: advertised only with a runner; the agent command + args runs, then a restart', async () => {
    const ran: string[][] = [];
    await withAuthAgent({
      terminalAuth: async (command, args, env) => {
        ran.push([command, ...args, env.AUTH_AGENT_LOGIN_MODE ?? '']);
        return (await runToExit(command, args, env)).code;
      },
      chooseAuthMethod: async (methods) => methods.find((m) => m.kind === 'terminal'),
    }, async (peer) => {
      const [init] = peer.wire.sent('initialize');
      assert.deepEqual((init?.params as { clientCapabilities: { auth?: unknown } }).clientCapabilities.auth, { terminal: true });
      assert.deepEqual(peer.client.facts?.authMethods.map((m) => m.kind), ['agent', 'terminal', 'env_var']);
      assert.equal(await promptText(peer), 'logged in via terminal:tui');
      assert.equal(ran.length, 1);
      assert.deepEqual(ran[0]!.slice(-2), ['--login', 'tui']);
      assert.equal(peer.wire.sent('authenticate').length, 0, 'a terminal method is never sent to authenticate');
      assert.equal(peer.wire.sent('initialize').length, 2, 'restarted and initialized again');
    });
  });

  test('env var: the user types the key, the agent restarts with it', async () => {
    const asked: string[] = [];
    await withAuthAgent({
      askVariables: async (vars) => {
        asked.push(...vars.map((v) => `${v.name}${v.secret ? ' (secret)' : ''}`));
        return { AUTH_AGENT_API_KEY: 'k-123' };
      },
      chooseAuthMethod: async (methods) => methods.find((m) => m.kind === 'env_var'),
    }, async (peer) => {
      assert.equal(await promptText(peer), 'logged in via env');
      assert.deepEqual(asked, ['AUTH_AGENT_API_KEY (secret)']);
      assert.equal(peer.client.config.env.AUTH_AGENT_API_KEY, 'k-123');
      assert.equal(peer.wire.sent('initialize').length, 2);
    });
  });

  test('no login chosen: session/new fails with AuthRequiredError listing the methods', async () => {
    await withAuthAgent({ chooseAuthMethod: async () => undefined }, async (peer) => {
      const err = await peer.client.newSession().then(() => undefined, (e: unknown) => e);
      assert.ok(err instanceof AuthRequiredError, String(err));
      assert.equal(err.code, -32000);
      assert.deepEqual(err.methods.map((m) => [m.id, m.kind]), [['agent-login', 'agent'], ['api-key', 'env_var']]);
      assert.match(err.loginOutcome, /cancelled/);
      assert.equal(peer.wire.sent('session/new').length, 1, 'no retry without a login');
      // The "Log in" action, then it works.
      assert.deepEqual(await peer.client.authenticate('agent-login'), { kind: 'authenticated' });
      assert.equal(await promptText(peer), 'logged in via agent');
    });
  });

  test('a prompt refused after logout logs in and is resent in the same turn', async () => {
    await withAuthAgent({}, async (peer) => {
      const { session, events } = record(await peer.client.newSession());
      await peer.client.logout();
      assert.equal(peer.wire.sent('logout').length, 1);
      await session.prompt(say('hi'));
      assert.equal(turnEnd(events)?.stopReason, 'end_turn');
      assert.equal(streamedText(events), 'logged in via agent');
      assert.equal(peer.wire.sent('session/prompt').length, 2);
      assert.equal(events.filter((e) => e.kind === 'prompt_sent').length, 1, 'one turn');
    });
  });

  test('a prompt refused with no login possible ends as needing a login (not a fault), with the methods', async () => {
    let allow = true;
    await withAuthAgent({ chooseAuthMethod: async (methods) => (allow ? methods[0] : undefined) }, async (peer) => {
      const { session, events, thread } = record(await peer.client.newSession());
      allow = false;
      await peer.client.logout();
      await session.prompt(say('hi'));
      const auth = events.find((e) => e.kind === 'auth_required');
      assert.ok(auth && auth.kind === 'auth_required');
      assert.deepEqual(auth.methods.map((m) => m.id), ['agent-login', 'api-key']);
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'auth_required');
      assert.equal(end?.error?.code, -32000);
      assert.match(end?.error?.message ?? '', /needs a login/);
      assert.ok(thread.entries.some((e) => e.type === 'notice' && e.title === 'The agent needs you to log in'));
      // "Log in" afterwards: the agent's own login runs on the same process and the same session answers.
      allow = true;
      assert.deepEqual(await peer.client.authenticate(), { kind: 'authenticated' });
      await session.prompt(say('again'));
      assert.equal(turnEnd(events)?.stopReason, 'end_turn');
      assert.match(streamedText(events), /logged in via agent/);
    });
  });

  test('a prompt refused after logout with a terminal login: the agent restarts, the turn ends, a notice says why', async () => {
    // The first login (for session/new) is agent-driven; the one after logout uses the terminal.
    let peerLoggedIn = false;
    await withAuthAgent({
      terminalAuth: async (command, args, env) => (await runToExit(command, args, env)).code,
      chooseAuthMethod: async (methods) => methods.find((m) => m.kind === (peerLoggedIn ? 'terminal' : 'agent')),
    }, async (peer) => {
      const { session, events } = record(await peer.client.newSession());
      peerLoggedIn = true;
      await peer.client.logout();
      await session.prompt(say('hi'));
      // The restart for the login ends the turn: it says a login was needed, not that the agent was stopped.
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'auth_required');
      assert.match(end?.error?.message ?? '', /needs a login: it was restarted to log in/);
      // The turn ends when the old process is stopped; the notice follows once the new one is up.
      await waitFor(() => events.some((e) => e.kind === 'notice_local' && e.title === 'Logged in; the agent was restarted'), 5_000, 'the restart notice');
      assert.equal(session.isClosed, true);
      assert.equal(peer.wire.sent('initialize').length, 2);
      assert.equal(await promptText(peer), 'logged in via terminal:tui', 'a new session works at once');
    });
  });
});
