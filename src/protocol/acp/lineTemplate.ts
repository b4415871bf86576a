/**
 * Lines that repeat another line but for one string value.
 *
 * A streamed reply is thousands of `session/update` lines that differ only in the text of their
 * chunk: the same session, kind and message id, byte for byte, around a few words. Parsing each
 * one whole builds the same envelope again and again to throw it away; JSON.parse was most of
 * what a streamed chunk cost the extension host. A template is a line cut around one string
 * literal, the value a caller names; a line that has the template's bytes before and after and a
 * valid JSON string between them parses to the template's message with that string in its place
 * (JSON.parse reads the same bytes the same way), so only the string is read.
 *
 * A template is made only when the cut is proven: the line with another string put in the
 * literal's place parses to a message whose named value is that string. Anything a template does
 * not match exactly — other bytes around the literal, a raw quote or control character in it, an
 * escape that does not parse — is not a match, and the caller parses the line whole as before.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** What precedes the literal: JSON.stringify writes no space between a key and its value. */
const KEY = Buffer.from('"text":"', 'latin1');

export class LineTemplate {
  private constructor(
    /** The line up to and including the literal's opening quote. */
    private readonly head: Buffer,
    /** The line from the literal's closing quote to its end. */
    private readonly tail: Buffer,
  ) {}

  /**
   * The template of `line[start, end)` around the `"text"` value `valueOf` reads from the parsed
   * line (which is `value` there), or undefined when no such literal is proven to be that value.
   */
  static of(line: Buffer, start: number, end: number, value: string, valueOf: (parsed: unknown) => unknown): LineTemplate | undefined {
    // Keys named "text" may also sit in fields beside the chunk's; the last one is most often it.
    let at = end - KEY.length < start ? -1 : line.lastIndexOf(KEY, end - KEY.length);
    while (at >= start) {
      const open = at + KEY.length - 1;
      const close = closingQuote(line, open + 1, end);
      if (close !== -1) {
        const head = line.subarray(start, open + 1);
        const tail = line.subarray(close, end);
        if (proven(head, tail, value, valueOf)) return new LineTemplate(Buffer.from(head), Buffer.from(tail));
      }
      at = at === start ? -1 : line.lastIndexOf(KEY, at - 1);
    }
    return undefined;
  }

  /**
   * The string a line holds where the template's literal is, when the line is the template's
   * bytes around a valid JSON string; undefined for any other line.
   */
  textIn(line: Buffer, start: number, end: number): string | undefined {
    const head = this.head;
    const tail = this.tail;
    const from = start + head.length;
    const to = end - tail.length;
    if (to < from || head.compare(line, start, from) !== 0 || tail.compare(line, to, end) !== 0) return undefined;
    let escaped = false;
    for (let i = from; i < to; i++) {
      const c = line[i]!;
      if (c === BACKSLASH) {
        // The escaped character is checked by JSON.parse below (a quote may be escaped).
        escaped = true;
        i++;
      } else if (c === QUOTE || c < 0x20) {
        // A raw quote ends the literal early (another line altogether); a raw control
        // character is invalid JSON, which the whole parse reports.
        return undefined;
      }
    }
    // The bytes around are ASCII quotes, so the text decodes as it would inside the whole line.
    const text = line.toString('utf8', from, to);
    if (!escaped) return text;
    try {
      const value: unknown = JSON.parse(`"${text}"`);
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Index of the quote that closes a literal whose text starts at `from`, or -1 (no line end). */
function closingQuote(line: Buffer, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = line[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return -1;
}

/**
 * Another string put in the literal's place comes out as the named value: the literal is that
 * value's (had it been another, the value would still be the line's own, which differs).
 */
function proven(head: Buffer, tail: Buffer, value: string, valueOf: (parsed: unknown) => unknown): boolean {
  const other = value === 'a' ? 'b' : 'a';
  try {
    return valueOf(JSON.parse(`${head.toString('utf8')}${other}${tail.toString('utf8')}`)) === other;
  } catch {
    return false;
  }
}
