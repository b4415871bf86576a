/**
 * Test agent that writes each file twice with the same text: through `fs/write_text_file` and
 * with node's fs itself, the way OpenCode does (it sends the request without waiting for the
 * answer and writes the file on its own 30–120 ms later). The client must leave every file
 * holding that text exactly once and must not refuse a request the disk agrees with.
 *
 * Prompt: `race <json>` with `{ "writes": [{ "path", "content", "order", "delayMs" }] }`.
 * `order` is one of
 * - `request-then-disk`: the request goes out (not awaited), the agent writes `delayMs` later;
 * - `disk-then-request`: the agent writes, the request goes out `delayMs` later;
 * - `together`: both in the same tick;
 * - `awaited-then-disk`: the request is answered first, the agent writes `delayMs` later;
 * - `request-then-disk-on-create`: the request goes out (not awaited) and the agent writes as
 *   soon as it sees the file appear on disk (the client creating it), or after `delayMs`;
 * - `request-only`: only the request, awaited (the agent does not write the file itself);
 * - `request-unawaited`: only the request, and the turn ends without waiting for its answer
 *   (not read back, not counted).
 * Every file's sequence runs at the same time as the others'. For each file the agent reports
 * a completed edit tool call with its diff (old text read before writing, null for a new file),
 * so the tool card counts +N −0 for a new file of N lines. Once its request is answered and its
 * own write done, the agent reads each file back: what the client answered must be on disk.
 * The answer is one JSON line, `{ "refused": [{ "path", "message" }], "answered": <count>,
 * "misread": [{ "path", "held" }] }`, once every file is done. Anything else is answered `ready`.
 */
import { agent } from '@agentclientprotocol/sdk';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { exitWhenClosed, openStdio } from './lib/stdio.js';

const NAME = 'racing-writes-agent';
type Order = 'request-then-disk' | 'disk-then-request' | 'together' | 'awaited-then-disk' | 'request-then-disk-on-create' | 'request-only' | 'request-unawaited';
interface Write { path: string; content: string; order: Order; delayMs: number }

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let sessions = 0;
let toolCalls = 0;

const app = agent({ name: NAME })
  .onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    authMethods: [],
    agentInfo: { name: NAME, title: 'Racing Writes Agent', version: '1.0.0' },
  }))
  .onRequest('session/new', () => ({ sessionId: `race_${++sessions}` }))
  .onRequest('session/prompt', async ({ params, client }) => {
    const sessionId = params.sessionId;
    const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join(' ').trim();
    const say = (answer: string) => client.notify('session/update', { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: answer } } });
    if (!text.startsWith('race ')) {
      await say('ready');
      return { stopReason: 'end_turn' };
    }
    const { writes } = JSON.parse(text.slice('race '.length)) as { writes: Write[] };
    const refused: Array<{ path: string; message: string }> = [];
    const misread: Array<{ path: string; held: string | null }> = [];
    let answered = 0;

    const one = async (w: Write) => {
      const oldText = await readFile(w.path, 'utf8').catch(() => null);
      const request = () => client.request('fs/write_text_file', { sessionId, path: w.path, content: w.content }).then(
        () => { answered++; },
        (e: unknown) => { refused.push({ path: w.path, message: e instanceof Error ? e.message : String(e) }); },
      );
      const ownWrite = async () => {
        await mkdir(dirname(w.path), { recursive: true });
        await writeFile(w.path, w.content);
      };
      let pending: Promise<void>;
      if (w.order === 'request-then-disk') {
        pending = request();
        await sleep(w.delayMs);
        await ownWrite();
      } else if (w.order === 'disk-then-request') {
        await ownWrite();
        await sleep(w.delayMs);
        pending = request();
      } else if (w.order === 'request-then-disk-on-create') {
        pending = request();
        const until = Date.now() + w.delayMs;
        while (Date.now() < until && !(await stat(w.path).then(() => true, () => false))) await sleep(1);
        await ownWrite();
      } else if (w.order === 'together') {
        pending = request();
        await ownWrite();
      } else if (w.order === 'request-only') {
        pending = request();
      } else if (w.order === 'request-unawaited') {
        void request();
        pending = Promise.resolve();
      } else {
        await request();
        pending = Promise.resolve();
        await sleep(w.delayMs);
        await ownWrite();
      }
      await pending;
      const held = await readFile(w.path, 'utf8').catch(() => null);
      if (held !== w.content && w.order !== 'request-unawaited') misread.push({ path: w.path, held });
      await client.notify('session/update', { sessionId, update: {
        sessionUpdate: 'tool_call', toolCallId: `write_${++toolCalls}`, title: `Write ${w.path}`, kind: 'edit', status: 'completed',
        content: [{ type: 'diff', path: w.path, oldText, newText: w.content }], locations: [{ path: w.path }],
      } });
    };
    await Promise.all(writes.map(one));
    await say(JSON.stringify({ refused, answered, misread }));
    return { stopReason: 'end_turn' };
  })
  .onNotification('session/cancel', () => {});

exitWhenClosed(app.connect(openStdio().stream).closed);
