/**
 * The misbehaviours of the hostile agent, one function each. Every step writes raw bytes to
 * stdout and may ask the client something; what the client answered is recorded so the
 * final message lets a test check it.
 */

export interface HostileIo {
  sessionId: string;
  /** The prompt's words after the step name. */
  args: string[];
  /** Writes exactly what is given (no newline added). */
  write(data: string | Uint8Array): Promise<void>;
  /** Writes one JSON-RPC message as a line. */
  send(message: Record<string, unknown>): Promise<void>;
  /** Sends a request and resolves with the client's error code, `ok`, or `timeout`. */
  ask(method: string, params: unknown): Promise<string>;
  /** Like `ask`, with the error message. */
  askDetail(method: string, params: unknown): Promise<{ code?: number; message?: string }>;
  /** Every answer (error code or `ok`) to a request written raw with this string id. */
  answersTo(id: string): string[];
  /** Codes of the errors the client answered with `id: null`, in order. */
  nullIdErrors(): number[];
  sleep(ms: number): Promise<void>;
  /** Facts for the final message, in order. */
  record(fact: string): void;
}

const chunk = (sessionId: string, text: string): Record<string, unknown> => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } },
});

/** 33 MiB: just over the SDK's (and the client's) 32 MiB line cap. */
export const HUGE_LINE_BYTES = 33 * 1024 * 1024;

export const HOSTILE_STEPS: Record<string, (io: HostileIo) => Promise<void>> = {
  'broken-json': async (io) => {
    await io.write('{"jsonrpc":"2.0","method":"session/update","params":{\n');
    await io.write('this is not json\n');
    await io.write('{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"x"}}}\n');
    await io.write('\n   \n');
    await io.write('42\n"a string"\nnull\n[]\n[{"jsonrpc":"2.0","method":"session/update"}]\n');
    await io.write('{"jsonrpc":"2.0"}\n{"no":"jsonrpc"}\n');
    io.record('broken-json:sent');
  },
  'unknown-method': async (io) => {
    io.record(`unknown-ext=${await io.ask('_hostile/unknown', { sessionId: io.sessionId })}`);
    io.record(`unknown=${await io.ask('hostile/unknown', {})}`);
  },
  'invalid-params': async (io) => {
    io.record(`invalid-read=${await io.ask('fs/read_text_file', { sessionId: io.sessionId, path: 42 })}`);
    io.record(`invalid-permission=${await io.ask('session/request_permission', { sessionId: io.sessionId, options: 'nope' })}`);
    await io.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: io.sessionId } });
    await io.send({
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: io.sessionId, update: { sessionUpdate: 'agent_message_chunk', content: 5 } },
    });
    await io.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: io.sessionId, update: { sessionUpdate: 'plan', entries: 'x' } } });
  },
  'unknown-session': async (io) => {
    await io.send(chunk('sess_does_not_exist', 'GHOST'));
    io.record(`unknown-session-permission=${await io.ask('session/request_permission', {
      sessionId: 'sess_does_not_exist',
      toolCall: { toolCallId: 'ghost_1', title: 'Ghost' },
      options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
    })}`);
  },
  'unknown-kind': async (io) => {
    await io.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: io.sessionId, update: { sessionUpdate: 'hostile_kind', x: 1 } } });
    await io.send({ jsonrpc: '2.0', method: '_hostile/notification', params: { anything: true } });
    await io.send({ jsonrpc: '2.0', method: '$/hostile_protocol', params: {} });
  },
  'unknown-response': async (io) => {
    await io.send({ jsonrpc: '2.0', id: 999_999, result: {} });
    await io.send({ jsonrpc: '2.0', id: 'nobody', error: { code: -32603, message: 'for nobody' } });
  },
  'huge-line': async (io) => {
    const [before = '', after = ''] = JSON.stringify(chunk(io.sessionId, 'MARK')).split('MARK');
    const filler = HUGE_LINE_BYTES - before.length - after.length - 1;
    await io.write(`${before}${'x'.repeat(filler)}${after}\n`);
    io.record('huge-line:sent');
  },
  crlf: async (io) => {
    await io.write(`${JSON.stringify(chunk(io.sessionId, 'CRLF-OK '))}\r\n`);
  },
  'split-line': async (io) => {
    const line = `${JSON.stringify(chunk(io.sessionId, 'SPLIT-OK ✓ '))}\n`;
    const bytes = Buffer.from(line, 'utf8');
    const cut = bytes.indexOf(Buffer.from('✓')) + 1; // inside the 3-byte character
    await io.write(bytes.subarray(0, cut));
    await io.sleep(30);
    await io.write(bytes.subarray(cut));
  },
};

/**
 * Faults the client must answer on the wire (not part of `all`; see test/peer/wire-faults).
 * Each ends with a request whose answer proves the client's earlier answers are in: the
 * client answers in wire order, and reads on.
 */
export const WIRE_FAULT_STEPS: Record<string, (io: HostileIo) => Promise<void>> = {
  'parse-errors': async (io) => {
    await io.write('this is not json\n{"jsonrpc":"2.0","method":"session/update","params":{\n');
    await io.write('42\n[]\n{"jsonrpc":"2.0"}\n\u0000\u00ff\u0001binary\n');
    await io.ask('_hostile/ping', {});
    io.record(`null-id-errors=${io.nullIdErrors().join(',')}`);
  },
  'duplicate-id': async (io) => {
    // One write, so both arrive before the first is answered.
    const dup = JSON.stringify({ jsonrpc: '2.0', id: 'dup-1', method: '_hostile/dup', params: {} });
    await io.write(`${dup}\n${dup}\n`);
    await io.ask('_hostile/ping', {});
    io.record(`dup=${io.answersTo('dup-1').join(',')}`);
  },
  'bad-params': async (io) => {
    const field = async (name: string, method: string, params: unknown) => {
      const a = await io.askDetail(method, params);
      io.record(`${name}=${a.code ?? 'ok'}:${encodeURIComponent(a.message ?? '')}`);
    };
    await field('array', 'fs/read_text_file', [io.sessionId, '/etc/hosts']);
    await field('no-session', 'fs/read_text_file', { path: '/etc/hosts' });
    await field('path', 'fs/write_text_file', { sessionId: io.sessionId, path: 7, content: 'x' });
    await field('terminal', 'terminal/output', { sessionId: io.sessionId });
  },
  'gone-session': async (io) => {
    // The first argument names a session the client has closed.
    const gone = io.args[0] ?? 'sess_1';
    io.record(`gone-read=${await io.ask('fs/read_text_file', { sessionId: gone, path: '/etc/hosts' })}`);
    io.record(`gone-permission=${await io.ask('session/request_permission', {
      sessionId: gone,
      toolCall: { toolCallId: 'late_1', title: 'Late' },
      options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }],
    })}`);
  },
};

/** The order `all` runs them in. */
export const HOSTILE_ORDER = [
  'broken-json',
  'unknown-method',
  'invalid-params',
  'unknown-session',
  'unknown-kind',
  'unknown-response',
  'crlf',
  'split-line',
  'huge-line',
] as const;
