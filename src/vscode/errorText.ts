/** A thrown value as one line for a notice or the log. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
