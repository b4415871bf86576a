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

export interface SearchLine {
  entryId: string;
  text: string;
}

/**
 * `entryId \t text` lines; the newest text is kept when the thread is over the cap. A subagent's
 * rows (`children`, by child id) are searched too, their lines tagged with its card's row: a hit
 * inside a subagent opens the thread at its card.
 */
export function searchText(entries: readonly ThreadEntry[], children?: Readonly<Record<string, ThreadSnapshot>>): string {
  const lines: string[] = [];
  for (const e of entries) {
    for (const text of entryText(e)) add(lines, e.id, text);
    if (e.type === 'subagent' && children) addChild(lines, e.id, e.childId, children, 0);
  }
  let out = lines.join('\n');
  if (out.length > SEARCH_TEXT_MAX_CHARS) {
    out = out.slice(out.length - SEARCH_TEXT_MAX_CHARS);
    out = out.slice(out.indexOf('\n') + 1);
  }
  return out;
}

export function parseSearchText(text: string): SearchLine[] {
  const out: SearchLine[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) out.push({ entryId: line.slice(0, tab), text: line.slice(tab + 1) });
  }
  return out;
}

function addChild(lines: string[], cardId: string, childId: string, children: Readonly<Record<string, ThreadSnapshot>>, depth: number): void {
  const child = Object.hasOwn(children, childId) ? children[childId] : undefined;
  if (!child || depth > 8) return;
  for (const e of child.entries) {
    for (const text of entryText(e)) add(lines, cardId, text);
    if (e.type === 'subagent' && child.children) addChild(lines, cardId, e.childId, child.children, depth + 1);
  }
}

function add(lines: string[], entryId: string, text: string): void {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line) lines.push(`${entryId}\t${line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS)}…` : line}`);
  }
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
