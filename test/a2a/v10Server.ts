/**
 * An A2A v1.0 agent on `@a2a-js/sdk`'s server pieces (DefaultRequestHandler, InMemoryTaskStore,
 * JsonRpcTransportHandler) over plain node:http: the same conversation as the v0.3 server.
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

export async function startV10Server(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const turns = new Map<string, { scenario: Scenario; turn: number }>();
  const cancelled = new Set<string>();
  const executor: AgentExecutor = {
    async execute(ctx, bus) {
      const text = ctx.userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
      const known = turns.get(ctx.taskId);
      const rec = known ? { ...known, turn: known.turn + 1 } : { scenario: scenarioOf(text), turn: 0 };
      turns.set(ctx.taskId, rec);
      const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
      bus.publish(AgentEvent.task(ctx.task ?? Task.fromJSON({ id: ctx.taskId, contextId: ctx.contextId, status: { state: 'TASK_STATE_SUBMITTED' } })));
      for (const step of stepsFor(rec.scenario, rec.turn)) {
        if (cancelled.has(ctx.taskId)) break;
        if (step.type === 'wait') await new Promise((r) => setTimeout(r, step.ms));
        else if (step.type === 'drop') continue;
        else if (step.type === 'artifact') {
          bus.publish(AgentEvent.artifactUpdate(TaskArtifactUpdateEvent.fromJSON({ ...ids, append: step.append ?? false, lastChunk: step.lastChunk ?? false, artifact: { artifactId: step.artifactId, parts: [{ text: step.text }] } })));
        } else {
          const message = step.text ? { messageId: randomUUID(), role: 'ROLE_AGENT', parts: [{ text: step.text }], ...ids } : undefined;
          bus.publish(AgentEvent.statusUpdate(TaskStatusUpdateEvent.fromJSON({ ...ids, status: { state: STATE[step.state], ...(message ? { message } : {}) } })));
        }
      }
      bus.finished();
    },
    async cancelTask(taskId, bus) {
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
    const result = await handler.handle(body, new ServerCallContext({ requestedVersion: String(req.headers['a2a-version'] ?? '1.0') }));
    if (Symbol.asyncIterator in (result as object)) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for await (const event of result as AsyncGenerator<unknown>) res.write(`data: ${JSON.stringify(event)}\n\n`);
      return void res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  }
  return { url, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
