/**
 * Context compactions: one row per compactionId, placed where the agent first reported it and
 * patched in place (status, summary replaced or grown by chunks, error).
 */
import type { ContentBlock, SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, CompactionEntry } from '../types.js';
import { insertRow, newEntryId, replaceRow, type ThreadState } from '../state.js';

type CompactionEvent = Extract<SessionEvent, { kind: 'compaction' }>;
type CompactionChunkEvent = Extract<SessionEvent, { kind: 'compaction_chunk' }>;

export function applyCompaction(state: ThreadState, event: CompactionEvent, out: ApplyResult): void {
  const index = state.compactions.get(event.compactionId);
  const row: CompactionEntry = index === undefined
    ? { type: 'compaction', id: newEntryId(state), compactionId: event.compactionId, status: event.status, summary: [] }
    : { ...(state.entries[index] as CompactionEntry), status: event.status };
  if (event.summary !== undefined) row.summary = event.summary === null ? [] : event.summary.map((b) => ({ ...b }));
  if (event.error === null) delete row.error;
  else if (event.error !== undefined) row.error = event.error;
  store(state, out, index, row);
}

/** A chunk for a compaction never announced starts one: it is evidently under way. */
export function applyCompactionChunk(state: ThreadState, event: CompactionChunkEvent, out: ApplyResult): void {
  const index = state.compactions.get(event.compactionId);
  const row: CompactionEntry = index === undefined
    ? { type: 'compaction', id: newEntryId(state), compactionId: event.compactionId, status: 'in_progress', summary: [] }
    : { ...(state.entries[index] as CompactionEntry) };
  row.summary = appendBlock(row.summary, event.content);
  store(state, out, index, row);
}

function store(state: ThreadState, out: ApplyResult, index: number | undefined, row: CompactionEntry): void {
  if (index === undefined) state.compactions.set(row.compactionId, insertRow(state, out, row));
  else replaceRow(state, out, index, row);
}

/** Text after text grows the last block (one Markdown body, as for messages); anything else is a new block. */
function appendBlock(blocks: ContentBlock[], block: ContentBlock): ContentBlock[] {
  const last = blocks[blocks.length - 1];
  if (last?.type === 'text' && block.type === 'text') return [...blocks.slice(0, -1), { ...last, text: last.text + block.text }];
  return [...blocks, { ...block }];
}
