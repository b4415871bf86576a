/**
 * ACP request cancellation for vscode-jsonrpc: `$/cancel_request {requestId}` both ways.
 *
 * vscode-jsonrpc's built-in strategy speaks LSP (`$/cancelRequest {id}`), which ACP peers
 * ignore. Sending is a plain strategy hook. Receiving needs bookkeeping vscode-jsonrpc keeps
 * private, so we track inbound requests ourselves: the reader reports each request and each
 * `$/cancel_request`, the writer reports each response, and the receiver strategy hands out
 * token sources the handlers observe.
 */
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type {
  CancellationId,
  CancellationStrategy,
  MessageConnection,
  RequestMessage,
} from 'vscode-jsonrpc/node';

export const CANCEL_REQUEST_METHOD = '$/cancel_request';

/** JSON-RPC code ACP uses for "request cancelled" (answer to `$/cancel_request`). */
export const REQUEST_CANCELLED = -32800;

export class AcpCancellation {
  /** Inbound requests not yet answered; the source exists once the handler started. */
  private readonly open = new Map<CancellationId, CancellationTokenSource | null>();
  /** Cancelled while still queued behind other messages. */
  private readonly early = new Set<CancellationId>();

  readonly strategy: CancellationStrategy = {
    receiver: {
      kind: 'request',
      createCancellationTokenSource: (request: RequestMessage) => this.sourceFor(request),
    },
    sender: {
      sendCancellation: (conn: MessageConnection, id: CancellationId) =>
        conn.sendNotification(CANCEL_REQUEST_METHOD, { requestId: id }),
      cleanup: () => {},
    },
  };

  requestReceived(id: CancellationId): void {
    this.open.set(id, null);
  }

  responseSent(id: CancellationId): void {
    this.open.delete(id);
    this.early.delete(id);
  }

  /** A `$/cancel_request` arrived. Unknown or already answered ids are ignored, as ACP allows. */
  cancelReceived(requestId: unknown): void {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    if (!this.open.has(requestId)) return;
    const source = this.open.get(requestId);
    if (source) source.cancel();
    else this.early.add(requestId);
  }

  private sourceFor(request: RequestMessage): CancellationTokenSource {
    const source = new CancellationTokenSource();
    const id = request.id;
    if (id === null) return source;
    if (this.early.delete(id)) source.cancel();
    this.open.set(id, source);
    return source;
  }
}
