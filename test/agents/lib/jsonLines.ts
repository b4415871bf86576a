/**
 * For the raw-ndjson test agents (no SDK): every JSON object the client writes on stdin, one per
 * line, handed to `handle`. Lines that are not a JSON object are skipped without a word — these
 * agents test the client's bytes, not their own. Exits when stdin ends.
 */
export function onJsonLines(handle: (message: Record<string, unknown>) => void): void {
  let buffered = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (data: string) => {
    buffered += data;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue;
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) handle(parsed as Record<string, unknown>);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}
