/**
 * The `fetch` every A2A call goes through: adds the agent's headers and secret, and shows each
 * HTTP request, its status, JSON answers and every SSE event in the protocol log — with secrets
 * redacted. It also remembers the last 401/403 so a failed call can be told apart as "needs a
 * secret" from the SDK's generic error.
 *
 * The secret is asked for per request URL (`authHeader(url)`), so the caller decides per
 * origin; a request that carries it follows redirects itself, asking again for each hop, so a
 * redirect to another host never takes the secret along unasked.
 */
import { REDACTED, redactSecrets } from '../../../services/redact.js';
export interface HttpTapOptions {
  /** Fixed headers from the configuration (may contain secrets: redacted in the log). */
  headers: Record<string, string>;
  /**
   * The secret header for a request to `url`, once the user gave one and may send it there;
   * throws (e.g. `SecretWithheld`) when the request must not go out at all.
   */
  authHeader(url: URL): { name: string; value: string } | undefined | Promise<{ name: string; value: string } | undefined>;
  tap(direction: 'in' | 'out', message: unknown): void;
}

export interface TappedFetch {
  fetch: typeof fetch;
  /** The last 401/403 status seen (cleared by `resetAuthFailure`). */
  authFailure: number | undefined;
  resetAuthFailure(): void;
}

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)$|key|token|secret/i;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export function tappedFetch(opts: HttpTapOptions, base: typeof fetch = globalThis.fetch): TappedFetch {
  const state: TappedFetch = {
    authFailure: undefined,
    resetAuthFailure: () => { state.authFailure = undefined; },
    fetch: async (input, init) => {
      let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let method = init?.method ?? 'GET';
      let body = init?.body;
      let response: Response;
      for (let hop = 0; ; hop++) {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(opts.headers)) if (!headers.has(name)) headers.set(name, value);
        const auth = await opts.authHeader(new URL(url));
        if (auth) headers.set(auth.name, auth.value);
        opts.tap('out', { http: `${method} ${url}`, headers: redact(headers), body: redactSecrets(parseBody(body)) });
        // With a secret on board, a redirect is followed here, where the next hop's origin is checked.
        const hopInit: RequestInit = { ...init, method, headers, ...(body === undefined ? {} : { body }), ...(auth ? { redirect: 'manual' } : {}) };
        if (body === undefined) delete hopInit.body;
        response = await base(typeof input === 'string' || input instanceof URL || hop > 0 ? url : input, hopInit);
        const location = response.headers.get('location');
        if (!auth || !REDIRECTS.has(response.status) || !location || hop >= MAX_REDIRECTS) break;
        opts.tap('in', { http: `${response.status} ${url}`, location });
        await response.body?.cancel().catch(() => undefined);
        url = new URL(location, url).href;
        // 303, and 301/302 after a POST, turn into a GET without a body (what fetch itself does).
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
      }
      if (response.status === 401 || response.status === 403) state.authFailure = response.status;
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('text/event-stream') && response.body) {
        opts.tap('in', { http: `${response.status} ${url}`, contentType: type });
        return new Response(response.body.pipeThrough(sseTap((data) => opts.tap('in', { sse: data }))), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      const text = await response.clone().text().catch(() => '');
      const answer = text.length <= SSE_LOGGED_CHARS ? parseBody(text) : { preview: `${text.slice(0, SSE_PREVIEW_CHARS)}…`, truncated: `${text.length} characters; the log shows the first ${SSE_PREVIEW_CHARS}` };
      opts.tap('in', { http: `${response.status} ${url}`, contentType: type, body: answer });
      return response;
    },
  };
  return state;
}

function redact(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => { out[name] = SECRET_HEADER.test(name) ? REDACTED : value; });
  return out;
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body === undefined || body === null ? undefined : '(binary body)';
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** An SSE event up to this size is parsed (once) for the log; a larger one is logged as a preview. */
export const SSE_LOGGED_CHARS = 64 * 1024;
const SSE_PREVIEW_CHARS = 2 * 1024;

/**
 * Passes bytes through untouched; each complete `data:` line also goes to the log. Only the
 * first `SSE_LOGGED_CHARS` of a line are kept (the rest is counted), and newlines are looked for
 * in each new chunk only, so a 50 MB event costs one pass over its bytes here, no parse at all.
 */
export function sseTap(emit: (data: unknown) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let head = '';
  let length = 0;
  const take = (text: string) => {
    if (head.length < SSE_LOGGED_CHARS + 1) head += text.slice(0, SSE_LOGGED_CHARS + 1 - head.length);
    length += text.length;
  };
  const endLine = () => {
    if (head.startsWith('data:')) {
      if (length <= SSE_LOGGED_CHARS) emit(parseBody(head.slice(5).trim()));
      else emit({ preview: `${head.slice(5, 5 + SSE_PREVIEW_CHARS).trim()}…`, truncated: `${length} characters in this event; the log shows the first ${SSE_PREVIEW_CHARS}` });
    }
    head = '';
    length = 0;
  };
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const text = decoder.decode(chunk, { stream: true });
      let from = 0;
      for (let nl = text.indexOf('\n', from); nl !== -1; nl = text.indexOf('\n', from)) {
        take(text.slice(from, nl > from && text[nl - 1] === '\r' ? nl - 1 : nl));
        endLine();
        from = nl + 1;
      }
      if (from < text.length) take(text.slice(from));
    },
  });
}
