/**
 * A GET that follows redirects itself, so every hop is checked against the URL policy (an https
 * download must not be redirected to plain http), with a size cap, a stall timeout and an abort.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { checkRegistryUrl } from './urlPolicy.js';

export interface GetOptions {
  signal?: AbortSignal;
  /** Refuse bodies larger than this many bytes. */
  maxBytes: number;
  /** Give up when no byte arrives for this long. */
  stallMs?: number;
  /** What the URL is, for messages ("The registry URL", "The download"). */
  what: string;
}

export interface GetResponse {
  url: string;
  /** Content-Length when the server sent one. */
  total?: number;
  body: http.IncomingMessage;
}

const MAX_REDIRECTS = 5;

export class CancelledError extends Error {
  constructor() {
    super('Cancelled.');
  }
}

export async function httpGet(raw: string, opts: GetOptions): Promise<GetResponse> {
  let url = checkRegistryUrl(raw, opts.what);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await request(url, opts);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      url = checkRegistryUrl(new URL(res.headers.location, url).href, `${opts.what} (redirected)`);
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new Error(`${opts.what} answered HTTP ${status} for ${url.href}.`);
    }
    const length = Number(res.headers['content-length']);
    const total = Number.isFinite(length) && length >= 0 ? length : undefined;
    if (total !== undefined && total > opts.maxBytes) {
      res.destroy();
      throw new Error(`${opts.what} at ${url.href} is ${total} bytes, more than the ${opts.maxBytes} Agent Chat accepts.`);
    }
    return { url: url.href, total, body: res };
  }
  throw new Error(`${opts.what} redirected more than ${MAX_REDIRECTS} times.`);
}

function request(url: URL, opts: GetOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new CancelledError());
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, { headers: { 'user-agent': 'agent-chat-vscode', accept: '*/*' } }, resolve);
    const onAbort = () => req.destroy(new CancelledError());
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.setTimeout(opts.stallMs ?? 30_000, () => req.destroy(new Error(`${opts.what} at ${url.href} did not answer within ${Math.round((opts.stallMs ?? 30_000) / 1000)} s.`)));
    req.on('error', (error) => reject(error instanceof CancelledError ? error : new Error(`${opts.what} at ${url.href} could not be reached: ${error.message}`)));
    req.on('close', () => opts.signal?.removeEventListener('abort', onAbort));
  });
}

/** The whole body as text, within the size cap. */
export async function readText(res: GetResponse, opts: GetOptions): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of streamWithAbort(res, opts)) {
    size += chunk.length;
    if (size > opts.maxBytes) {
      res.body.destroy();
      throw new Error(`${opts.what} at ${res.url} is larger than the ${opts.maxBytes} bytes Agent Chat accepts.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body's chunks; an abort or a stall ends the iteration with an error. */
export async function* streamWithAbort(res: GetResponse, opts: GetOptions): AsyncGenerator<Buffer> {
  const onAbort = () => res.body.destroy(new CancelledError());
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  res.body.setTimeout(opts.stallMs ?? 30_000, () => res.body.destroy(new Error(`${opts.what} at ${res.url} stalled: no data for ${Math.round((opts.stallMs ?? 30_000) / 1000)} s.`)));
  try {
    for await (const chunk of res.body) yield chunk as Buffer;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (opts.signal?.aborted) throw new CancelledError();
}
