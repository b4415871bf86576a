/**
 * The `fetch` every A2A call goes through: adds the agent's headers and secret, and shows each
 * HTTP request, its status, JSON answers and every SSE event in the protocol log — with secrets
 * redacted. It also remembers the last 401/403 so a failed call can be told apart as "needs a
 * secret" from the SDK's generic error.
 */
export interface HttpTapOptions {
  /** Fixed headers from the configuration (may contain secrets: redacted in the log). */
  headers: Record<string, string>;
  /** The secret header, once the user gave one. */
  authHeader(): { name: string; value: string } | undefined;
  tap(direction: 'in' | 'out', message: unknown): void;
}

export interface TappedFetch {
  fetch: typeof fetch;
  /** The last 401/403 status seen (cleared by `resetAuthFailure`). */
  authFailure: number | undefined;
  resetAuthFailure(): void;
}

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)$|key|token|secret/i;

export function tappedFetch(opts: HttpTapOptions, base: typeof fetch = globalThis.fetch): TappedFetch {
  const state: TappedFetch = {
    authFailure: undefined,
    resetAuthFailure: () => { state.authFailure = undefined; },
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(opts.headers)) if (!headers.has(name)) headers.set(name, value);
      const auth = opts.authHeader();
      if (auth) headers.set(auth.name, auth.value);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      opts.tap('out', { http: `${method} ${url}`, headers: redact(headers), body: parseBody(init?.body) });
      const response = await base(input, { ...init, headers });
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
      const body = text.length <= SSE_LOGGED_CHARS ? parseBody(text) : { preview: `${text.slice(0, SSE_PREVIEW_CHARS)}…`, truncated: `${text.length} characters; the log shows the first ${SSE_PREVIEW_CHARS}` };
      opts.tap('in', { http: `${response.status} ${url}`, contentType: type, body });
      return response;
    },
  };
  return state;
}

function redact(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => { out[name] = SECRET_HEADER.test(name) ? '«redacted»' : value; });
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
