/**
 * Presenting a thread search hit and finding its row again (pure, unit-tested): the matching
 * line cut to a window around the first match, so a narrow picker still shows the words; and
 * the row of a reopened thread that holds the hit — by id when the thread was shown from its
 * transcript, else (an agent's replay gives rows new ids) by the same line of text.
 */
import type { ThreadEntry } from '../thread/types.js';
import { parseSearchText, searchText } from './searchText.js';
import type { ThreadSearchHit } from './threadSearch.js';

/** Characters shown around the first matching word. */
const EXCERPT_CHARS = 120;

export function hitExcerpt(line: string, query: string, width = EXCERPT_CHARS): string {
  if (line.length <= width) return line;
  const lower = line.toLowerCase();
  const at = Math.min(...query.toLowerCase().split(/\s+/).filter(Boolean).map((w) => lower.indexOf(w)).filter((i) => i >= 0), line.length);
  const start = Math.max(0, Math.min(at - Math.floor(width / 3), line.length - width));
  return `${start > 0 ? '…' : ''}${line.slice(start, start + width)}${start + width < line.length ? '…' : ''}`;
}

/** The id of the row in `entries` the hit came from; undefined for a title hit or a row no longer there. */
export function hitRow(entries: readonly ThreadEntry[], hit: Pick<ThreadSearchHit, 'entryId' | 'line'>): string | undefined {
  if (hit.entryId === undefined) return undefined;
  if (entries.some((e) => e.id === hit.entryId)) return hit.entryId;
  return parseSearchText(searchText(entries)).find((l) => l.text === hit.line)?.entryId;
}
