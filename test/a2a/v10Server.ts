/**
 * An A2A v1.0 agent on `@a2a-js/sdk`'s server pieces (DefaultRequestHandler, InMemoryTaskStore,
 * JsonRpcTransportHandler) over plain node:http: the same conversation as the v0.3 server.
 * It records every JSON-RPC request (and whether it was answered), so tests assert on what the
 * client really sent. Two behaviours of its own:
 * - `drop` really cuts the stream: once the events before the drop are on the wire, the socket
 *   is destroyed mid-stream; the task then waits until the client resubscribes (SubscribeToTask)
 *   before going on, so the rest of the turn reaches the client only through the resubscription.
 * - `stubborn …` starts a task that works until the server closes and ignores CancelTask: the
 *   cancel request is never answered.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { AgentCard, Task, TaskArtifactUpdateEvent, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type AgentExecutor } from '@a2a-js/sdk/server';
import { scenarioOf, stepsFor, type Scenario } from './conversation.js';

const STATE: Record<string, string> = {
  working: 'TASK_STATE_WORKING', 'input-required': 'TASK_STATE_INPUT_REQUIRED', 'auth-required': 'TASK_STATE_AUTH_REQUIRED', completed: 'TASK_STATE_COMPLETED',
  failed: 'TASK_STATE_FAILED', rejected: 'TASK_STATE_REJECTED', canceled: 'TASK_STATE_CANCELED',
};

export const STUBBORN_PROGRESS = 'Working, and not stopping for anyone…';

export interface V10Request {
  method: string;
  params: unknown;
  /** Set once the server has answered (a stream: ended or cut). */
  answered: boolean;
}

export interface V10Server {
  url: string;
  requests: V10Request[];
  close(): Promise<void>;
}

/** A stream cut asked for by a task's `drop`: once `after` events of the task are written. */
interface Cut {
  after: number;
  done(): void;
}

/** The SendStreamingMessage stream of a running task, as its request handler writes it. */
interface LiveStream {
  written: number;
  cut(done: () => void): void;
}

export async function startV10Server(port = 0): Promise<V10Server> {
  const turns = new Map<string, { scenario: Scenario; turn: number }>();
  const cancelled = new Set<string>();
  const requests: V10Request[] = [];
  const cuts = new Map<string, Cut>();
  const streams = new Map<string, LiveStream>();
  const stubborn = new Set<string>();
  /** Cuts a task's stream once it has written what the task asked to be written first. */
  const cutWhenDue = (taskId: string) => {
    const cut = cuts.get(taskId);
    const stream = streams.get(taskId);
    if (!cut || !stream || stream.written < cut.after) return;
    cuts.delete(taskId);
    stream.cut(cut.done);
  };
  /** Resolves a task's wait for its resubscription (or the server closing). */
  const resubscribed = new Map<string, () => void>();
  let closing!: () => void;
  const closed = new Promise<void>((r) => (closing = r));

  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const text = ctx.userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
      const known = turns.get(ctx.taskId);
      const rec = known ? { ...known, turn: known.turn + 1 } : { scenario: scenarioOf(text), turn: 0 };
      turns.set(ctx.taskId, rec);
      const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
      let published = 0;
      const publish = (event: Parameters<typeof bus.publish>[0]) => { published++; bus.publish(event); };
      const status = (state: string, text?: string) => {
        const message = text ? { messageId: randomUUID(), role: 'ROLE_AGENT', parts: [{ text }], ...ids } : undefined;
        publish(AgentEvent.statusUpdate(TaskStatusUpdateEvent.fromJSON({ ...ids, status: { state: STATE[state], ...(message ? { message } : {}) } })));
      };
      publish(AgentEvent.task(ctx.task ?? Task.fromJSON({ id: ctx.taskId, contextId: ctx.contextId, status: { state: 'TASK_STATE_SUBMITTED' } })));
      if (/^stubborn\b/i.test(text.trim())) {
        stubborn.add(ctx.taskId);
        status('working', STUBBORN_PROGRESS);
        await closed;
        return bus.finished();
      }
      for (const step of stepsFor(rec.scenario, rec.turn)) {
        if (cancelled.has(ctx.taskId)) break;
        if (step.type === 'wait') await new Promise((r) => setTimeout(r, step.ms));
        else if (step.type === 'drop') {
          const waiting = new Promise<void>((r) => resubscribed.set(ctx.taskId, r));
          await new Promise<void>((done) => { cuts.set(ctx.taskId, { after: published, done }); cutWhenDue(ctx.taskId); });
          await Promise.race([waiting, closed]);
        } else if (step.type === 'artifact') {
          publish(AgentEvent.artifactUpdate(TaskArtifactUpdateEvent.fromJSON({ ...ids, append: step.append ?? false, lastChunk: step.lastChunk ?? false, artifact: { artifactId: step.artifactId, parts: [{ text: step.text }] } })));
        } else status(step.state, step.text);
      }
      bus.finished();
    },
    async cancelTask(taskId, bus) {
      // A stubborn task goes on: no CANCELED, and the SDK keeps the CancelTask request waiting.
      if (stubborn.has(taskId)) return;
      cancelled.add(taskId);
      bus.publish(AgentEvent.statusUpdate(TaskStatusUpdateEvent.fromJSON({ taskId, contextId: '', status: { state: 'TASK_STATE_CANCELED' } })));
      bus.finished();
    },
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = AgentCard.fromJSON({
    name: 'Seed Analyst (v1.0)',
    description: 'Analyses datasets, asking what to focus on.',
    version: '1.0.0',
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/markdown'],
    skills: [{ id: 'analyze', name: 'Analyze a dataset', description: 'Revenue analysis in a few questions.', tags: ['data'], examples: ['Analyze this dataset'] }],
  });
  const handler = new JsonRpcTransportHandler(new DefaultRequestHandler(card, new InMemoryTaskStore(), executor));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method === 'GET' && req.url?.endsWith('/.well-known/agent-card.json')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(AgentCard.toJSON(card)));
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const request: V10Request = { method: '?', params: undefined, answered: false };
    try {
      const rpc = JSON.parse(body) as { method?: string; params?: unknown };
      Object.assign(request, { method: String(rpc.method), params: rpc.params });
    } catch {
      // not JSON: the SDK answers with its parse error
    }
    requests.push(request);
    res.on('close', () => (request.answered = true));
    const result = await handler.handle(body, new ServerCallContext({ requestedVersion: String(req.headers['a2a-version'] ?? '1.0') }));
    if (Symbol.asyncIterator in (result as object)) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let taskId: string | undefined;
      const live: LiveStream = {
        written: 0,
        // Once what was written has left for the client, the connection dies mid-stream.
        cut: (done) => void res.write(': cut\n\n', () => { res.destroy(); done(); }),
      };
      // Read to the end even once the socket is gone: the SDK keeps the task store up to date
      // from this stream.
      for await (const event of result as AsyncGenerator<{ result?: { task?: { id?: string } } }>) {
        if (res.destroyed) continue;
        if (!taskId && event.result?.task?.id) {
          taskId = event.result.task.id;
          if (request.method === 'SendStreamingMessage') streams.set(taskId, live);
        }
        res.write(`data: ${JSON.stringify(event)}\n\n`);
        live.written++;
        if (request.method === 'SubscribeToTask' && live.written === 1 && taskId) {
          // Attached to the task's events (the SDK's snapshot comes first): the task may go on.
          resubscribed.get(taskId)?.();
          resubscribed.delete(taskId);
        }
        if (taskId && streams.get(taskId) === live) cutWhenDue(taskId);
      }
      if (taskId && streams.get(taskId) === live) streams.delete(taskId);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  }
  return {
    url,
    requests,
    close: () => new Promise<void>((r) => { closing(); server.closeAllConnections(); server.close(() => r()); }),
  };
}
