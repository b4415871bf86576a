/**
 * An AcpChatSession on a stand-in connection (session s1 in /ws, no prompt capabilities), with
 * every event it emits kept in order. Each test file brings the connection that suits it.
 */
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { AcpChatSession, type AcpSessionOptions } from '../../../src/agents/acp/session/acpSession.js';
import type { SessionEvent } from '../../../src/protocol/events.js';

/** What the session calls on its connection. */
export interface SessionConnection {
  sendRequest(method: string, params: unknown): Promise<unknown>;
  sendNotification(method: string, params?: unknown): Promise<void>;
}

/** The session alone: events emitted before the first listener are held for it. */
export function newSession(connection: SessionConnection, opts: Partial<Omit<AcpSessionOptions, 'connection'>> = {}): AcpChatSession {
  return new AcpChatSession({
    connection: connection as unknown as MessageConnection,
    sessionId: 's1',
    protocolVersion: 1,
    promptCapabilities: { image: false, audio: false, embeddedContext: false },
    cwd: '/ws',
    roots: ['/ws'],
    ...opts,
  });
}

/** The session with a listener from the start, recording every event. */
export function sessionOver(
  connection: SessionConnection,
  opts: Partial<Omit<AcpSessionOptions, 'connection'>> = {},
): { session: AcpChatSession; events: SessionEvent[] } {
  const session = newSession(connection, opts);
  const events: SessionEvent[] = [];
  session.onEvent((e) => events.push(e));
  return { session, events };
}
