/**
 * An agent's stderr as log lines, with a bounded cost: a flood (hundreds of MB, or one line
 * that never ends) must not grow memory or the log without limit. Each line is cut at
 * `maxLineChars`; after `maxLoggedChars` in all, one line says the rest is not logged (the
 * process keeps its own stderr tail for error reports, see `TailBuffer`).
 */

export interface StderrLineLimits {
  /** Longest line logged; the rest of it is dropped with a note (default 8 KiB). */
  maxLineChars?: number;
  /** Characters logged per process before logging stops (default 4 MiB). */
  maxLoggedChars?: number;
  /** A last line without a newline is logged after this quiet time (default 250 ms). */
  flushAfterMs?: number;
}

export const DEFAULT_MAX_LINE_CHARS = 8 * 1024;
export const DEFAULT_MAX_LOGGED_CHARS = 4 * 1024 * 1024;

export function stderrLines(emit: (line: string) => void, limits: StderrLineLimits = {}): (text: string) => void {
  const maxLine = limits.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
  const budget = limits.maxLoggedChars ?? DEFAULT_MAX_LOGGED_CHARS;
  const flushAfterMs = limits.flushAfterMs ?? 250;
  let partial = '';
  /** Characters of the current line dropped past `maxLine`. */
  let cut = 0;
  let logged = 0;
  let silenced = false;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const endLine = () => {
    const line = partial.replace(/\r$/, '');
    const dropped = cut;
    partial = '';
    cut = 0;
    if (silenced || line.trim() === '') return;
    logged += line.length;
    if (logged > budget) {
      silenced = true;
      emit(`(stderr is flooding: more than ${Math.round(budget / 1024)} KiB logged; the rest is not logged, its last part is kept for error reports)`);
      return;
    }
    emit(dropped > 0 ? `${line} … (${dropped} more characters not logged)` : line);
  };

  const append = (piece: string) => {
    const room = maxLine - partial.length;
    if (piece.length <= room) partial += piece;
    else {
      partial += piece.slice(0, Math.max(0, room));
      cut += piece.length - Math.max(0, room);
    }
  };

  return (text) => {
    let start = 0;
    let newline: number;
    while ((newline = text.indexOf('\n', start)) >= 0) {
      append(text.slice(start, newline));
      endLine();
      start = newline + 1;
    }
    append(text.slice(start));
    clearTimeout(flushTimer);
    // A last line without a newline still reaches the log.
    if (partial || cut) flushTimer = setTimeout(endLine, flushAfterMs);
  };
}
