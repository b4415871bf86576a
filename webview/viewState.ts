/**
 * View-only state that must survive the panel being hidden or reloaded: the draft, what the
 * user expanded and typed into forms (per thread, threadMemory.ts), where they scrolled, pending
 * attachments. The thread itself never lives here: the host owns it and resends it as a snapshot.
 */
import type { Attachment } from '../src/shared/webviewProtocol.js';
import { emptyMemory, parseThreads, pruneThreads, type ThreadMemory } from './threadMemory.js';
import type { Host } from './vscodeApi.js';

export interface PastedImage {
  mimeType: string;
  /** Base64 without the data: prefix, as the `send` message wants it. */
  data: string;
}

export interface ViewState {
  v: 1;
  draft: string;
  /** What the user opened, closed and typed into forms, by thread (the host's `threadKey`; '' from a host without tabs). */
  threads: Record<string, ThreadMemory>;
  /**
   * The thread the position below is in (the last one shown). Another thread shown takes its own
   * position from its memory (or starts at its bottom), and this one's goes into its memory.
   */
  shownThread?: string | undefined;
  scrollTop: number;
  /** The user was at the bottom: keep following new output after a reload. */
  atBottom: boolean;
  /** A long thread's row at the top of the view and its offset from it: where to come back to (the pixel position of rows drawn only near the view is an estimate). */
  anchorId?: string | undefined;
  anchorOffset?: number | undefined;
  attachments: Attachment[];
  images: PastedImage[];
}

const EMPTY: ViewState = { v: 1, draft: '', threads: {}, scrollTop: 0, atBottom: true, attachments: [], images: [] };
/** setState is synchronous IPC with a size budget; huge pasted images are not worth keeping. */
const MAX_IMAGE_BYTES_KEPT = 2_000_000;

export class ViewStateStore {
  private state: ViewState;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly opened: Array<() => void> = [];

  constructor(private readonly host: Host) {
    this.state = parse(host.getState());
  }

  get(): Readonly<ViewState> {
    return this.state;
  }

  update(patch: Partial<ViewState>): void {
    this.state = { ...this.state, ...patch };
    // Typing and scrolling fire often; one write per quiet moment is enough.
    if (this.timer === undefined) this.timer = setTimeout(() => this.save(), 150);
  }

  /**
   * Another thread is shown (a snapshot): its own folds and forms apply from now on. Threads
   * left holding nothing are dropped, and the least recently shown beyond the bound.
   */
  showThread(key: string): void {
    const used = Math.max(0, ...Object.values(this.state.threads).map((m) => m.used)) + 1;
    const threads = { ...this.state.threads };
    const left = this.state.shownThread;
    let position: Pick<ViewState, 'scrollTop' | 'atBottom' | 'anchorId' | 'anchorOffset'> | undefined;
    // Another thread than the one the position is in (a reload shows the same one again): each
    // keeps its own, so switching tabs never opens one thread where the user was in another.
    if (left !== key) {
      if (left !== undefined) {
        const { scroll: _was, ...memory } = threads[left] ?? emptyMemory();
        threads[left] = this.state.atBottom ? memory : { ...memory, scroll: { scrollTop: this.state.scrollTop, ...anchorOf(this.state) } };
      }
      const scroll = threads[key]?.scroll;
      position = { atBottom: !scroll, scrollTop: scroll?.scrollTop ?? 0, anchorId: scroll?.anchorId, anchorOffset: scroll?.anchorOffset };
    }
    const { scroll: _taken, ...shown } = threads[key] ?? emptyMemory();
    threads[key] = { ...shown, used };
    this.update({ threads: pruneThreads(threads, key), shownThread: key, ...position });
  }

  /**
   * The shown thread has a new name (its session opened and it got a saved conversation): what
   * the user did to it goes with it, so the next window finds it under that name.
   */
  renameThread(key: string): void {
    if (key === this.thread) return;
    const { [this.thread]: mine = emptyMemory(), ...others } = this.state.threads;
    // Remembered under that name already (a saved conversation shown again): what was done since adds to it.
    const known = others[key];
    const moved = known ? { expanded: { ...known.expanded, ...mine.expanded }, forms: { ...known.forms, ...mine.forms }, used: mine.used } : mine;
    this.update({ threads: { ...others, [key]: moved }, shownThread: key });
  }

  setExpanded(key: string, open: boolean): void {
    this.setMemory({ expanded: { ...this.memory().expanded, [key]: open } });
    // Only the user's choices are written here: one that opens something is the user looking at it.
    if (open) for (const listener of this.opened) listener();
  }

  /** `listener` runs whenever the user opens something in the thread (a card, a fold, details). */
  onOpened(listener: () => void): void {
    this.opened.push(listener);
  }

  /** What the user typed into the form of elicitation `entryId` of the shown thread. */
  form(entryId: string): Record<string, unknown> {
    return this.memory().forms[entryId] ?? {};
  }

  setForm(entryId: string, values: Record<string, unknown>): void {
    this.setMemory({ forms: { ...this.memory().forms, [entryId]: values } });
  }

  /**
   * Forgets what was remembered of rows that are gone. `childIds`: subagents whose rows the page
   * has not been sent (they come when a card opens): what is remembered of their rows (ids
   * `<child id>/<row id>`) stays.
   */
  keepOnly(entryIds: ReadonlySet<string>, childIds: ReadonlySet<string> = new Set()): void {
    const known = (entryId: string) => entryIds.has(entryId) || childIds.has(entryId.slice(0, entryId.lastIndexOf('/')));
    const memory = this.memory();
    const kept = Object.entries(memory.expanded).filter(([key]) => known(key.slice(0, key.lastIndexOf(':'))));
    if (kept.length !== Object.keys(memory.expanded).length) this.setMemory({ expanded: Object.fromEntries(kept) });
    const forms = Object.entries(memory.forms).filter(([entryId]) => known(entryId));
    if (forms.length !== Object.keys(memory.forms).length) this.setMemory({ forms: Object.fromEntries(forms) });
  }

  isExpanded(key: string): boolean | undefined {
    return this.memory().expanded[key];
  }

  /** The thread shown (the last snapshot's, '' before one or from a host without tabs): what `isExpanded`, `form` and the rest read and write. */
  private get thread(): string {
    return this.state.shownThread ?? '';
  }

  private memory(): ThreadMemory {
    return this.state.threads[this.thread] ?? emptyMemory();
  }

  private setMemory(patch: Partial<ThreadMemory>): void {
    this.update({ threads: { ...this.state.threads, [this.thread]: { ...this.memory(), ...patch } } });
  }

  save(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    let images = this.state.images;
    if (images.reduce((n, i) => n + i.data.length, 0) > MAX_IMAGE_BYTES_KEPT) images = [];
    this.host.setState({ ...this.state, images });
  }
}

function parse(raw: unknown): ViewState {
  if (!raw || typeof raw !== 'object' || (raw as { v?: unknown }).v !== 1) return { ...EMPTY };
  const r = raw as Partial<ViewState>;
  return {
    v: 1,
    draft: typeof r.draft === 'string' ? r.draft : '',
    threads: parseThreads(r.threads ?? legacyThread(raw)),
    ...(typeof r.shownThread === 'string' ? { shownThread: r.shownThread } : {}),
    scrollTop: typeof r.scrollTop === 'number' ? r.scrollTop : 0,
    atBottom: r.atBottom !== false,
    ...(typeof r.anchorId === 'string' ? { anchorId: r.anchorId } : {}),
    ...(typeof r.anchorOffset === 'number' ? { anchorOffset: r.anchorOffset } : {}),
    attachments: Array.isArray(r.attachments) ? r.attachments.filter(isAttachment) : [],
    images: Array.isArray(r.images) ? r.images.filter(isImage) : [],
  };
}

/** State saved before threads were kept apart: one set of folds and forms, given to the thread of a host without tabs. */
function legacyThread(raw: object): unknown {
  const { expanded, forms } = raw as { expanded?: unknown; forms?: unknown };
  return expanded || forms ? { '': { expanded, forms } } : undefined;
}

function anchorOf(state: ViewState): { anchorId?: string; anchorOffset?: number } {
  return {
    ...(state.anchorId !== undefined ? { anchorId: state.anchorId } : {}),
    ...(state.anchorOffset !== undefined ? { anchorOffset: state.anchorOffset } : {}),
  };
}

function isAttachment(a: unknown): a is Attachment {
  return !!a && typeof (a as Attachment).uri === 'string' && typeof (a as Attachment).name === 'string';
}
function isImage(i: unknown): i is PastedImage {
  return !!i && typeof (i as PastedImage).data === 'string' && typeof (i as PastedImage).mimeType === 'string';
}
