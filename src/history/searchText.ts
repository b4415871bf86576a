/**
 * The searchable text of a thread, one line per line of what the user reads (prompts, answers,
 * tool-call titles, notices, the agent's questions), each tagged with the row it came from so a
 * hit can open the thread at that row. Written beside each transcript, so searching a thousand
 * threads reads a thousand small text files, never a thousand conversations.
 */
import type { ContentBlock } from '../protocol/events.js';
import type { ThreadEntry } from '../thread/types.js';
import type { ThreadSnapshot } from '../thread/restore.js';

/** Per thread: enough for every line a person would search for in a long conversation. */
export const SEARCH_TEXT_MAX_CHARS = 256 * 1024;
const LINE_MAX_CHARS = 400;
/** Raw characters of one line looked at: past this the line is cut, whatever its whitespace. */
const LINE_SCAN_CHARS = 8 * LINE_MAX_CHARS;

export interface SearchLine {
  entryId: string;
  text: string;
}

/**
 * `entryId \t text` lines; the newest text is kept when the thread is over the cap. A subagent's
 * rows (`children`, by child id) are searched too, their lines tagged with its card's row: a hit
 * inside a subagent opens the thread at its card.
 *
 * Built from the newest line back and stopped at the cap, so its cost follows the cap, not the
 * thread: it runs on every save of a streaming turn, and one answer of several megabytes split
 * and normalised whole took longer than the save's own JSON.
 */
export function searchText(entries: readonly ThreadEntry[], children?: Readonly<Record<string, ThreadSnapshot>>): string {
  const tail = new NewestLines(SEARCH_TEXT_MAX_CHARS);
  addEntries(tail, entries, undefined, children, 0);
  return tail.text();
}

export function parseSearchText(text: string): SearchLine[] {
  const out: SearchLine[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) out.push({ entryId: line.slice(0, tab), text: line.slice(tab + 1) });
  }
  return out;
}

/** Lines gathered newest first until the next one would not fit the cap. */
class NewestLines {
  private readonly lines: string[] = [];
  private left: number;
  full = false;

  constructor(maxChars: number) {
    this.left = maxChars + 1;
  }

  /** `line` goes before every line added so far. */
  addOlder(line: string): void {
    if (this.left < line.length + 1) {
      this.full = true;
      return;
    }
    this.left -= line.length + 1;
    this.lines.push(line);
  }

  text(): string {
    return this.lines.reverse().join('\n');
  }
}

/** Adds `entries` oldest last, each tagged with its own row or, inside a subagent, its card's. */
function addEntries(
  tail: NewestLines,
  entries: readonly ThreadEntry[],
  cardId: string | undefined,
  children: Readonly<Record<string, ThreadSnapshot>> | undefined,
  depth: number,
): void {
  for (let i = entries.length - 1; i >= 0 && !tail.full; i--) {
    const e = entries[i]!;
    const id = cardId ?? e.id;
    // The card's own title comes before its subagent's rows.
    if (e.type === 'subagent' && children && depth <= 8) {
      const child = Object.hasOwn(children, e.childId) ? children[e.childId] : undefined;
      if (child) addEntries(tail, child.entries, id, child.children, depth + 1);
    }
    const texts = entryText(e);
    for (let t = texts.length - 1; t >= 0 && !tail.full; t--) addText(tail, id, texts[t]!);
  }
}

/** Each line of `text`, last first, whitespace folded, over-long lines cut. */
function addText(tail: NewestLines, entryId: string, text: string): void {
  let end = text.length;
  while (end >= 0 && !tail.full) {
    const nl = end === 0 ? -1 : text.lastIndexOf('\n', end - 1);
    const line = searchLine(text, nl + 1, end);
    if (line) tail.addOlder(`${entryId}\t${line}`);
    end = nl;
  }
}

/** Folds only as much of a long line as its cut keeps (a streamed answer can be one huge line). */
function searchLine(text: string, start: number, end: number): string {
  const cut = end - start > LINE_SCAN_CHARS;
  const line = text.slice(start, cut ? start + LINE_SCAN_CHARS : end).replace(/\s+/g, ' ').trim();
  return line.length > LINE_MAX_CHARS || (cut && line) ? `${line.slice(0, LINE_MAX_CHARS)}…` : line;
}

function entryText(e: ThreadEntry): string[] {
  switch (e.type) {
    case 'user':
    case 'agent':
      return e.content.map(blockText);
    case 'tool_call':
      return [e.title];
    case 'notice':
      return [e.title, e.detail ?? ''];
    case 'elicitation':
      return [e.prompt.message];
    case 'plan':
      return e.entries.map((p) => p.content);
    case 'subagent':
      return [e.title ?? '', e.description ?? ''];
    // Thoughts, terminals, compaction summaries, turn ends and change lists are not what
    // people look a conversation up by.
    case 'thought':
    case 'terminal':
    case 'compaction':
    case 'turn_end':
    case 'changes':
      return [];
  }
}

function blockText(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'resource_link':
      return b.name;
    case 'resource':
      return 'uri' in b.resource ? String(b.resource.uri) : '';
    default:
      return '';
  }
}
