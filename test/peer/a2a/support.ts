/** A remote agent started against a real test server, its session's events fed into a real thread. */
import { startRemoteAgent, type RemoteAgent, type RemoteSecrets } from '../../../src/agents/a2a/connection/remoteAgent.js';
import type { A2aSession } from '../../../src/agents/a2a/session/a2aSession.js';
import { ThreadModel } from '../../../src/thread/reducer.js';
import type { SessionEvent } from '../../../src/protocol/events.js';
import type { ThreadEntry } from '../../../src/thread/types.js';

export interface Harness {
  agent: RemoteAgent;
  session: A2aSession;
  thread: ThreadModel;
  events: SessionEvent[];
  logs: string[];
  taps: unknown[];
  send(text: string): Promise<void>;
  /** Text of every agent message row, in order. */
  agentTexts(): string[];
  turnEnds(): { stopReason: string; error?: { message: string }; timedOut?: boolean }[];
}

export interface OpenOptions {
  secrets?: RemoteSecrets;
  /** The cancel time box: 1 s unless given; 'product' leaves the product's own default. */
  cancelTimeoutMs?: number | 'product';
  /** Reopen a saved thread (as history and restored tabs do): its session id and session facts and rows. */
  reopen?: { sessionId: string; saved: ReturnType<ThreadModel['snapshot']> };
}

export async function open(url: string, opts: OpenOptions = {}): Promise<Harness> {
  const logs: string[] = [];
  const taps: unknown[] = [];
  const started = await startRemoteAgent({
    config: { kind: 'a2a', name: 'remote', url, headers: {} },
    tap: (_d, m) => taps.push(m),
    log: (l) => logs.push(l),
    backoffMs: [20, 40, 80],
    ...(opts.cancelTimeoutMs === 'product' ? {} : { cancelTimeoutMs: opts.cancelTimeoutMs ?? 1000 }),
    ...(opts.secrets ? { secrets: opts.secrets } : {}),
  });
  if (!started.ok) throw new Error(started.failure.message);
  const agent = started.agent;
  const saved = opts.reopen?.saved;
  const session = opts.reopen
    ? await agent.resumeSession(opts.reopen.sessionId, { cwd: process.cwd(), ...(saved?.session.remoteTask ? { remoteTask: saved.session.remoteTask } : {}) })
    : await agent.newSession({ cwd: process.cwd() });
  const thread = saved ? ThreadModel.restore(saved) : new ThreadModel();
  const events: SessionEvent[] = [];
  session.onEvent((e) => { events.push(e); thread.apply(e); });
  return {
    agent, session, thread, events, logs, taps,
    send: (text) => session.prompt([{ type: 'text', text }]),
    agentTexts: () => thread.entries.filter((e): e is Extract<ThreadEntry, { type: 'agent' }> => e.type === 'agent').map((e) => e.content.map((b) => (b.type === 'text' ? b.text : b.type === 'resource_link' ? b.uri : '')).join('')),
    turnEnds: () => thread.entries.filter((e): e is Extract<ThreadEntry, { type: 'turn_end' }> => e.type === 'turn_end').map((e) => ({ stopReason: e.stopReason, ...(e.error ? { error: e.error } : {}), ...(e.timedOut ? { timedOut: true } : {}) })),
  };
}

export async function startFailure(url: string): Promise<string> {
  const started = await startRemoteAgent({ config: { kind: 'a2a', name: 'remote', url, headers: {} }, tap: () => {}, log: () => {} });
  if (started.ok) throw new Error('expected the start to fail');
  return started.failure.message;
}
