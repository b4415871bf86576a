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
      opts.tap('in', { http: `${response.status} ${url}`, contentType: type, body: parseBody(text.length > 64_000 ? `${text.slice(0, 64_000)}…` : text) });
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

/** Passes bytes through untouched; each complete `data:` line also goes to the log. */
function sseTap(emit: (data: unknown) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let partial = '';
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      const lines = (partial + decoder.decode(chunk, { stream: true })).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('data:')) emit(parseBody(line.slice(5).trim()));
    },
  });
}
