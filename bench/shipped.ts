/**
 * The wire bench's product row as the extension a user installs runs it, and the protocol log's
 * tap on its own.
 *
 * As shipped: the AgentClient starts the generator as an agent, its transport tap feeds the
 * protocol log (ProtocolTap at VS Code's default level, the log not on screen: kept in the ring,
 * not written); the session's events go to a tab of the real tab list (SessionTabList →
 * ChatThread → ThreadModel, the thread saved to a ThreadStore slot), the transcript recorder
 * (recordTranscript → TranscriptStore in a temporary folder), and the listeners the extension
 * hangs on the tab list: the row batcher of the chat view, whose every batch is posted as
 * ChatViewProvider posts it and serialised as `webview.postMessage` serialises it (long appends
 * as UTF-8 bytes beside the JSON: postedText.ts), the tab strip, and the turn-end and form notifiers.
 *
 * What stands in for VS Code: its `EventEmitter` and `l10n.t` (bench/vscodeApi.mjs), the
 * workspace memento the thread slot is saved to, and the window around the notifiers (the user
 * looks at the chat, an interface the notifiers already take). The lines that connect the
 * session to the tab and the batcher to the webview repeat those of SessionOpener.onEvent and
 * ChatViewProvider (three and two lines).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentClient } from '../src/agents/acp/connection/agentClient.js';
import { recordTranscript } from '../src/history/recorder.js';
import { TranscriptStore } from '../src/history/store.js';
import { NodeFileSystem } from '../src/services/nodeFileSystem.js';
import { ProtocolTap } from '../src/services/protocolTap.js';
import { textChunkRuns } from '../src/protocol/acp/textChunkRuns.js';
import { packForPost } from '../src/shared/postedText.js';
import type { SessionEvent } from '../src/protocol/events.js';
import type { HostToWebview } from '../src/shared/webviewProtocol.js';
import { RowBatcher } from '../src/vscode/panel/rowBatcher.js';
import type { NoticeSurroundings } from '../src/vscode/notifications/surroundings.js';
import { generatorArgs, generatorScript, spawnGenerator, tsxLoader, watchGeneratorStart } from './child.js';
import { median } from './stats.js';
import { wireMessagesIn, type Pipeline } from './pipelines.js';
import { useVscodeApi } from './vscodeSeam.js';

/** The modules that import `vscode`, loaded once the seam is in place. */
async function vscodeSide() {
  useVscodeApi();
  const [{ SessionTabList }, { ThreadStore }, { TurnEndNotifier }, { ElicitationNotifier }] = await Promise.all([
    import('../src/vscode/tabs/sessionTabList.js'),
    import('../src/vscode/thread/threadStore.js'),
    import('../src/vscode/notifications/turnEndNotifier.js'),
    import('../src/vscode/notifications/elicitationNotifier.js'),
  ]);
  return { SessionTabList, ThreadStore, TurnEndNotifier, ElicitationNotifier };
}

/** The workspace memento the shown thread is saved to (VS Code keeps it in a database). */
function memento() {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: (key: string, value: unknown) => {
      values.set(key, value);
      return Promise.resolve();
    },
  };
}

/** The user looks at the chat, in a focused window: no notification is due. */
const watching: NoticeSurroundings = {
  attention: () => ({ windowFocused: true, chatVisible: true, tabShown: true }),
  settings: () => ({ turnEnd: true, permission: true, elicitation: true, inputRequired: true }),
  onDidChange: () => ({ dispose() {} }),
};

/**
 * The product as shipped; with `log` or `webview` false, a reference without that part (what
 * the row with the goals pays for it): no protocol log (the tap only counts), or rows batched
 * but not serialised for the webview.
 */
function shipped(name: string, parts: { log: boolean; webview: boolean }): Pipeline {
  return {
    name,
    async start(count, onMessage, paced) {
      const { SessionTabList, ThreadStore, TurnEndNotifier, ElicitationNotifier } = await vscodeSide();
      const feed = watchGeneratorStart();
      const storage = mkdtempSync(join(tmpdir(), 'agent-chat-bench-shipped-'));
      const agentName = 'wire bench';

      // The protocol log at the default level, not on screen: every message kept, none written.
      const log = new ProtocolTap({ info: () => undefined });
      const messages = wireMessagesIn(onMessage);
      const client = new AgentClient({
        config: { name: agentName, command: process.execPath, args: ['--import', tsxLoader, generatorScript, ...generatorArgs(count, paced, '--agent')], env: {}, protocolVersion: 1 },
        workspace: { roots: () => [process.cwd()] },
        fs: new NodeFileSystem(),
        pathValue: async () => process.env.PATH ?? '',
        onStderr: (text) => feed.stderr(text),
        tap: (direction, message, count) => {
          if (parts.log) log.message(agentName, direction, message, count);
          messages.tapped(message, count);
        },
        killGraceMs: 500,
      });

      const tabs = new SessionTabList(new ThreadStore(memento() as never), () => undefined);
      const tab = tabs.active;
      tab.agentName = agentName;

      // The chat view: rows of the shown tab through the batcher, each batch posted (serialised).
      let posted = 0;
      const post = (message: HostToWebview): void => void (posted += parts.webview ? serialisedAsPosted(message) : 1);
      const batcher = new RowBatcher((rows, sessionChanged) => {
        if (rows.length > 0) post({ type: 'rows', changes: rows });
        if (sessionChanged) post({ type: 'session', session: tab.thread.session });
      });
      tabs.onRows((result) => batcher.push(result.rows, result.session));
      tabs.onTabs((info) => post({ type: 'tabs', tabs: info }));
      const notifiers = [
        new TurnEndNotifier({ onTabRows: tabs.onTabRows, onTabs: tabs.onTabs, tabsInfo: () => tabs.info(), agentNameOf: () => agentName }, watching),
        new ElicitationNotifier({ onTabRows: tabs.onTabRows, onTabs: tabs.onTabs, pendingElicitations: () => [] }, watching),
      ];

      const lifecycle = await client.start();
      if (lifecycle.state !== 'ready') throw new Error(`the bench agent did not start: ${JSON.stringify(lifecycle)}`);
      const session = await client.newSession();
      tab.session = session as never;
      // As SessionOpener.onEvent: the thread listens first, then the recorder.
      session.onEvent((event: SessionEvent) => {
        const { statusChanged, requested } = tab.thread.apply(event);
        if (statusChanged) tabs.fireTabs();
        if (requested) tab.thread.announce(requested);
      });
      const store = new TranscriptStore(storage);
      const ids = { agentName, sessionId: session.sessionId, cwd: session.cwd };
      const recording = recordTranscript(store, ids, { onEvent: (l) => session.onEvent(l), snapshot: () => tab.thread.snapshot() });
      session.onEvent((event) => {
        if (event.kind === 'message_chunk') messages.handled();
      });
      const turn = session.prompt([{ type: 'text', text: 'stream' }]);
      return {
        feed,
        stop: async () => {
          await turn;
          batcher.flush();
          if (posted === 0) throw new Error('nothing was posted to the webview');
          await recording.dispose();
          for (const n of notifiers) n.dispose();
          batcher.dispose();
          tabs.dispose();
          await client.dispose();
          rmSync(storage, { recursive: true, force: true });
        },
      };
    },
  };
}

export const productAsShipped = shipped('the product as shipped: + protocol log (default level), tab list, recorder, row batcher, webview message', { log: true, webview: true });
export const shippedWithoutLog = shipped('reference: as shipped, without the protocol log', { log: false, webview: true });
export const shippedWithoutWebview = shipped('reference: as shipped, without serialising the webview message', { log: true, webview: false });
export const shippedWithoutBoth = shipped('reference: as shipped, without the protocol log and the webview message', { log: false, webview: false });

/**
 * What `webview.postMessage` does with a message on the extension host (VS Code's
 * serializeWebviewMessage, for an extension built for 1.57 or later): JSON.stringify with a
 * replacer that lifts typed arrays out as buffers, handed over beside the string. The message
 * is the one ChatViewProvider.post posts (packForPost: long appends as UTF-8 bytes). Returns the
 * size posted, so the work is not optimised away.
 */
function serialisedAsPosted(message: HostToWebview): number {
  let bytes = 0;
  const json = JSON.stringify(packForPost(message), (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value)) return value;
    bytes += value.byteLength;
    return { $$vscode_array_buffer_reference$$: true, index: 0, view: { type: 'Uint8Array', byteLength: value.byteLength, byteOffset: value.byteOffset } };
  });
  return json.length + bytes;
}

/** Messages parsed and tapped at a time: about what one 64 KB read of the agent's stdout holds. */
export const BLOCK = 240;

/**
 * The protocol log's tap alone, per message at the default level, as the product calls it: once
 * per run the transport handed over (textChunkRuns.ts: a run of text chunks read at once is one
 * message with the number it joins), just after the run was parsed and joined (its objects still
 * in the cache). The generator's lines go through in blocks: JSON.parse a block's lines and join
 * its runs as the transport does, then hand the runs to a ProtocolTap, each step timed. One
 * round: the median over blocks of each step's time per message (a block the machine's other
 * work interrupted is an outlier, not the median), in µs.
 */
export function tapAlone(lines: readonly string[]): { tapUs: number; parseUs: number } {
  const log = new ProtocolTap({ info: () => undefined });
  const tap: number[] = [];
  const parse: number[] = [];
  const runs: { message: unknown; count: number }[] = [];
  for (let start = 0; start + BLOCK <= lines.length; start += BLOCK) {
    runs.length = 0;
    const t0 = performance.now();
    let held: { first: unknown; run?: unknown; count: number } | undefined;
    const handOver = (): void => {
      if (held) runs.push({ message: { jsonrpc: '2.0', method: 'session/update', params: held.run === undefined ? held.first : textChunkRuns.finish(held.run as never) }, count: held.count });
      held = undefined;
    };
    for (let i = 0; i < BLOCK; i++) {
      const message = JSON.parse(lines[start + i]!) as { method?: string; params?: unknown };
      if (message.method !== 'session/update') {
        handOver();
        runs.push({ message, count: 1 });
        continue;
      }
      if (held && (held.run === undefined ? (held.run = textChunkRuns.start(held.first, message.params)) !== undefined : textChunkRuns.extend(held.run as never, message.params))) {
        held.count++;
        continue;
      }
      handOver();
      held = { first: message.params, count: 1 };
    }
    handOver();
    const t1 = performance.now();
    for (const run of runs) log.message('wire bench', 'in', run.message, run.count);
    const t2 = performance.now();
    parse.push(((t1 - t0) * 1000) / BLOCK);
    tap.push(((t2 - t1) * 1000) / BLOCK);
  }
  return { tapUs: median(tap), parseUs: median(parse) };
}

/** The generator's lines (the same bytes every row reads). */
export async function generatorLines(count: number): Promise<string[]> {
  const run = spawnGenerator(count);
  const chunks: Buffer[] = [];
  run.child.stdout.on('data', (b: Buffer) => chunks.push(b));
  await new Promise<void>((r) => run.child.once('exit', () => r()));
  return Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
}

/** Chunks whose text one posted `rows` message carries in the shipped row (about 33 posts per 100,000). */
const CHUNKS_PER_POST = 3_000;

/**
 * What posting the text to the webview costs per chunk by itself: the chunks' text joined as the
 * row batcher joins appends, each `rows` message posted as ChatViewProvider posts it (long
 * appends as UTF-8 bytes) and serialised as `webview.postMessage` serialises it; beside it, the
 * same messages with their text inside the JSON (how they went before). One round: µs per chunk
 * and ns per character of text, each way.
 */
export function stringifyPosted(lines: readonly string[]): { usPerMessage: number; nsPerChar: number; jsonUsPerMessage: number } {
  const posts: unknown[] = [];
  let chars = 0;
  for (let start = 0; start < lines.length; start += CHUNKS_PER_POST) {
    const texts = lines.slice(start, start + CHUNKS_PER_POST).map((line) => (JSON.parse(line) as { params: { update: { content: { text: string } } } }).params.update.content.text);
    const text = texts.join('');
    chars += text.length;
    posts.push({ type: 'rows', changes: [{ op: 'append', index: 1, id: 'e2', text }] });
  }
  let length = 0;
  const t0 = performance.now();
  for (const post of posts) length += serialisedAsPosted(post as HostToWebview);
  const t1 = performance.now();
  for (const post of posts) length += JSON.stringify(post).length;
  const t2 = performance.now();
  if (length < 2 * chars) throw new Error('the posted text was not serialised');
  return { usPerMessage: ((t1 - t0) * 1000) / lines.length, nsPerChar: ((t1 - t0) * 1e6) / chars, jsonUsPerMessage: ((t2 - t1) * 1000) / lines.length };
}
