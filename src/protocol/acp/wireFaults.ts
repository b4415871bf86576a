/**
 * Faults on the wire: what the agent sent that breaks JSON-RPC, and how each is answered.
 *
 * JSON-RPC 2.0 says a server answers what it cannot parse or understand: -32700 for a line
 * that is not JSON, -32600 for JSON that is not a request, -32601 for an unknown method,
 * -32602 for bad params. An agent that sent a broken request is waiting for an answer; a
 * silent client leaves it hanging. Responses we cannot place (unknown or repeated ids, an
 * error with `id: null`) need no answer, but are logged and counted so they can be found.
 */
import type { NdjsonProblem } from './ndjson.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;

export type WireFaultKind =
  /** A line that is not JSON (-32700 sent). */
  | 'parse_error'
  /** A line over the length cap, dropped unread (-32700 sent). */
  | 'line_too_long'
  /** JSON that is not a JSON-RPC message: a bare value, a batch, no method/result/error (-32600 sent). */
  | 'invalid_request'
  /** A request whose id is still being answered (-32600 sent for the second one). */
  | 'duplicate_request_id'
  /** We answered a request with -32601. */
  | 'unknown_method'
  /** We answered a request with -32602. */
  | 'invalid_params'
  /** A request or update naming a session that is gone or never existed. */
  | 'unknown_session'
  /** A response whose id matches no request we sent. */
  | 'unknown_response_id'
  /** A second response to a request that was already answered. */
  | 'duplicate_response'
  /** An error response with `id: null` (the agent could not read something we sent). */
  | 'error_without_id'
  /** An answer we owed was dropped because the agent is not reading its input. */
  | 'unanswered';

export interface WireFault {
  kind: WireFaultKind;
  /** One line for the log: what arrived, never the whole message. */
  detail: string;
}

/** Counts per kind, for the log and for tests. */
export class WireFaultTally {
  private readonly counts = new Map<WireFaultKind, number>();

  add(fault: WireFault): void {
    this.counts.set(fault.kind, (this.counts.get(fault.kind) ?? 0) + 1);
  }

  count(kind: WireFaultKind): number {
    return this.counts.get(kind) ?? 0;
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  snapshot(): Partial<Record<WireFaultKind, number>> {
    return Object.fromEntries(this.counts);
  }
}

/** The answer owed for a line the reader could not use. */
export function answerForProblem(problem: NdjsonProblem): { fault: WireFault; code: number; message: string } {
  switch (problem.kind) {
    case 'invalid_json':
      return {
        fault: { kind: 'parse_error', detail: `${problem.message}: ${problem.line}` },
        code: PARSE_ERROR,
        message: `Parse error: ${problem.message}`,
      };
    case 'not_an_object':
      return {
        fault: { kind: 'invalid_request', detail: `not a JSON-RPC message: ${problem.line}` },
        code: INVALID_REQUEST,
        message: 'Invalid Request: a message must be a JSON object (batches are not supported).',
      };
    case 'line_too_long':
      return {
        fault: { kind: 'line_too_long', detail: `${problem.bytes} bytes, cap ${problem.maxBytes}` },
        code: PARSE_ERROR,
        message: `Parse error: a ${problem.bytes}-byte line is over the ${problem.maxBytes}-byte limit and was dropped unread.`,
      };
  }
}

/** How a message that is not a valid request, notification or response is described and answered. */
export function invalidMessage(message: Record<string, unknown>): { detail: string; id: string | number | null; message: string } {
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  let why: string;
  if ('method' in message && typeof message.method !== 'string') why = 'method must be a string';
  else if ('method' in message) why = 'id must be a string or a number';
  else if ('id' in message) why = 'a response needs result or error';
  else why = 'no method, result or error';
  return { detail: `${why}: ${excerpt(message)}`, id, message: `Invalid Request: ${why}.` };
}

const EXCERPT_CHARS = 200;

export function excerpt(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}
