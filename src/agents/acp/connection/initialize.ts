/**
 * Version negotiation (digest §9.2): an answer equal to the request is fine; a v1 answer to a
 * v2 request means "restart in v1" (a v2 initialize told the agent we have no fs/terminal);
 * anything else we cannot speak. What we advertise is built in src/protocol/acp/outgoing.ts.
 */
import type { LaunchFailure } from '../../api.js';
import { initializeParams, initializeParamsV1, type ClientInfo } from '../../../protocol/acp/outgoing.js';

export const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'agent-chat', title: 'Agent Chat', version: '0.1.0' };

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

export interface InitializeExtras {
  /** The editor can run a terminal login: agents may then offer `type: "terminal"` methods. */
  terminalAuth?: boolean;
}

/**
 * The protocol layer's initialize params plus what depends on the editor's wiring: an
 * advertised capability must work, so `auth.terminal` is only sent with a terminal runner.
 */
export function initializeRequestParams(version: 1 | 2, clientInfo: ClientInfo, extras: InitializeExtras = {}) {
  if (version === 2 || !extras.terminalAuth) return initializeParams(version, clientInfo);
  const base = initializeParamsV1(clientInfo);
  return { ...base, clientCapabilities: { ...base.clientCapabilities, auth: { terminal: true } } };
}
