/**
 * Prompt parsing for scripted agents: the first word picks the scenario, the rest are
 * shell-like arguments (double or single quotes group words; no escapes, no expansion).
 */

export function tokenize(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

export interface ParsedPrompt {
  /** Lower-cased first word with a leading `/` removed ('' for an empty prompt). */
  scenario: string;
  /** Shell-like words after the first one. */
  args: string[];
  /** The text after the first word, verbatim except for one separating space. */
  rest: string;
}

/**
 * The text a scenario is chosen from: the first text block, skipping one that only gives an
 * earlier conversation as context (a prompt seeded for a new session starts with
 * "This continues an earlier conversation", and the user's message follows in its own block).
 */
export function scenarioText(blocks: readonly { type: string; text?: unknown }[]): string {
  const texts = blocks.filter((b): b is { type: 'text'; text: string } => b.type === 'text' && typeof b.text === 'string');
  const first = texts[0]?.text.startsWith(SEED_START) && texts.length > 1 ? texts[1] : texts[0];
  return first?.text ?? '';
}

const SEED_START = 'This continues an earlier conversation';

export function parsePrompt(text: string): ParsedPrompt {
  const trimmed = text.replace(/^\s+/, '');
  const match = /^(\S*)\s?([\s\S]*)$/.exec(trimmed);
  const first = match?.[1] ?? '';
  return {
    scenario: first.replace(/^\//, '').toLowerCase(),
    args: tokenize(match?.[2] ?? ''),
    rest: match?.[2] ?? '',
  };
}

/** The text after the first `n` words of `rest`, verbatim (used for free-form text arguments). */
export function after(rest: string, n: number): string {
  let s = rest.replace(/^\s+/, '');
  for (let i = 0; i < n; i++) s = s.replace(/^\S+\s?/, '');
  return s;
}

/** A Markdown fence longer than any backtick run in `body`, so quoting is always exact. */
export function fenced(body: string, info = ''): string {
  const longest = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}
