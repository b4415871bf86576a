/**
 * Prompts written while a turn runs (no `vscode` import, unit-tested). Each tab has its own
 * short queue, kept here in the host so a hidden or reloaded view loses nothing. When a tab's
 * turn ends with `end_turn`, its first queued prompt goes out; any other end (cancelled,
 * failed, refused, the session gone) holds the queue until the user sends or removes it, so a
 * Stop never fires a prompt the user may no longer want.
 *
 * A host that can only send to the shown tab has a turn that ended in a background tab judged
 * when that tab is shown again; one that offers `sendTo`/`entriesOf` has it judged at once.
 */
import type { QueuedPrompt, SessionTabInfo, SessionTabs } from '../../shared/webviewProtocol.js';
import type { ThreadEntry, TurnEndEntry } from '../../thread/types.js';
import type { ComposedPrompt } from './promptBlocks.js';

/** A handful is plenty: a longer queue is a plan, and plans belong in one prompt. */
export const MAX_QUEUED = 5;

export interface QueueHost {
  /** Every tab's state and which one is shown. */
  tabs(): SessionTabs;
  /** The shown tab's rows. */
  entries(): readonly ThreadEntry[];
  /** Sends to the shown tab; resolves when that turn is over (or could not start). */
  send(prompt: ComposedPrompt): Promise<void>;
  /** The shown tab's queue changed (or another tab is shown). */
  publish(tabId: string, items: QueuedPrompt[]): void;
  /** Runs `fn` after the current event has unwound (a turn end is still being applied). */
  later(fn: () => void): void;
  /** Sends to any tab (optional: without it, only the shown tab is sent to). */
  sendTo?(tabId: string, prompt: ComposedPrompt): Promise<void>;
  /** Any tab's rows (goes with `sendTo`). */
  entriesOf?(tabId: string): readonly ThreadEntry[] | undefined;
}

interface TabQueue {
  items: QueuedPrompt[];
  /** The tab's state at the last tabs report. */
  state: SessionTabInfo['state'];
  /** A turn ended while the tab was in the background: judge it when it is shown. */
  endedUnseen: boolean;
  /** A queued prompt is on its way: new prompts queue behind it. */
  dispatching: boolean;
}

export type AddOutcome = 'sent' | 'queued' | 'full';

const busy = (state: SessionTabInfo['state'] | undefined) => state === 'running' || state === 'waiting';

let nextId = 0;

export class PromptQueue {
  private readonly queues = new Map<string, TabQueue>();
  private shownId = '';

  constructor(private readonly host: QueueHost) {
    this.shownId = host.tabs().activeId;
  }

  /** The shown tab's queue (for `getQueue` and tests). */
  items(tabId = this.host.tabs().activeId): QueuedPrompt[] {
    return this.queues.get(tabId)?.items.map((i) => ({ ...i })) ?? [];
  }

  /** Enter in the composer: queued while the shown tab is busy, else sent now. */
  async add(prompt: ComposedPrompt): Promise<AddOutcome> {
    const tabs = this.host.tabs();
    const tabId = tabs.activeId;
    const state = tabs.tabs.find((t) => t.id === tabId)?.state;
    const queue = this.queueOf(tabId, state);
    if (!busy(state) && !queue.dispatching && !queue.items.some((i) => i.state === 'queued')) {
      await this.host.send(prompt);
      return 'sent';
    }
    if (queue.items.length >= MAX_QUEUED) return 'full';
    queue.items.push({
      id: `q${++nextId}`,
      text: prompt.text,
      attachments: [...prompt.attachments],
      images: [...prompt.images],
      state: 'queued',
    });
    this.publish(tabId);
    // The turn may have ended between the user's Enter and this message.
    if (!busy(state) && !queue.dispatching) this.host.later(() => this.dispatch(tabId));
    return 'queued';
  }

  remove(id: string): boolean {
    for (const [tabId, queue] of this.queues) {
      const at = queue.items.findIndex((i) => i.id === id);
      if (at < 0) continue;
      queue.items.splice(at, 1);
      this.publish(tabId);
      return true;
    }
    return false;
  }

  /** Send a held prompt now; while the tab is busy it just goes back in line. */
  sendNow(id: string): boolean {
    const tabId = this.host.tabs().activeId;
    const queue = this.queues.get(tabId);
    const item = queue?.items.find((i) => i.id === id);
    if (!queue || !item) return false;
    // It goes next: ahead of prompts queued behind it, whatever their state.
    queue.items.splice(queue.items.indexOf(item), 1);
    const { heldReason: _reason, ...rest } = item;
    queue.items.unshift({ ...rest, state: 'queued' });
    this.publish(tabId);
    if (!busy(queue.state) && !queue.dispatching) this.dispatch(tabId);
    return true;
  }

  /** Every tabs report: notices turns that ended, tabs that closed and a new shown tab. */
  tabsChanged(tabs: SessionTabs): void {
    const present = new Set(tabs.tabs.map((t) => t.id));
    for (const id of this.queues.keys()) if (!present.has(id)) this.queues.delete(id);
    for (const tab of tabs.tabs) {
      const queue = this.queues.get(tab.id);
      if (!queue) continue;
      const ended = busy(queue.state) && !busy(tab.state);
      queue.state = tab.state;
      if (busy(tab.state)) queue.dispatching = false;
      if (!ended || queue.items.length === 0) continue;
      if (tab.id !== tabs.activeId && this.reaches(tab.id)) {
        const tabId = tab.id;
        this.host.later(() => this.turnEnded(tabId));
      } else {
        queue.endedUnseen = true;
      }
    }
    const shown = this.queues.get(tabs.activeId);
    if (shown?.endedUnseen && !busy(shown.state)) {
      shown.endedUnseen = false;
      const tabId = tabs.activeId;
      this.host.later(() => this.turnEnded(tabId));
    }
    if (tabs.activeId !== this.shownId) {
      this.shownId = tabs.activeId;
      this.publish(tabs.activeId);
    }
  }

  private queueOf(tabId: string, state: SessionTabInfo['state'] | undefined): TabQueue {
    let queue = this.queues.get(tabId);
    if (!queue) {
      queue = { items: [], state: state ?? 'closed', endedUnseen: false, dispatching: false };
      this.queues.set(tabId, queue);
    }
    return queue;
  }

  /** The shown tab's turn is over: the next prompt goes out, or the queue is held with the reason. */
  private turnEnded(tabId: string): void {
    const queue = this.queues.get(tabId);
    if (!queue || !this.reaches(tabId) || busy(queue.state)) return;
    const reason = heldReason(queue.state, lastTurnEnd(this.entriesOf(tabId) ?? []));
    if (reason) {
      let changed = false;
      for (const item of queue.items) {
        if (item.state === 'queued') {
          item.state = 'held';
          item.heldReason = reason;
          changed = true;
        }
      }
      if (changed) this.publish(tabId);
      return;
    }
    this.dispatch(tabId);
  }

  private dispatch(tabId: string): void {
    const queue = this.queues.get(tabId);
    if (!queue || queue.dispatching || busy(queue.state) || !this.reaches(tabId)) return;
    const at = queue.items.findIndex((i) => i.state === 'queued');
    if (at < 0) return;
    const [item] = queue.items.splice(at, 1);
    queue.dispatching = true;
    this.publish(tabId);
    const { text, attachments, images } = item!;
    const started = this.turnsSeen(tabId);
    const prompt = { text, attachments, images };
    const sending = this.host.sendTo ? this.host.sendTo(tabId, prompt) : this.host.send(prompt);
    void sending.finally(() => {
      queue.dispatching = false;
      // Never started (no session, nothing to send): keep the user's words instead of losing them.
      if (this.turnsSeen(tabId) === started && this.queues.get(tabId) === queue) {
        queue.items.unshift({ ...item!, state: 'held', heldReason: 'it could not be sent' });
        this.publish(tabId);
      }
    });
  }

  /** Counts turns that started in the tab's rows (user rows), to tell whether a send went out. */
  private turnsSeen(tabId: string): number {
    return this.entriesOf(tabId)?.filter((e) => e.type === 'user').length ?? -1;
  }

  /** Whether prompts can be sent to the tab now. */
  private reaches(tabId: string): boolean {
    return this.host.sendTo !== undefined || this.host.tabs().activeId === tabId;
  }

  private entriesOf(tabId: string): readonly ThreadEntry[] | undefined {
    if (this.host.entriesOf) return this.host.entriesOf(tabId);
    return this.host.tabs().activeId === tabId ? this.host.entries() : undefined;
  }

  private publish(tabId: string): void {
    if (this.host.tabs().activeId === tabId) this.host.publish(tabId, this.items(tabId));
  }
}

function lastTurnEnd(entries: readonly ThreadEntry[]): TurnEndEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.type === 'turn_end') return entry;
  }
  return undefined;
}

/** Why the queue must wait for the user; undefined when the turn ended normally. */
export function heldReason(state: SessionTabInfo['state'], end: TurnEndEntry | undefined): string | undefined {
  if (state === 'closed') return 'the session ended';
  if (!end) return 'the turn did not finish';
  // Said before the error check: a login refusal carries the agent's error but is no fault.
  if (end.stopReason === 'auth_required') return 'the agent needs a login';
  if (end.error) return 'the turn failed';
  switch (end.stopReason) {
    case 'end_turn':
      return undefined;
    case 'cancelled':
      return 'the turn was cancelled';
    case 'refusal':
      return 'the agent refused';
    case 'input_required':
      return 'the agent is waiting for your answer';
    case 'max_tokens':
      return 'the agent hit its token limit';
    case 'max_turn_requests':
      return 'the agent hit its request limit';
    default:
      return `the turn ended (${String(end.stopReason)})`;
  }
}
