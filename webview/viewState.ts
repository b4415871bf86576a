/**
 * View-only state that must survive the panel being hidden or reloaded: the draft, what the
 * user expanded, where they scrolled, pending attachments. The thread itself never lives
 * here: the host owns it and resends it as a snapshot.
 */
import type { Attachment } from '../src/shared/webviewProtocol.js';
import type { Host } from './vscodeApi.js';

export interface PastedImage {
  mimeType: string;
  /** Base64 without the data: prefix, as the `send` message wants it. */
  data: string;
}

export interface ViewState {
  v: 1;
  draft: string;
  /** Keyed `${entryId}:${part}`; true = open, false = closed by the user. */
  expanded: Record<string, boolean>;
  scrollTop: number;
  /** The user was at the bottom: keep following new output after a reload. */
  atBottom: boolean;
  /** A long thread's row at the top of the view and its offset from it: where to come back to (the pixel position of rows drawn only near the view is an estimate). */
  anchorId?: string | undefined;
  anchorOffset?: number | undefined;
  attachments: Attachment[];
  images: PastedImage[];
  /** What the user typed into open elicitation forms, keyed by entry id. */
  forms: Record<string, Record<string, unknown>>;
}

const EMPTY: ViewState = { v: 1, draft: '', expanded: {}, scrollTop: 0, atBottom: true, attachments: [], images: [], forms: {} };
/** setState is synchronous IPC with a size budget; huge pasted images are not worth keeping. */
const MAX_IMAGE_BYTES_KEPT = 2_000_000;

export class ViewStateStore {
  private state: ViewState;
  private timer: ReturnType<typeof setTimeout> | undefined;

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

  setExpanded(key: string, open: boolean): void {
    this.update({ expanded: { ...this.state.expanded, [key]: open } });
  }

  /** Forgets choices about rows that are gone (a new session), so the saved state stays small. */
  /**
   * Forgets what was remembered of rows that are gone. `childIds`: subagents whose rows the page
   * has not been sent (they come when a card opens): what is remembered of their rows (ids
   * `<child id>/<row id>`) stays.
   */
  keepOnly(entryIds: ReadonlySet<string>, childIds: ReadonlySet<string> = new Set()): void {
    const known = (entryId: string) => entryIds.has(entryId) || childIds.has(entryId.slice(0, entryId.lastIndexOf('/')));
    const kept = Object.entries(this.state.expanded).filter(([key]) => known(key.slice(0, key.lastIndexOf(':'))));
    if (kept.length !== Object.keys(this.state.expanded).length) this.update({ expanded: Object.fromEntries(kept) });
    const forms = Object.entries(this.state.forms).filter(([entryId]) => known(entryId));
    if (forms.length !== Object.keys(this.state.forms).length) this.update({ forms: Object.fromEntries(forms) });
  }

  isExpanded(key: string): boolean | undefined {
    return this.state.expanded[key];
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
    expanded: r.expanded && typeof r.expanded === 'object' ? { ...r.expanded } : {},
    scrollTop: typeof r.scrollTop === 'number' ? r.scrollTop : 0,
    atBottom: r.atBottom !== false,
    ...(typeof r.anchorId === 'string' ? { anchorId: r.anchorId } : {}),
    ...(typeof r.anchorOffset === 'number' ? { anchorOffset: r.anchorOffset } : {}),
    attachments: Array.isArray(r.attachments) ? r.attachments.filter(isAttachment) : [],
    images: Array.isArray(r.images) ? r.images.filter(isImage) : [],
    forms: r.forms && typeof r.forms === 'object' && !Array.isArray(r.forms) ? { ...r.forms } : {},
  };
}

function isAttachment(a: unknown): a is Attachment {
  return !!a && typeof (a as Attachment).uri === 'string' && typeof (a as Attachment).name === 'string';
}
function isImage(i: unknown): i is PastedImage {
  return !!i && typeof (i as PastedImage).data === 'string' && typeof (i as PastedImage).mimeType === 'string';
}
