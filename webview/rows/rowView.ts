/**
 * One view per thread entry, keyed by entry id. A view draws its entry and later patches only
 * what changed; the thread view never rebuilds rows that did not change.
 */
import type { ThreadEntry } from '../../src/thread/types.js';
import type { Announcer } from '../a11y/announcer.js';
import type { RowDelta } from '../thread/store.js';
import type { ViewStateStore } from '../viewState.js';
import type { MessageActions } from './messageActions.js';
import type { ChildThreads } from '../thread/childThreads.js';
import type { FoldLookup } from '../thread/toolFolds.js';

export interface RowContext {
  viewState: ViewStateStore;
  announcer: Announcer;
  /** True while rows arrive live (not from a snapshot): new permission requests may take focus. */
  live(): boolean;
  /** Fork / edit-and-resend buttons follow the agent, tab and turn (absent: always offered). */
  messageActions?: MessageActions;
  /** The subagents' threads, which their cards draw when opened. */
  children?: ChildThreads;
  /** Which tool calls of the list being drawn fold into one line (absent: none fold). */
  folds?: FoldLookup;
}

export interface RowView<E extends ThreadEntry = ThreadEntry> {
  readonly el: HTMLElement;
  render(entry: E, delta: RowDelta): void;
  /** A row was added after this one (thoughts fold away when the answer starts). */
  followed?(): void;
  /** The row left the DOM for good (window, replaced): let go of what it listens to. */
  detach?(): void;
}
