/**
 * The `initialize` exchange: what we advertise and how we read the answer.
 *
 * We advertise only what we implement (digest §13.3): v1 gets fs read/write and terminals;
 * v2 has no client fs/terminal, so its capabilities are empty. Version rule (§9.2): an
 * answer equal to the request is fine; a v1 answer to a v2 request means "restart in v1"
 * (a v2 initialize told the agent we have no fs/terminal); anything else we cannot speak.
 */
import type { LaunchFailure } from './api.js';

export interface ClientInfo {
  name: string;
  title?: string;
  version: string;
}

export const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'agent-chat', title: 'Agent Chat', version: '0.1.0' };

export function initializeParams(version: 1 | 2, info: ClientInfo): Record<string, unknown> {
  if (version === 2) return { protocolVersion: 2, info, capabilities: {} };
  return {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    clientInfo: info,
  };
}

export type VersionVerdict =
  | { ok: true; version: 1 | 2 }
  | { ok: false; retryWithV1: true }
  | { ok: false; retryWithV1: false; failure: LaunchFailure };

export function checkAnsweredVersion(requested: 1 | 2, result: unknown): VersionVerdict {
  const answered = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
  if (answered === requested) return { ok: true, version: requested };
  if (requested === 2 && answered === 1) return { ok: false, retryWithV1: true };
  const shown = typeof answered === 'number' ? answered : -1;
  return {
    ok: false,
    retryWithV1: false,
    failure: {
      reason: 'unsupported_version',
      requested,
      answered: shown,
      message:
        typeof answered === 'number'
          ? `The agent speaks ACP version ${answered}; Agent Chat speaks versions 1 and 2 (asked for ${requested}).`
          : `The agent's initialize answer has no usable protocolVersion (got ${JSON.stringify(answered)}).`,
    },
  };
}
