/**
 * "Authentication required" (-32000) can come from session/new, session/load or a prompt,
 * long after initialize. The answer is the same everywhere: run the auth flow once, then
 * try the action once more. A second failure goes to the caller as is, so a login that did
 * not take never loops.
 */

export const AUTH_REQUIRED = -32000;

/** vscode-jsonrpc `ResponseError` and the SDK's `RequestError` both carry a numeric `code`. */
export function isAuthRequired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === AUTH_REQUIRED;
}

/**
 * @param authenticate runs the auth flow for this error; resolve `false` when the user gave up
 *   (the original error is then rethrown without a retry).
 */
export async function withAuthRetry<T>(
  action: () => Promise<T>,
  isAuthError: (error: unknown) => boolean,
  authenticate: (error: unknown) => Promise<boolean | void>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isAuthError(error)) throw error;
    if ((await authenticate(error)) === false) throw error;
    return action();
  }
}
