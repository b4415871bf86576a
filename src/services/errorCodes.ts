/**
 * JSON-RPC error codes the host services answer with. ACP fixes some (-32602, -32002, -32800);
 * the rest sit in the implementation-defined -32000..-32099 range, away from ACP's -32000
 * (authentication required) so an agent never mistakes a refusal for an auth problem.
 */
export const ErrorCode = {
  /** Malformed params: relative path, empty string, NUL byte, unknown option id. */
  invalidParams: -32602,
  /** The path (after `..` and symlinks are resolved) lies outside every session root. */
  outsideWorkspace: -32001,
  /** The thing asked for does not exist: a file to read, a terminal id, a command on PATH. */
  notFound: -32002,
  internal: -32603,
  /** The request was cancelled (`$/cancel_request`, or the session was cancelled/closed). */
  requestCancelled: -32800,
} as const;
