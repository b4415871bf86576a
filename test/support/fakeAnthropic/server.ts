/**
 * A loopback stand-in for the Anthropic API that Claude Code talks to (ANTHROPIC_BASE_URL): POST
 * /v1/messages, streamed or not, answered by a script that looks at the request; count_tokens
 * answered with a small number; every other path a 404 in the API's error shape. Every request
 * is recorded (path, model, system prompt, the script's answer) so a test can say what the agent
 * asked and a failing test can show it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messageEvents, messageJson, type MessagesRequest, type ReplyBlock } from './messages.js';

/**
 * The script's answer, or undefined when the request is not one it expects (answered with an API
 * error). A promise holds the answer back (a model that takes its time) until it settles.
 */
export type Script = (req: MessagesRequest) => ReplyBlock[] | undefined | Promise<ReplyBlock[] | undefined>;

export interface RecordedRequest {
  method: string;
  path: string;
  body?: MessagesRequest;
  reply?: ReplyBlock[];
  status: number;
}

export interface FakeAnthropic {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script (one server serves the cases of a test file in turn). */
  setScript(script: Script): void;
  close(): Promise<void>;
}

const MAX_BODY = 32 << 20;

export async function startFakeAnthropic(script: Script): Promise<FakeAnthropic> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    readBody(req).then(
      (raw) => answer(req, res, raw),
      () => res.destroy(),
    );
  });

  function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
    const path = (req.url ?? '/').split('?')[0]!;
    const record: RecordedRequest = { method: req.method ?? '', path, status: 200 };
    requests.push(record);
    const json = (status: number, body: unknown) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const apiError = (status: number, type: string, message: string) => json(status, { type: 'error', error: { type, message } });
    if (req.method !== 'POST' || (path !== '/v1/messages' && path !== '/v1/messages/count_tokens')) {
      return apiError(404, 'not_found_error', `${req.method} ${path} is not served here`);
    }
    let body: MessagesRequest;
    try {
      body = JSON.parse(raw) as MessagesRequest;
    } catch {
      return apiError(400, 'invalid_request_error', 'the body is not JSON');
    }
    record.body = body;
    if (path === '/v1/messages/count_tokens') return json(200, { input_tokens: 12 });
    Promise.resolve(current(body)).then(
      (reply) => {
        if (!reply) return apiError(400, 'invalid_request_error', 'the script has no answer for this request');
        record.reply = reply;
        if (!body.stream) return json(200, messageJson(body.model, reply));
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(messageEvents(body.model, reply));
      },
      (e: unknown) => apiError(500, 'api_error', String(e)),
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setScript: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) return reject(new Error('body too large'));
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
