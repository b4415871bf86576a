/**
 * The fuzz pipeline: mutated `session/update`s, agent requests and prompt answers go the way
 * real ones do — JSON on the wire → the protocol parsers (`normalizeSessionUpdate`, the
 * request parsers, the permission reader) → `ThreadModel.apply` → the webview's `ThreadStore`
 * (the rows the panel draws) and the presentation helpers (stop descriptions, usage, the
 * Markdown export) — and after every step the invariants are checked:
 * nothing throws, no row is lost, the panel's rows are the thread's rows (no desync), the
 * thread survives JSON (snapshot → restore → the same snapshot), and the same thread built with
 * runs of text chunks joined as the transport joins them (textChunkRuns.ts) is the same thread.
 *
 * Deterministic from the seed: a failure names the seed and case, and `FUZZ_SEED` replays it.
 */
import type { SessionEvent } from '../../src/protocol/events.js';
import { normalizeSessionUpdate } from '../../src/protocol/acp/normalize.js';
import { textChunkRuns } from '../../src/protocol/acp/textChunkRuns.js';
import { parsePromptResult } from '../../src/protocol/acp/parseAgentResults.js';
import { parseCreateTerminal, parseReadTextFile, parseTerminalRequest, parseWriteTextFile } from '../../src/protocol/acp/parseClientRequests.js';
import { readPermissionParams } from '../../src/agents/acp/permissions/permissionParams.js';
import { parseElicitation } from '../../src/protocol/acp/parseElicitation.js';
import { checkElicitationAnswer } from '../../src/thread/elicitations/elicitationAnswer.js';
import type { ElicitationPrompt } from '../../src/protocol/events.js';
import { ThreadModel, type ThreadSnapshot } from '../../src/thread/reducer.js';
import { transcriptToMarkdown } from '../../src/history/markdown.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptMeta } from '../../src/history/types.js';
import { readTranscript } from '../../src/history/salvage.js';
import { ThreadStore } from '../../webview/thread/store.js';
import { describeStop, formatUsage } from '../../webview/format.js';
import { mutate } from './mutate.js';
import { Prng } from './prng.js';
import { agentRequestSample, CHILD_IDS, promptResultSample, sessionUpdateSample } from './samples.js';

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** Cases per thread before a fresh one starts (state carries over within a thread). */
  threadLength?: number;
  /** Stop after this many failures (default 1). */
  maxFailures?: number;
}

export interface FuzzFailure {
  seed: number;
  caseIndex: number;
  what: string;
  error: string;
  /** The input that broke it, cut to a readable length. */
  input: string;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  ms: number;
  failures: FuzzFailure[];
  /** How often each event kind came out of the parsers (shows what the mutations reach). */
  eventKinds: Record<string, number>;
}

class InvariantError extends Error {}

const SESSION_ID = 'sess_fuzz';

/** What the wire would deliver: JSON text parsed back (NaN → null, undefined dropped). */
function onTheWire(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}

const shortJson = (value: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
};

/** One thread and the panel's copy of its rows. */
class FuzzThread {
  readonly model = new ThreadModel();
  private desync: string | undefined;
  /** The panel's copies of the subagents' threads (webview/thread/childThreads.ts keeps one per child). */
  readonly childStores = new Map<string, ThreadStore>();
  readonly store = new ThreadStore({
    reset: () => undefined,
    inserted: () => undefined,
    changed: () => undefined,
    desync: (reason) => (this.desync = reason),
  });
  turn = 0;
  turnOpen = false;
  permissions: { requestId: string; optionIds: string[]; path: string[] }[] = [];
  elicitations: { requestId: string; prompt: ElicitationPrompt }[] = [];

  /**
   * The same thread as the transport builds it: a run of text chunks that continue one another
   * joined into one update (textChunkRuns.ts) before it is applied; compared with `model` at
   * every serialisation check.
   */
  readonly joined = new ThreadModel();
  /** The run held back, as the transport holds it until a message that does not continue it. */
  private held: { first: unknown; run?: unknown } | undefined;

  /** A top-level `session/update` as it came on the wire. */
  update(update: unknown, eventKinds: Record<string, number>): void {
    this.apply(normalizeSessionUpdate(update), eventKinds, false);
    const params = { sessionId: SESSION_ID, update };
    if (this.held) {
      const held = this.held;
      const joined = held.run === undefined ? (held.run = textChunkRuns.start(held.first, params)) !== undefined : textChunkRuns.extend(held.run as never, params);
      if (joined) {
        eventKinds['(text chunks joined)'] = (eventKinds['(text chunks joined)'] ?? 0) + 1;
        return;
      }
      this.handOver();
    }
    this.held = { first: params };
  }

  private handOver(): void {
    if (!this.held) return;
    const { first, run } = this.held;
    const { update } = (run === undefined ? first : textChunkRuns.finish(run as never)) as { update: unknown };
    this.held = undefined;
    this.joined.apply(normalizeSessionUpdate(update));
  }

  apply(event: SessionEvent, eventKinds: Record<string, number>, alsoJoined = true): void {
    if (alsoJoined) {
      this.handOver();
      this.joined.apply(event);
    }
    eventKinds[event.kind] = (eventKinds[event.kind] ?? 0) + 1;
    if (JSON.stringify(event) === undefined) throw new InvariantError('an event that does not serialise');
    const before = this.model.entries.length;
    const out = this.model.apply(event);
    // As posted to the webview: a copy (its store grows appended text in place, in its own rows).
    this.store.apply(onTheWire(out.rows) as typeof out.rows);
    for (const change of out.children ?? []) {
      let store = this.childStores.get(change.childId);
      if (!store) this.childStores.set(change.childId, (store = new ThreadStore({ reset: () => undefined, inserted: () => undefined, changed: () => undefined, desync: (reason) => (this.desync = `in ${change.childId}: ${reason}`) })));
      store.apply(onTheWire(change.rows) as typeof change.rows);
    }
    const rows = this.model.entries;
    if (rows.length < before) throw new InvariantError(`rows lost: ${before} → ${rows.length}`);
    if (this.desync) throw new InvariantError(`the panel lost track: ${this.desync}`);
    const shown = this.store.all();
    if (shown.length !== rows.length) throw new InvariantError(`the panel shows ${shown.length} rows, the thread has ${rows.length}`);
    for (let i = 0; i < rows.length; i++) {
      if (shown[i]!.id !== rows[i]!.id) throw new InvariantError(`row ${i}: the panel shows ${shown[i]!.id}, the thread has ${rows[i]!.id}`);
    }
    for (const change of out.rows) {
      const entry = change.op === 'append' ? undefined : change.entry;
      if (entry?.type === 'turn_end') describeStop(entry);
    }
    if (out.session && this.model.session.usage) formatUsage(this.model.session.usage);
  }

  /** Snapshot → JSON → restore gives the same snapshot; the Markdown export reads it. */
  checkSerialisable(): Transcript {
    // Every subagent's rows in the panel are its thread's.
    const childRows = this.model.childRows();
    for (const [childId, rows] of Object.entries(childRows)) {
      const shown = this.childStores.get(childId)?.all() ?? [];
      if (shown.length !== rows.length || shown.some((e, i) => e.id !== rows[i]!.id)) throw new InvariantError(`subagent ${childId}: the panel shows ${shown.length} rows, its thread has ${rows.length}`);
    }
    const snapshot = this.model.snapshot();
    const json = JSON.stringify(snapshot);
    this.handOver();
    if (JSON.stringify(this.joined.snapshot()) !== json) throw new InvariantError('the thread built with runs of text chunks joined is not the one built chunk by chunk');
    const restored = ThreadModel.restore(JSON.parse(json) as ThreadSnapshot);
    const again = JSON.stringify(restored.snapshot());
    if (again !== json) throw new InvariantError('the thread does not survive snapshot → JSON → restore');
    const transcript: Transcript = { ...FUZZ_META, version: TRANSCRIPT_VERSION, entryCount: snapshot.entries.length, entries: snapshot.entries, session: snapshot.session };
    const md = transcriptToMarkdown(transcript);
    if (typeof md !== 'string') throw new InvariantError('the Markdown export is not text');
    return transcript;
  }
}

const FUZZ_META: TranscriptMeta = {
  id: 'fuzz',
  agentName: 'fuzz',
  sessionId: SESSION_ID,
  title: 'Fuzz',
  cwd: '/w',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  entryCount: 0,
  droppedEntries: 0,
};

/**
 * A damaged transcript file (mutated, or cut off at a random byte) opens with what can be
 * read, and what opens can be continued, shown and exported.
 */
function checkDamagedTranscript(transcript: Transcript, r: Prng, current: { input: unknown }): void {
  let text = JSON.stringify(r.chance(0.5) ? mutate(transcript, r) : transcript) ?? 'null';
  if (r.chance(0.5)) text = text.slice(0, r.int(text.length));
  current.input = text;
  const opened = readTranscript(text, FUZZ_META);
  if (!opened) return;
  const thread = ThreadModel.restore({ entries: opened.entries, session: opened.session });
  const store = new ThreadStore({ reset: () => undefined, inserted: () => undefined, changed: () => undefined, desync: () => undefined });
  store.reset(thread.snapshot().entries);
  for (const entry of opened.entries) if (entry.type === 'turn_end') describeStop(entry);
  transcriptToMarkdown(opened);
  // Continuing it: the next turn applies on top.
  thread.apply({ kind: 'prompt_sent', turnId: 'turn_after', content: [{ type: 'text', text: 'again' }] });
  JSON.stringify(thread.snapshot());
}

/** One case: a turn boundary, a session/update, an agent request, or a permission answer. */
function runCase(r: Prng, thread: FuzzThread, eventKinds: Record<string, number>): { what: string; input: unknown } {
  const roll = r.next();
  if (!thread.turnOpen && roll < 0.08) {
    thread.turnOpen = true;
    thread.turn++;
    // The prompt is ours (the composer builds it), not the agent's: well-formed, any text.
    const text = mutate({ text: 'Fix the bug' }, r) as { text?: unknown };
    const content = [{ type: 'text' as const, text: typeof text?.text === 'string' ? text.text : 'Fix the bug' }];
    thread.apply({ kind: 'prompt_sent', turnId: `turn_${thread.turn}`, content }, eventKinds);
    return { what: 'prompt_sent', input: content };
  }
  if (thread.turnOpen && roll < 0.06) {
    const raw = onTheWire(mutate(promptResultSample(r), r));
    const parsed = parsePromptResult(raw, 1);
    const end: SessionEvent = parsed.ok && parsed.value.protocolVersion === 1
      ? { kind: 'turn_ended', turnId: `turn_${thread.turn}`, stopReason: parsed.value.stopReason }
      : { kind: 'turn_ended', turnId: `turn_${thread.turn}`, stopReason: 'error', error: { message: `The agent's answer is malformed: ${parsed.ok ? '?' : parsed.error}` } };
    thread.turnOpen = false;
    thread.apply(end, eventKinds);
    return { what: 'session/prompt result', input: raw };
  }
  if (thread.permissions.length && roll < 0.14) {
    const asked = thread.permissions.splice(r.int(thread.permissions.length), 1)[0]!;
    const outcome = r.chance(0.7) && asked.optionIds.length ? { outcome: 'selected' as const, optionId: r.pick(asked.optionIds) } : { outcome: 'cancelled' as const };
    thread.apply(inChild(asked.path, { kind: 'permission_resolved', requestId: asked.requestId, outcome }), eventKinds);
    return { what: 'permission answer', input: outcome };
  }
  if (thread.elicitations.length && roll < 0.17) {
    // The user's answer as the panel would post it (mutated: the page's message is input too),
    // checked the way the host checks it before anything reaches the agent.
    const asked = thread.elicitations.splice(r.int(thread.elicitations.length), 1)[0]!;
    const content = onTheWire(mutate(asked.prompt.mode === 'form' ? Object.fromEntries(asked.prompt.fields.map((f) => [f.name, f.default ?? 'x'])) : {}, r));
    const check = asked.prompt.mode === 'form' && content && typeof content === 'object' && !Array.isArray(content)
      ? checkElicitationAnswer(asked.prompt.fields, content as Record<string, unknown>) : undefined;
    const event: SessionEvent = check?.ok
      ? { kind: 'elicitation_resolved', requestId: asked.requestId, action: 'accept', content: check.content }
      : { kind: 'elicitation_resolved', requestId: asked.requestId, action: r.pick(['decline', 'cancel', 'accept'] as const) };
    thread.apply(event, eventKinds);
    if (asked.prompt.mode === 'url' && r.chance(0.5)) thread.apply({ kind: 'elicitation_completed', elicitationId: asked.prompt.elicitationId }, eventKinds);
    return { what: 'elicitation answer', input: content };
  }
  if (roll < 0.3) {
    const sample = agentRequestSample(r, SESSION_ID);
    const params = onTheWire(mutate(sample.params, r));
    agentRequest(sample.method, params, thread, eventKinds, r);
    return { what: sample.method, input: params };
  }
  if (roll > 0.92) {
    // A streamed reply: a run of chunks of one message, some of them mutated (the transport joins
    // those that still continue the run).
    const kind = r.pick(['agent_message_chunk', 'agent_thought_chunk'] as const);
    const messageId = r.pick(['msg_1', 'msg_2', undefined]);
    const run: unknown[] = [];
    for (let i = 2 + r.int(6); i > 0; i--) {
      const chunk = { sessionUpdate: kind, content: { type: 'text', text: r.pick(['Hel', 'lo', ' wörld', '', '\n```\n', '🙂']) }, ...(messageId ? { messageId } : {}) };
      const update = onTheWire(r.chance(0.2) ? mutate(chunk, r) : chunk);
      run.push(update);
      thread.update(update, eventKinds);
    }
    return { what: 'a run of streamed chunks', input: run };
  }
  const update = onTheWire(mutate(sessionUpdateSample(r), r));
  // A quarter of the updates are a subagent's (a child, or a child of a child, announced or not).
  const path = r.chance(0.25) ? childPath(r) : [];
  if (path.length === 0) thread.update(update, eventKinds);
  else thread.apply(inChild(path, normalizeSessionUpdate(update)), eventKinds);
  return { what: path.length ? `session/update of ${path.join(' › ')}` : 'session/update', input: update };
}

/**
 * A child, or a child of a child. Session ids are unique on a connection and the router gives a
 * child one owner (connection/sessionRouter.ts), so a grandchild's id is named after its parent.
 */
function childPath(r: Prng): string[] {
  const path = [r.pick(CHILD_IDS)];
  while (path.length < 3 && r.chance(0.3)) path.push(`${path[path.length - 1]}.${r.pick(CHILD_IDS)}`);
  return path;
}

/** The event as the session emits a child's: wrapped once per level (session/childSessions.ts). */
function inChild(path: readonly string[], event: SessionEvent): SessionEvent {
  // A child announcing a child of its own names it after itself (see childPath).
  let wrapped = event.kind === 'subagent' && path.length > 0 ? { ...event, childId: `${path[path.length - 1]}.${event.childId}` } : event;
  for (let i = path.length - 1; i >= 0; i--) wrapped = { kind: 'child', childId: path[i]!, event: wrapped };
  return wrapped;
}

function agentRequest(method: string, params: unknown, thread: FuzzThread, eventKinds: Record<string, number>, r: Prng): void {
  const errorText = (parsed: { ok: boolean; error?: string }) => {
    if (!parsed.ok && !(typeof parsed.error === 'string' && parsed.error.length > 0)) throw new InvariantError(`${method}: refused without saying why`);
  };
  switch (method) {
    case 'fs/read_text_file': return errorText(parseReadTextFile(params));
    case 'fs/write_text_file': return errorText(parseWriteTextFile(params));
    case 'terminal/create': return errorText(parseCreateTerminal(params));
    case 'session/request_permission': {
      const read = readPermissionParams(params, `permission-${thread.permissions.length + 1}`);
      if (!read.ok) {
        if (!read.message) throw new InvariantError('a malformed permission request without a reason');
        return;
      }
      const requestId = `perm_${Object.values(eventKinds).reduce((a, b) => a + b, 0)}`;
      const { toolCallId, toolCall, options, title } = read.value;
      // Some are a subagent's question, asked from inside its card.
      const path = r.chance(0.2) ? childPath(r) : [];
      thread.permissions.push({ requestId, optionIds: options.map((o) => o.optionId), path });
      thread.apply(inChild(path, { kind: 'permission_requested', requestId, toolCallId, toolCall, options, ...(title ? { title } : {}) }), eventKinds);
      return;
    }
    case 'elicitation/create': {
      const parsed = parseElicitation(params);
      errorText(parsed);
      if (!parsed.ok || parsed.value.sessionId === undefined) return;
      const requestId = `elicit_${Object.values(eventKinds).reduce((a, b) => a + b, 0)}`;
      thread.elicitations.push({ requestId, prompt: parsed.value.prompt });
      thread.apply({ kind: 'elicitation_requested', requestId, prompt: parsed.value.prompt }, eventKinds);
      return;
    }
    default: return errorText(parseTerminalRequest(params));
  }
}

export function runFuzz(opts: FuzzOptions): FuzzReport {
  const r = new Prng(opts.seed);
  const threadLength = opts.threadLength ?? 100;
  const maxFailures = opts.maxFailures ?? 1;
  const failures: FuzzFailure[] = [];
  const eventKinds: Record<string, number> = {};
  const started = performance.now();
  let thread = new FuzzThread();
  let caseIndex = 0;
  for (; caseIndex < opts.cases && failures.length < maxFailures; caseIndex++) {
    if (caseIndex % threadLength === 0) thread = new FuzzThread();
    let current: { what: string; input: unknown } = { what: 'case', input: undefined };
    try {
      current = runCase(r, thread, eventKinds);
      if (caseIndex % 50 === 49 || caseIndex % threadLength === threadLength - 1) {
        current = { what: `${current.what}, then the serialisation check`, input: current.input };
        const transcript = thread.checkSerialisable();
        current = { what: 'a damaged transcript', input: undefined };
        checkDamagedTranscript(transcript, r, current);
      }
    } catch (err) {
      const error = err instanceof InvariantError ? `invariant: ${err.message}` : `exception: ${(err as Error)?.stack ?? String(err)}`;
      failures.push({ seed: opts.seed, caseIndex, what: current.what, error, input: shortJson(current.input) });
      // A broken thread says nothing about the next cases: start a fresh one.
      thread = new FuzzThread();
    }
  }
  return { seed: opts.seed, cases: caseIndex, ms: performance.now() - started, failures, eventKinds };
}

export function describeFailure(f: FuzzFailure): string {
  return `fuzz case ${f.caseIndex} (${f.what}) failed — replay with FUZZ_SEED=${f.seed}\n  ${f.error}\n  input: ${f.input}`;
}
