/**
 * A plain node:http A2A agent speaking exactly the seed's v0.3 shapes: `kind`-tagged events,
 * `{kind:"text"}` parts, lower-case states (`input-required`), `message/stream` SSE with `final`,
 * `message/send`, `tasks/get`, `tasks/cancel`, `tasks/resubscribe`. Paths pick misbehaviours:
 * `/auth` (bearer "sesame" or 401), `/404`, `/notjson`, `/notcard`, `/500`, `/nosse`,
 * `/blocking` (no streaming: blocking send, then the client polls).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { scenarioOf, stepsFor, type Scenario, type Step } from './conversation.js';

interface TaskRec {
  id: string;
  contextId: string;
  scenario: Scenario;
  turn: number;
  state: string;
  artifacts: Map<string, { artifactId: string; parts: { kind: 'text'; text: string }[] }>;
  /** Events of the running turn not yet sent (a dropped stream resumes from here). */
  pending: Step[];
  listeners: Set<(result: unknown) => void>;
  statusMessage?: unknown;
}

export interface V03Server {
  url: string;
  /** Every JSON-RPC request; `answered` once the server has answered it (a stream: ended or cut). */
  requests: { method: string; params: unknown; auth?: string; answered: boolean }[];
  close(): Promise<void>;
}

export async function startV03Server(port = 0): Promise<V03Server> {
  const tasks = new Map<string, TaskRec>();
  const requests: V03Server['requests'] = [];
  const server = http.createServer((req, res) => void handle(req, res));
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function card(prefix: string) {
    return {
      protocolVersion: '0.3.0',
      name: 'Seed Analyst (v0.3)',
      description: 'Analyses datasets, asking what to focus on.',
      url: `${base}${prefix}/`,
      preferredTransport: 'JSONRPC',
      version: '1.0.0',
      capabilities: { streaming: prefix !== '/blocking' },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/markdown'],
      skills: [{ id: 'analyze', name: 'Analyze a dataset', description: 'Revenue analysis in a few questions.', tags: ['data'], examples: ['Analyze this dataset'] }],
      ...(prefix === '/auth' ? { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, security: [{ bearer: [] }] } : {}),
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const prefix = '/' + (url.pathname.split('/')[1] ?? '');
    const p = ['/auth', '/404', '/notjson', '/notcard', '/500', '/nosse', '/blocking'].includes(prefix) ? prefix : '';
    if (req.method === 'GET' && url.pathname.endsWith('/.well-known/agent-card.json')) {
      if (p === '/404') return void res.writeHead(404).end('not here');
      if (p === '/notjson') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
      if (p === '/notcard') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":1}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card(p)));
    }
    if (req.method !== 'POST') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const rpc = JSON.parse(body) as { id: unknown; method: string; params: Record<string, unknown> };
    const request = { method: rpc.method, params: rpc.params, ...(req.headers.authorization ? { auth: req.headers.authorization } : {}), answered: false };
    requests.push(request);
    res.on('close', () => (request.answered = true));
    if (p === '/auth' && req.headers.authorization !== 'Bearer sesame') return void res.writeHead(401).end('{"error":"unauthorized"}');
    if (p === '/500') return void res.writeHead(500).end('boom');
    const reply = (result: unknown): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
    const fail = (code: number, message: string): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, error: { code, message } }));
    switch (rpc.method) {
      case 'message/stream':
      case 'message/send': {
        const message = rpc.params.message as { taskId?: string; contextId?: string; parts: { text?: string }[] };
        const text = message.parts.map((x) => x.text ?? '').join('');
        let task = message.taskId ? tasks.get(message.taskId) : undefined;
        if (message.taskId && (!task || (task.state !== 'input-required' && task.state !== 'auth-required'))) return fail(-32004, 'Task is not waiting for input');
        if (!task) {
          task = { id: randomUUID(), contextId: message.contextId ?? randomUUID(), scenario: scenarioOf(text), turn: 0, state: 'submitted', artifacts: new Map(), pending: [], listeners: new Set() };
          tasks.set(task.id, task);
        } else task.turn++;
        // The warehouse answers only once the request carries its credential.
        if (task.scenario === 'warehouse' && req.headers.authorization !== 'Bearer sesame') task.turn = 0;
        task.pending = stepsFor(task.scenario, task.turn);
        if (rpc.method === 'message/send') {
          await drain(task, true);
          return reply(snapshot(task));
        }
        if (p === '/nosse') return reply(snapshot(task));
        openSse(res);
        sse(res, rpc.id, snapshot(task));
        return stream(task, res, rpc.id);
      }
      case 'tasks/get': {
        const task = tasks.get(String(rpc.params.id));
        return task ? reply(snapshot(task)) : fail(-32001, 'Task not found');
      }
      case 'tasks/cancel': {
        const task = tasks.get(String(rpc.params.id));
        if (!task) return fail(-32001, 'Task not found');
        // A parked task of this agent never answers a cancel: the client must time-box it.
        if (task.scenario === 'park') return;
        task.pending = [];
        setState(task, 'canceled');
        return reply(snapshot(task));
      }
      case 'tasks/resubscribe': {
        const task = tasks.get(String(rpc.params.id));
        if (!task) return fail(-32001, 'Task not found');
        openSse(res);
        sse(res, rpc.id, snapshot(task));
        return stream(task, res, rpc.id);
      }
      default:
        return fail(-32601, `Method not found: ${rpc.method}`);
    }
  }

  function openSse(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  }
  function sse(res: http.ServerResponse, id: unknown, result: unknown) {
    res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`);
  }

  /** Runs the task's pending steps, sending each event to this stream (and the task's later streams). */
  async function stream(task: TaskRec, res: http.ServerResponse, id: unknown) {
    const listener = (result: unknown) => sse(res, id, result);
    task.listeners.add(listener);
    res.on('close', () => task.listeners.delete(listener));
    if (task.scenario === 'other') sse(res, id, { kind: 'status-update', taskId: 'someone-else', contextId: task.contextId, status: { state: 'completed' }, final: true });
    if (task.scenario === 'weird') {
      sse(res, id, { kind: 'status-update', taskId: task.id, contextId: task.contextId, status: { state: 'pondering' }, final: false });
      sse(res, id, { kind: 'artifact-update', taskId: task.id, contextId: task.contextId, artifact: { artifactId: 'w', parts: [{ kind: 'hologram', x: 1 }, { kind: 'text', text: 'still here' }] } });
      sse(res, id, { kind: 'weather-update', taskId: task.id });
      // A line that is not JSON breaks the SDK's stream: the client resubscribes and goes on.
      res.write('data: {not json\n\n');
    }
    if (task.scenario === 'big') {
      const mb = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 51; i++) sse(res, id, { kind: 'artifact-update', taskId: task.id, contextId: task.contextId, append: i > 0, artifact: { artifactId: 'big', parts: [{ kind: 'text', text: mb }] } });
    }
    await drain(task, false, res);
    if (!res.destroyed) res.end();
  }

  async function drain(task: TaskRec, quiet: boolean, res?: http.ServerResponse) {
    while (task.pending.length > 0) {
      const step = task.pending.shift()!;
      if (step.type === 'wait') await new Promise((r) => setTimeout(r, step.ms));
      else if (step.type === 'drop') {
        // Once the events already written have left for the client, the connection is cut.
        if (!quiet && res) await new Promise<void>((r) => res.write(': cut\n\n', () => { res.destroy(); r(); }));
      } else if (step.type === 'artifact') {
        const prev = task.artifacts.get(step.artifactId);
        const parts = step.append && prev ? [{ kind: 'text' as const, text: prev.parts[0]!.text + step.text }] : [{ kind: 'text' as const, text: step.text }];
        task.artifacts.set(step.artifactId, { artifactId: step.artifactId, parts });
        emit(task, { kind: 'artifact-update', taskId: task.id, contextId: task.contextId, append: step.append ?? false, lastChunk: step.lastChunk ?? false, artifact: { artifactId: step.artifactId, parts: [{ kind: 'text', text: step.text }] } });
      } else setState(task, step.state, step.text);
      if (task.state === 'canceled') return;
    }
  }

  function setState(task: TaskRec, state: string, text?: string) {
    task.state = state;
    task.statusMessage = text ? { kind: 'message', role: 'agent', messageId: randomUUID(), parts: [{ kind: 'text', text }] } : undefined;
    const final = state !== 'working' && state !== 'submitted';
    emit(task, { kind: 'status-update', taskId: task.id, contextId: task.contextId, status: { state, ...(task.statusMessage ? { message: task.statusMessage } : {}) }, final });
  }

  function emit(task: TaskRec, result: unknown) {
    for (const l of [...task.listeners]) l(result);
  }

  function snapshot(task: TaskRec) {
    return { kind: 'task', id: task.id, contextId: task.contextId, status: { state: task.state, ...(task.statusMessage ? { message: task.statusMessage } : {}) }, artifacts: [...task.artifacts.values()] };
  }

  return {
    url: base,
    requests,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}
