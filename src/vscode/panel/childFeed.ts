/**
 * What of the subagents' threads the panel is sent (no `vscode` import, unit-tested under node).
 *
 * A folded subagent card draws only its head, which is a row of the thread it sits in; its
 * rows are drawn only once it is opened. So the page is sent a child's rows only while it has
 * that child's card open (it says so with `childOpen`): on opening, the child's whole thread
 * (`childRows`), then its changes as they come. A storm of helpers with one card open costs the
 * page that one card's rows, not every helper's diffs and terminal output.
 *
 * Questions are the exception: a child's permission request or elicitation is shown at the top
 * of the thread whether its card is open or not, so every question row of every child — and the
 * change that settles it — is sent as an `ask`, with the card that names the child.
 */
import type { ChildRowChange, RowChange, SubagentEntry, ThreadEntry } from '../../thread/types.js';
import type { ChildAsk, HostToWebview } from '../../shared/webviewProtocol.js';

/** A row the page shows at the top of the thread while it waits for the user. */
export function isQuestion(entry: ThreadEntry): boolean {
  return (entry.type === 'tool_call' && entry.permission !== undefined) || (entry.type === 'elicitation' && entry.status === 'pending');
}

/** The card of `childId`, in the thread's own rows or in one of its children's (for a question's name). */
export function cardOf(childId: string, entries: readonly ThreadEntry[], children: Readonly<Record<string, readonly ThreadEntry[]>>): SubagentEntry | undefined {
  const find = (rows: readonly ThreadEntry[]) => rows.find((e): e is SubagentEntry => e.type === 'subagent' && e.childId === childId);
  const own = find(entries);
  if (own) return own;
  for (const rows of Object.values(children)) {
    const card = find(rows);
    if (card) return card;
  }
  return undefined;
}

/** Every question waiting in the children's threads (a snapshot's). */
export function asksIn(entries: readonly ThreadEntry[], children: Readonly<Record<string, readonly ThreadEntry[]>>): ChildAsk[] {
  const asks: ChildAsk[] = [];
  for (const [childId, rows] of Object.entries(children)) {
    for (const entry of rows) {
      if (!isQuestion(entry)) continue;
      const card = cardOf(childId, entries, children);
      asks.push({ childId, entry, ...(card ? { card } : {}) });
    }
  }
  return asks;
}

export class ChildFeed {
  /** Children whose card the page has open. */
  private readonly open = new Set<string>();
  /** Question rows sent as asks and not settled yet (`<child>\0<row id>`): their settling change is sent too. */
  private readonly asked = new Set<string>();

  constructor(
    /** The card that names a child (looked up only when a question comes). */
    private readonly cardFor: (childId: string) => SubagentEntry | undefined,
  ) {}

  isOpen(childId: string): boolean {
    return this.open.has(childId);
  }

  /** The page opened or folded a card. Returns whether anything changed. */
  setOpen(childId: string, open: boolean): boolean {
    if (open === this.open.has(childId)) return false;
    if (open) this.open.add(childId);
    else this.open.delete(childId);
    return true;
  }

  /** A new snapshot with these questions: the page says again which cards it has open. */
  reset(asks: readonly ChildAsk[] = []): void {
    this.open.clear();
    this.asked.clear();
    for (const ask of asks) this.asked.add(`${ask.childId}\u0000${ask.entry.id}`);
  }

  /**
   * A batch of child row changes: the open children's, and the questions among all of them.
   * Call it once per change set, in order.
   */
  take(children: readonly ChildRowChange[] | undefined): { children?: ChildRowChange[]; asks?: ChildAsk[] } {
    if (!children || children.length === 0) return {};
    let shown: ChildRowChange[] | undefined;
    let asks: ChildAsk[] | undefined;
    for (const change of children) {
      if (this.open.has(change.childId)) (shown ??= []).push(change);
      for (const row of change.rows) {
        const ask = this.askOf(change.childId, row);
        if (ask) (asks ??= []).push(ask);
      }
    }
    return { ...(shown ? { children: shown } : {}), ...(asks ? { asks } : {}) };
  }

  private askOf(childId: string, row: RowChange): ChildAsk | undefined {
    if (row.op === 'append') return undefined;
    const entry = row.entry;
    if (entry.type !== 'tool_call' && entry.type !== 'elicitation') return undefined;
    const key = `${childId}\u0000${entry.id}`;
    if (isQuestion(entry)) this.asked.add(key);
    else if (!this.asked.delete(key)) return undefined;
    const card = this.cardFor(childId);
    return { childId, entry, ...(card ? { card } : {}) };
  }
}

/**
 * The page opened a subagent card (or folded it, or it left the page). Opened: what is queued goes
 * first, then the child's whole thread, then its changes as they come; folded: nothing more of it,
 * and what is queued of it is dropped (opening again sends it whole). A child the shown thread does
 * not have (a message from before a tab switch) is ignored.
 */
export function childOpened(
  childId: string,
  open: boolean,
  feed: ChildFeed,
  batcher: { flush(): void; dropChild(childId: string): void },
  entriesOf: (childId: string) => ThreadEntry[] | undefined,
  post: (message: HostToWebview) => void,
): void {
  if (!open) {
    if (feed.setOpen(childId, false)) batcher.dropChild(childId);
    return;
  }
  const entries = entriesOf(childId);
  if (!entries) return;
  batcher.flush();
  feed.setOpen(childId, true);
  post({ type: 'childRows', childId, entries });
}
