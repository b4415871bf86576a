/**
 * A2A bench: events per second through the whole remote-agent path — the SSE status updates a
 * real local A2A v1.0 server (`@a2a-js/sdk`'s server, test/a2a/v10Server.ts) sends for a burst,
 * replayed as fast as the socket takes them (each a
 * progress line the thread shows; artifact chunks would measure the server's own task store,
 * which copies the growing artifact on every append) → tapped fetch → the
 * official SDK client → parse → turn mapper → the thread reducer — against the SDK client alone
 * reading the same stream. Server and client share this process (and the machine's load), so
 * the numbers are a floor; the ratio is what the path adds.
 *
 * Env: BENCH_ROUNDS (default 3), BENCH_A2A_EVENTS (default 1000).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import { startRemoteAgent } from '../src/agents/a2a/connection/remoteAgent.js';
import { discoverCard } from '../src/agents/a2a/connection/card.js';
import { createSdkClient, userMessage } from '../src/agents/a2a/connection/sdkClient.js';
import { ThreadModel } from '../src/thread/reducer.js';
import { startV10Server } from '../test/a2a/v10Server.js';
import { BURST_CHUNKS } from '../test/a2a/conversation.js';
import { fmtRate, median, table } from './stats.js';

/** A fast agent streams ~100 updates/s; the path must keep up with ten of them at once. */
const GOAL = 1000;

async function fullPath(url: string): Promise<number> {
  const started = await startRemoteAgent({ config: { kind: 'a2a', name: 'bench', url, headers: {} }, tap: () => {}, log: () => {} });
  if (!started.ok) throw new Error(started.failure.message);
  const session = await started.agent.newSession({ cwd: process.cwd() });
  const thread = new ThreadModel();
  let progress = 0;
  session.onEvent((e) => {
    thread.apply(e);
    if (e.kind === 'message_upsert' && e.role === 'thought') progress++;
  });
  const t = performance.now();
  await session.prompt([{ type: 'text', text: 'burst' }]);
  const ms = performance.now() - t;
  const last = thread.entries.filter((e) => e.type === 'thought').at(-1);
  const lastText = last?.type === 'thought' ? last.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '';
  if (progress !== BURST_CHUNKS || !lastText.startsWith(`${BURST_CHUNKS}. `)) throw new Error(`the thread got ${progress} of ${BURST_CHUNKS} progress updates (last: ${lastText.slice(0, 20)})`);
  if (!thread.entries.some((e) => e.type === 'agent')) throw new Error('the final artifact is missing');
  await started.agent.dispose();
  return (BURST_CHUNKS / ms) * 1000;
}

async function sdkOnly(url: string): Promise<number> {
  const client = await createSdkClient(await discoverCard(url, fetch), fetch);
  const t = performance.now();
  let updates = 0;
  for await (const event of client.sendMessageStream({ message: userMessage('burst', {}, randomUUID()) } as never)) {
    if ((event as { payload?: { $case?: string } }).payload?.$case === 'statusUpdate') updates++;
  }
  const ms = performance.now() - t;
  // The last status update is COMPLETED.
  if (updates !== BURST_CHUNKS + 1) throw new Error(`the SDK read ${updates} status updates, expected ${BURST_CHUNKS + 1}`);
  return (BURST_CHUNKS / ms) * 1000;
}

/**
 * The SDK's in-memory server keeps every status update in the task it saves after each event,
 * so it slows down as a stream grows and bounds any client reading it. This replays the bytes it
 * sent for one burst (the same v1.0 SSE events, the JSON-RPC id swapped for the asker's) as fast
 * as the socket takes them, so the client side is what is measured.
 */
async function replayServer(source: string): Promise<{ url: string; close(): Promise<void> }> {
  const request = (id: number) => JSON.stringify({
    jsonrpc: '2.0', id, method: 'SendStreamingMessage',
    params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'burst' }] } },
  });
  const recorded = await (await fetch(source, { method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0' }, body: request(424242) })).text();
  const events = recorded.split('\n\n').filter((e) => e.startsWith('data: '));
  if (events.length < BURST_CHUNKS) throw new Error(`recorded ${events.length} events from the SDK server, expected over ${BURST_CHUNKS}`);
  const card = await (await fetch(`${source}/.well-known/agent-card.json`)).text();
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end(card.split(source).join(url));
    let body = '';
    for await (const chunk of req) body += chunk;
    const id = JSON.stringify((JSON.parse(body) as { id: unknown }).id);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.end(events.map((e) => e.replace('"id":424242', `"id":${id}`)).join('\n\n') + '\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

export async function run(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const sdkServer = await startV10Server();
  const server = await replayServer(sdkServer.url);
  console.log(`a2a: ${BURST_CHUNKS.toLocaleString('en-US')} progress updates streamed by a local A2A v1.0 server, ${rounds} rounds`);
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  const full: number[] = [];
  const sdk: number[] = [];
  const throughSdkServer: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither is always the cold one.
      if (round % 2) { sdk.push(await sdkOnly(server.url)); full.push(await fullPath(server.url)); }
      else { full.push(await fullPath(server.url)); sdk.push(await sdkOnly(server.url)); }
      throughSdkServer.push(await fullPath(sdkServer.url));
      process.stdout.write('.');
    }
  } finally {
    await server.close();
    await sdkServer.close();
  }
  process.stdout.write('\n');
  const best = (v: number[]) => Math.max(...v);
  console.log(table([
    ['A2A path', 'best', 'median', ''],
    ['SDK client alone (reference)', fmtRate(best(sdk)), fmtRate(median(sdk)), ''],
    ['server SSE → SDK client → mapper → thread', fmtRate(best(full)), fmtRate(median(full)), `goal ≥ ${fmtRate(GOAL)}: ${median(full) >= GOAL ? 'meets' : 'BELOW'}`],
    ['full path / SDK client alone', `${((best(full) / best(sdk)) * 100).toFixed(0)}%`, '', ''],
    ['the same, live from the SDK\'s in-memory server (its task store is the limit)', fmtRate(best(throughSdkServer)), fmtRate(median(throughSdkServer)), ''],
  ]));
  if (median(full) < GOAL) process.exitCode = 1;
}
