/**
 * Fault suite, the login: the agent refuses a turn for want of a login (its credentials went
 * away mid-session). Real auth agent (test/agents/auth.agent.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { LOGIN_RESTART_NOTE } from '../../src/agents/acp/connection/agentClient.js';
import type { AgentClientOptions } from '../../src/agents/acp/connection/agentClient.js';
import { record, say, startPeer, streamedText, tempDir, testAgent, turnEnd, waitFor } from './support/harness.js';

async function loggedOutMidSession(login: Partial<AgentClientOptions>) {
  const credentials = await tempDir('auth-faults-');
  const peer = await startPeer(testAgent('auth', [], 1, { AUTH_AGENT_DIR: credentials }), login);
  assert.equal((await peer.client.start()).state, 'ready');
  assert.equal((await peer.client.authenticate('agent-login')).kind, 'authenticated');
  const recorded = record(await peer.client.newSession());
  // The credentials go away while the session is open (expired, revoked, logged out elsewhere).
  await peer.client.logout();
  return { peer, ...recorded, close: async () => { await peer.close(); await rm(credentials, { recursive: true, force: true }); } };
}

describe('a login refused mid-turn', () => {
  test('the user dismisses the login: the turn ends saying the agent needs a login, with the methods to offer', async () => {
    const { session, events, close } = await loggedOutMidSession({ chooseAuthMethod: async () => undefined });
    try {
      await session.prompt(say('hello'));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'error');
      assert.match(end?.error?.message ?? '', /Authentication required/);
      assert.doesNotMatch(end?.error?.message ?? '', /stopped during the turn/);
      const asked = events.find((e) => e.kind === 'auth_required');
      assert.ok(asked?.kind === 'auth_required' && asked.methods.some((m) => m.id === 'agent-login'), 'the login methods are offered again');
      assert.match(asked.message ?? '', /login cancelled/);
    } finally {
      await close();
    }
  });

  test('a login that restarts the agent ends the turn saying so, not "stopped during the turn"; the next session works', async () => {
    const { peer, session, events, close } = await loggedOutMidSession({
      chooseAuthMethod: async (methods) => methods.find((m) => m.id === 'api-key'),
      askVariables: async () => ({ AUTH_AGENT_API_KEY: 'key' }),
    });
    try {
      await session.prompt(say('hello'));
      const end = turnEnd(events);
      assert.equal(end?.stopReason, 'error');
      assert.equal(end?.error?.message, LOGIN_RESTART_NOTE);
      // The login finishes after the restart ended the turn; its notice follows.
      await waitFor(() => events.some((e) => e.kind === 'notice_local' && /Logged in; the agent was restarted/.test(e.title)) || undefined, 10_000, 'the login notice');
      const again = record(await peer.client.newSession());
      await again.session.prompt(say('hello'));
      assert.equal(streamedText(again.events), 'logged in via env');
    } finally {
      await close();
    }
  });
});
