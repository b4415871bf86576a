/**
 * Test agent with persistent sessions (see DAILY.md): load with replay, list (2 per page),
 * resume, close, delete. Sessions live in $HISTORY_AGENT_DIR/sessions.json, so they survive
 * a restart of the agent process, which is the point of the feature under test.
 *
 * A session accepts prompts only while open in this process (after new, load or resume),
 * so a test can tell "resumed" from "merely listed". Timestamps come from a counter, not the
 * clock, to keep list order deterministic.
 *
 * Variants by environment, for the client's fallbacks: HISTORY_AGENT_NO_RESUME=1 advertises no
 * `resume` (and refuses it), so a session can only be picked up by load with replay;
 * HISTORY_AGENT_LIST_HANGS=1 never answers `session/list`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestError, agent } from '@agentclientprotocol/sdk';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

type Item =
  | { kind: 'user'; text: string }
  | { kind: 'agent'; text: string }
  | { kind: 'tool'; toolCallId: string; title: string };

interface Stored {
  sessionId: string;
  cwd: string;
  title: string | null;
  updatedAt: string;
  additionalDirectories: string[];
  items: Item[];
}

interface Db {
  seq: number;
  sessions: Record<string, Stored>;
}

const NAME = 'history-agent';
const PAGE = 2;
const dir = process.env.HISTORY_AGENT_DIR;
if (!dir) {
  process.stderr.write(`${NAME}: HISTORY_AGENT_DIR is not set\n`);
  process.exit(2);
}
const file = join(dir, 'sessions.json');
const noResume = process.env.HISTORY_AGENT_NO_RESUME === '1';
const listHangs = process.env.HISTORY_AGENT_LIST_HANGS === '1';

const read = (): Db => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Db) : { seq: 0, sessions: {} });
function write(db: Db): void {
  mkdirSync(dir!, { recursive: true });
  writeFileSync(file, JSON.stringify(db, null, 1));
}
const tick = (db: Db) => new Date(Date.UTC(2026, 0, 1) + ++db.seq * 60_000).toISOString();

const open = new Set<string>();

function stored(db: Db, sessionId: string): Stored {
  const s = db.sessions[sessionId];
  if (!s) throw RequestError.resourceNotFound(sessionId);
  return s;
}

function replayUpdate(item: Item): SessionUpdate {
  switch (item.kind) {
    case 'user':
      return { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: item.text } };
    case 'agent':
      return { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: item.text } };
    case 'tool':
      return { sessionUpdate: 'tool_call', toolCallId: item.toolCallId, title: item.title, kind: 'read', status: 'completed' };
  }
}

const app = agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: {
      loadSession: true,
      sessionCapabilities: { list: {}, ...(noResume ? {} : { resume: {} }), close: {}, delete: {}, additionalDirectories: {} },
    },
    authMethods: [],
    agentInfo: { name: NAME, title: 'History Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', ({ params }) => {
    const db = read();
    const sessionId = `hist_${Object.keys(db.sessions).length + 1}_${db.seq + 1}`;
    db.sessions[sessionId] = { sessionId, cwd: params.cwd, title: null, updatedAt: tick(db), additionalDirectories: params.additionalDirectories ?? [], items: [] };
    write(db);
    open.add(sessionId);
    return { sessionId };
  })
  .onRequest('session/load', async ({ params, client }) => {
    const db = read();
    const s = stored(db, params.sessionId);
    // The whole conversation goes out as ordinary updates, and only then the answer.
    for (const item of s.items) await client.notify('session/update', { sessionId: s.sessionId, update: replayUpdate(item) });
    s.additionalDirectories = params.additionalDirectories ?? [];
    write(db);
    open.add(s.sessionId);
    return {};
  })
  .onRequest('session/resume', ({ params }) => {
    if (noResume) throw RequestError.methodNotFound('session/resume');
    const db = read();
    const s = stored(db, params.sessionId);
    s.additionalDirectories = params.additionalDirectories ?? [];
    write(db);
    open.add(s.sessionId);
    return {};
  })
  .onRequest('session/list', ({ params }) => {
    // A stuck agent: the request stays open for as long as the process lives.
    if (listHangs) return new Promise<never>(() => {});
    const all = Object.values(read().sessions)
      .filter((s) => !params.cwd || s.cwd === params.cwd)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    const start = params.cursor ? Number.parseInt(Buffer.from(params.cursor, 'base64url').toString(), 10) : 0;
    if (!Number.isInteger(start) || start < 0) throw RequestError.invalidParams({ cursor: params.cursor });
    const page = all.slice(start, start + PAGE);
    const next = start + PAGE < all.length ? Buffer.from(String(start + PAGE)).toString('base64url') : undefined;
    return {
      sessions: page.map((s) => ({ sessionId: s.sessionId, cwd: s.cwd, title: s.title, updatedAt: s.updatedAt,
        ...(s.additionalDirectories.length ? { additionalDirectories: s.additionalDirectories } : {}) })),
      ...(next ? { nextCursor: next } : {}),
    };
  })
  .onRequest('session/close', ({ params }) => {
    if (!open.delete(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
    return {};
  })
  .onRequest('session/delete', ({ params }) => {
    // Idempotent, as the protocol asks: unknown ids succeed too.
    const db = read();
    delete db.sessions[params.sessionId];
    write(db);
    open.delete(params.sessionId);
    return {};
  })
  .onRequest('session/prompt', async ({ params, client }) => {
    if (!open.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
    const db = read();
    const s = stored(db, params.sessionId);
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const toolCallId = `call_${s.items.filter((i) => i.kind === 'tool').length + 1}`;
    const reply: Item[] = [
      { kind: 'tool', toolCallId, title: `Recall "${text}"` },
      { kind: 'agent', text: `noted: ${text}` },
    ];
    s.items.push({ kind: 'user', text }, ...reply);
    s.title ??= text;
    s.updatedAt = tick(db);
    write(db);
    for (const item of reply) await client.notify('session/update', { sessionId: s.sessionId, update: replayUpdate(item) });
    await client.notify('session/update', { sessionId: s.sessionId, update: { sessionUpdate: 'session_info_update', title: s.title, updatedAt: s.updatedAt } });
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
