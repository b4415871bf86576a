/**
 * The webview's copy of the thread: applies the host's row changes in order and tells the view
 * which rows changed and how. Rows are keyed by entry id; indexes only place new rows.
 */
import type { ContentBlock } from '../../src/protocol/events.js';
import type { RowChange, ThreadEntry } from '../../src/thread/types.js';

/** How a row changed since it was last drawn: `append` lets a message grow without a re-parse. */
export type RowDelta = { kind: 'full' } | { kind: 'append'; text: string };

export interface StoreListener {
  reset(entries: readonly ThreadEntry[]): void;
  inserted(index: number, entry: ThreadEntry): void;
  changed(entry: ThreadEntry, delta: RowDelta): void;
  /** A change did not fit the rows we have: the view should ask the host for a fresh snapshot. */
  desync(reason: string): void;
}

export class ThreadStore {
  private entries: ThreadEntry[] = [];

  constructor(private readonly listener: StoreListener) {}

  all(): readonly ThreadEntry[] {
    return this.entries;
  }

  reset(entries: ThreadEntry[]): void {
    this.entries = entries.slice();
    this.listener.reset(this.entries);
  }

  apply(changes: readonly RowChange[]): void {
    for (const change of changes) this.applyOne(change);
  }

  private applyOne(change: RowChange): void {
    switch (change.op) {
      case 'insert': {
        const index = Math.max(0, Math.min(change.index, this.entries.length));
        const existing = this.indexOf(change.entry.id, change.index);
        if (existing >= 0) {
          // A repeated insert (e.g. replayed after a reconnect) is an update, never a duplicate row.
          this.entries[existing] = change.entry;
          this.listener.changed(change.entry, { kind: 'full' });
          return;
        }
        this.entries.splice(index, 0, change.entry);
        this.listener.inserted(index, change.entry);
        return;
      }
      case 'update': {
        const at = this.indexOf(change.entry.id, change.index);
        if (at < 0) return this.listener.desync(`update for unknown row ${change.entry.id}`);
        this.entries[at] = change.entry;
        this.listener.changed(change.entry, { kind: 'full' });
        return;
      }
      case 'append': {
        const at = this.indexOf(change.id, change.index);
        if (at < 0) return this.listener.desync(`append to unknown row ${change.id}`);
        const entry = this.entries[at]!;
        if (!appendText(entry, change.text)) return this.listener.desync(`append to a ${entry.type} row`);
        this.listener.changed(entry, { kind: 'append', text: change.text });
        return;
      }
      default:
        assertNever(change);
    }
  }

  /** The index is a hint (rows may have shifted); the id is the truth. */
  private indexOf(id: string, hint: number): number {
    if (this.entries[hint]?.id === id) return hint;
    // Streaming appends usually hit the last row; look there before scanning.
    const last = this.entries.length - 1;
    if (this.entries[last]?.id === id) return last;
    return this.entries.findIndex((e) => e.id === id);
  }
}

/** Grows the last text block in place; false when the row has no text to grow. */
function appendText(entry: ThreadEntry, text: string): boolean {
  switch (entry.type) {
    case 'user':
    case 'agent':
    case 'thought':
      appendToBlocks(entry.content, text);
      return true;
    case 'tool_call': {
      const last = entry.content[entry.content.length - 1];
      if (last?.type === 'content' && last.content.type === 'text') {
        last.content.text += text;
      } else {
        entry.content.push({ type: 'content', content: { type: 'text', text } });
      }
      return true;
    }
    case 'plan':
    case 'notice':
    case 'compaction':
    case 'terminal':
    case 'turn_end':
    case 'changes':
    case 'elicitation':
    case 'subagent':
      return false;
    default:
      return assertNever(entry);
  }
}

function appendToBlocks(blocks: ContentBlock[], text: string): void {
  const last = blocks[blocks.length - 1];
  if (last?.type === 'text') last.text += text;
  else blocks.push({ type: 'text', text });
}

export function assertNever(x: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(x)}`);
}
