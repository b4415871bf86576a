/**
 * The host's real path without VS Code, for the latency and idle benches: an agent process
 * (bench/live/streamAgent.ts, on the ACP SDK) → the product's AgentClient (transport, session,
 * events) → ThreadModel → RowBatcher (one message per frame) → the panel page in Chromium, where
 * the real webview bundle draws. Only the last hop differs from VS Code: messages go into the page
 * over the DevTools protocol (page.evaluate, a `message` event as VS Code's postMessage delivers)
 * instead of the workbench's IPC. The two lines that turn a batch into messages are those of
 * ChatViewProvider (rows, then session facts when they changed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { AgentClient } from '../../src/agents/acp/connection/agentClient.js';
import type { AcpChatSession } from '../../src/agents/acp/session/acpSession.js';
import type { OpenOptions } from '../../src/agents/acp/session/sessionOpen.js';
import { NodeFileSystem } from '../../src/services/nodeFileSystem.js';
import { ThreadModel } from '../../src/thread/reducer.js';
import type { ThreadEntry } from '../../src/thread/types.js';
import type { HostToWebview, PanelSnapshot } from '../../src/shared/webviewProtocol.js';
import { RowBatcher } from '../../src/vscode/panel/rowBatcher.js';

const agentScript = fileURLToPath(new URL('./streamAgent.ts', import.meta.url));

export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface LiveAgent {
  client: AgentClient;
  /** Stderr lines starting with `TIMES `, parsed: each stream's write times (monotonic ms). */
  nextTimes(): Promise<number[]>;
  pid(): number | undefined;
  close(): Promise<void>;
}

/** The agent process: the streaming agent unless another bench agent's script is given. */
export async function startAgent(script = agentScript): Promise<LiveAgent> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-bench-ws-'));
  let stderr = '';
  const waiting: Array<(times: number[]) => void> = [];
  const ready: number[][] = [];
  const client = new AgentClient({
    config: { name: 'bench', command: process.execPath, args: ['--import', import.meta.resolve('tsx'), script], env: {}, protocolVersion: 1 },
    workspace: { roots: () => [dir] },
    fs: new NodeFileSystem(),
    pathValue: async () => process.env.PATH ?? '',
    onStderr: (text) => {
      stderr += text;
      let nl: number;
      while ((nl = stderr.indexOf('\n')) >= 0) {
        const line = stderr.slice(0, nl);
        stderr = stderr.slice(nl + 1);
        if (!line.startsWith('TIMES ')) continue;
        const times = JSON.parse(line.slice(6)) as number[];
        const w = waiting.shift();
        if (w) w(times);
        else ready.push(times);
      }
    },
  });
  const state = await client.start();
  if (state.state !== 'ready') throw new Error(`bench agent did not start: ${JSON.stringify(state)}`);
  return {
    client,
    nextTimes: () => (ready.length ? Promise.resolve(ready.shift()!) : new Promise((r) => waiting.push(r))),
    pid: () => (client as unknown as { running?: { process: { pid?: number } } }).running?.process.pid,
    close: async () => {
      await client.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LiveThread {
  session: AcpChatSession;
  model: ThreadModel;
  batcher: RowBatcher;
  /** Messages handed to the page so far. */
  posted(): number;
  /** For each agent message chunk so far, in order: when the host had its event, and when the batch holding it was posted. */
  chunkTimes(): { event: number[]; posted: number[] };
  dispose(): void;
}

/** The stream agent's chunk markers (` t<k>`), one per chunk it wrote. */
const CHUNK_MARKER = /(?<!\S)t\d+(?!\S)/g;

/** Delivers host messages to the page as VS Code does: a `message` event on its window. */
export function postToPage(page: Page, messages: HostToWebview[]): Promise<void> {
  return page.evaluate((ms) => {
    const w = globalThis as any;
    for (const m of ms) w.dispatchEvent(new w.MessageEvent('message', { data: m }));
  }, messages);
}

/**
 * A new session whose events go through the thread model and the batcher into the page, which
 * first gets the snapshot a freshly shown view gets (`entries`: a thread restored before it).
 */
export async function openThread(agent: LiveAgent, page: Page, entries: ThreadEntry[] = [], options?: OpenOptions): Promise<LiveThread> {
  const session = await agent.client.newSession(options);
  const model = entries.length ? ThreadModel.restore({ entries, session: new ThreadModel().session }) : new ThreadModel();
  let posted = 0;
  let failure: unknown;
  const chunkEvent: number[] = [];
  const chunkPosted: number[] = [];
  const post = (messages: HostToWebview[]) => {
    posted += messages.length;
    const now = monotonicMs();
    while (chunkPosted.length < chunkEvent.length) chunkPosted.push(now);
    postToPage(page, messages).catch((e: unknown) => (failure ??= e));
  };
  const batcher = new RowBatcher((rows, sessionChanged) => {
    const out: HostToWebview[] = [];
    if (rows.length > 0) out.push({ type: 'rows', changes: rows });
    if (sessionChanged) out.push({ type: 'session', session: model.session });
    post(out);
  });
  const sub = session.onEvent((event) => {
    // A run of chunks the transport read at once comes as one event: each chunk it joins (the
    // stream agent's ` t<k>` markers) had its event then.
    if (event.kind === 'message_chunk' && event.role === 'agent') {
      const now = monotonicMs();
      const chunks = event.content.type === 'text' ? event.content.text.match(CHUNK_MARKER)?.length ?? 0 : 0;
      for (let i = 0; i < Math.max(1, chunks); i++) chunkEvent.push(now);
    }
    const result = model.apply(event);
    batcher.push(result.rows, result.session);
  });
  const snap = model.snapshot();
  const snapshot: PanelSnapshot = {
    agent: { state: 'ready', agentName: 'bench', agentTitle: 'Bench Stream Agent', protocolVersion: 1, protocol: 'ACP v1' },
    agents: [{ name: 'bench', source: 'settings' }],
    entries: snap.entries,
    session: snap.session,
    composer: { image: false, audio: false, embeddedContext: false },
  };
  await postToPage(page, [{ type: 'snapshot', snapshot }]);
  return {
    session,
    model,
    batcher,
    posted: () => {
      if (failure) throw failure;
      return posted;
    },
    chunkTimes: () => ({ event: chunkEvent, posted: chunkPosted }),
    dispose: () => {
      sub.dispose();
      batcher.dispose();
    },
  };
}

/**
 * The page's clock against ours: the offset from the round trip with the least delay (its error
 * is at most half that round trip). Chromium's performance.now() runs on the same monotonic clock.
 */
export async function pageClockOffset(page: Page, rounds = 15): Promise<{ offsetMs: number; errorMs: number }> {
  let best = { offsetMs: 0, errorMs: Infinity };
  for (let i = 0; i < rounds; i++) {
    const t0 = monotonicMs();
    const p = await page.evaluate(() => (globalThis as any).performance.now() as number);
    const t1 = monotonicMs();
    if ((t1 - t0) / 2 < best.errorMs) best = { offsetMs: (t0 + t1) / 2 - p, errorMs: (t1 - t0) / 2 };
  }
  return best;
}
