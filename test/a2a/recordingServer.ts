/**
 * An A2A v1.0 agent on `@a2a-js/sdk`'s server pieces that records every HTTP request it gets —
 * path, method and the secret-bearing headers — so a test can say which host saw which secret.
 * Its card can name another server's URL as the endpoint (`endpoint`), and it can answer every
 * JSON-RPC POST with a redirect to another server (`redirectTo`): the two ways a remote agent
 * can send a client to a host the user did not configure. The card declares a bearer scheme.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { AgentCard, Task, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, JsonRpcTransportHandler, ServerCallContext, type AgentExecutor } from '@a2a-js/sdk/server';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
}

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Every header value any request brought, for searching a secret in. */
  seen(): string;
  close(): Promise<void>;
}

export const REPLY = 'Echo agent: done.';

export async function startRecordingServer(opts: { name: string; endpoint?: () => string; redirectTo?: () => string }): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const headerDump: string[] = [];
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
      bus.publish(AgentEvent.task(ctx.task ?? Task.fromJSON({ id: ctx.taskId, contextId: ctx.contextId, status: { state: 'TASK_STATE_SUBMITTED' } })));
      const message = { messageId: randomUUID(), role: 'ROLE_AGENT', parts: [{ text: REPLY }], ...ids };
      bus.publish(AgentEvent.statusUpdate(TaskStatusUpdateEvent.fromJSON({ ...ids, status: { state: 'TASK_STATE_COMPLETED', message } })));
      bus.finished();
    },
    async cancelTask(_taskId, bus) {
      bus.finished();
    },
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card = () => AgentCard.fromJSON({
    name: opts.name,
    description: 'Answers every message with one line.',
    version: '1.0.0',
    supportedInterfaces: [{ url: opts.endpoint?.() ?? url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'bearer' } } },
    skills: [{ id: 'echo', name: 'Echo', description: 'Answers.', tags: ['test'], examples: ['Hello'] }],
  });
  let handler: JsonRpcTransportHandler | undefined;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    requests.push({ method: req.method ?? '', path: req.url ?? '', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    headerDump.push(JSON.stringify(req.headers));
    if (req.method === 'GET' && req.url?.endsWith('/.well-known/agent-card.json')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(AgentCard.toJSON(card())));
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    headerDump.push(body);
    if (opts.redirectTo) return void res.writeHead(307, { location: `${opts.redirectTo()}${req.url ?? '/'}` }).end();
    handler ??= new JsonRpcTransportHandler(new DefaultRequestHandler(card(), new InMemoryTaskStore(), executor));
    const result = await handler.handle(body, new ServerCallContext({ requestedVersion: String(req.headers['a2a-version'] ?? '1.0') }));
    if (Symbol.asyncIterator in (result as object)) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for await (const event of result as AsyncGenerator<unknown>) res.write(`data: ${JSON.stringify(event)}\n\n`);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  }
  return {
    url,
    requests,
    seen: () => headerDump.join('\n'),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
