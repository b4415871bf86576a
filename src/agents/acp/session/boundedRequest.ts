/**
 * A request the agent must answer within a time limit (`session/new`): past it the request
 * is cancelled on the wire (`$/cancel_request`) and the caller gets an error that names the
 * agent, the method and the limit, instead of a spinner that never ends.
 */
import { CancellationTokenSource, type MessageConnection } from 'vscode-jsonrpc/node';

export class RequestTimeoutError extends Error {
  constructor(readonly method: string, readonly afterMs: number, agentName: string) {
    super(`${agentName} did not answer ${method} within ${Math.round(afterMs / 100) / 10} s. The agent may be stuck; try again, or restart it.`);
    this.name = 'RequestTimeoutError';
  }
}

export async function boundedRequest(connection: MessageConnection, method: string, params: unknown, timeoutMs: number, agentName: string): Promise<unknown> {
  const source = new CancellationTokenSource();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      source.cancel();
      reject(new RequestTimeoutError(method, timeoutMs, agentName));
    }, timeoutMs);
  });
  const answer = connection.sendRequest(method, params, source.token);
  // The cancelled request rejects too; that rejection is ours, not the caller's.
  answer.catch(() => undefined);
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    clearTimeout(timer);
    source.dispose();
  }
}
