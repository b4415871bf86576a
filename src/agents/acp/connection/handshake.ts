/**
 * The `initialize` round trip of a freshly spawned agent, raced against the process exiting
 * and a time limit, mapped onto the typed launch failures the UI renders with a fix.
 */
import { ResponseError, type MessageConnection } from 'vscode-jsonrpc/node';
import type { LaunchFailure } from '../../api.js';
import { readAgentFacts, type AgentFacts } from './capabilities.js';
import { checkAnsweredVersion, initializeRequestParams, type InitializeExtras } from './initialize.js';
import type { ClientInfo } from '../../../protocol/acp/outgoing.js';
import type { AgentProcess } from './agentProcess.js';

/** ACP v2's "no supported version at or below the requested one". */
const UNSUPPORTED_VERSION = -32022;

export async function initializeAgent(
  connection: MessageConnection,
  proc: AgentProcess,
  version: 1 | 2,
  clientInfo: ClientInfo,
  timeoutMs: number,
  extras: InitializeExtras = {},
): Promise<AgentFacts | LaunchFailure | 'retry_v1'> {
  let timer: NodeJS.Timeout | undefined;
  const answer = connection
    .sendRequest('initialize', initializeRequestParams(version, clientInfo, extras))
    .then((result) => ({ kind: 'result' as const, result }), (error: unknown) => ({ kind: 'error' as const, error }));
  const exit = proc.exited.then((info) => ({ kind: 'exit' as const, info }));
  const timeout = new Promise<{ kind: 'timeout' }>((resolve) => (timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs)));
  const first = await Promise.race([answer, exit, timeout]);
  clearTimeout(timer);

  switch (first.kind) {
    case 'exit': {
      const { exitCode, signal, error } = first.info;
      const how = error ? `could not start (${error})` : signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
      return {
        reason: 'exited_during_initialize',
        exitCode,
        signal,
        stderrTail: proc.stderrTail(),
        message: `${proc.commandLine} ${how} before answering initialize.`,
      };
    }
    case 'timeout':
      return {
        reason: 'timeout',
        afterMs: timeoutMs,
        stderrTail: proc.stderrTail(),
        message: `${proc.commandLine} did not answer initialize within ${Math.round(timeoutMs / 100) / 10} s.`,
      };
    case 'error': {
      const err = first.error;
      const code = err instanceof ResponseError ? err.code : undefined;
      const message = (err as Error)?.message ?? String(err);
      if (code === UNSUPPORTED_VERSION) {
        const supported = (err as ResponseError<{ supported?: unknown }>).data?.supported;
        const numbers = Array.isArray(supported) ? supported.filter((v): v is number => typeof v === 'number') : [];
        const answered = numbers.length > 0 ? Math.max(...numbers) : -1;
        return { reason: 'unsupported_version', requested: version, answered, message: `The agent does not support ACP version ${version}: ${message}` };
      }
      return { reason: 'initialize_error', ...(code !== undefined ? { code } : {}), message: `initialize failed: ${message}`, stderrTail: proc.stderrTail() };
    }
    case 'result': {
      const verdict = checkAnsweredVersion(version, first.result);
      if (!verdict.ok) return verdict.retryWithV1 ? 'retry_v1' : verdict.failure;
      const read = readAgentFacts(first.result, verdict.version);
      if (read.ok) return read.facts;
      return { reason: 'initialize_error', message: `The agent's initialize answer is malformed: ${read.error}`, stderrTail: proc.stderrTail() };
    }
  }
}
