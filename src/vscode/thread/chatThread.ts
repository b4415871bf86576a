/**
 * The thread the chat shows, and what hangs off it: the thread model, the permission questions
 * still waiting for an answer, and saving it for the next window. The context feeds it session
 * events; views listen to its row changes.
 */
import * as vscode from 'vscode';
import type { RuleOfferView, PermissionOption, SessionEvent } from '../../protocol/events.js';
import type { ApplyResult, ElicitationEntry, SessionFacts, ThreadEntry, ToolCallEntry } from '../../thread/types.js';
import type { FileWrite } from '../../thread/state.js';
import { archivedThread } from './archive.js';
import { ThreadModel } from '../../thread/reducer.js';
import { t } from '../translate.js';
import { DisposableScope } from '../disposables.js';
import { freshThread } from './threadStore.js';
import { cardName, unwrapChild } from '../../thread/children/subagents.js';
import type { Thread, ThreadStore } from './threadStore.js';

export interface PermissionRequest {
  requestId: string;
  toolCallId: string;
  title: string;
  options: PermissionOption[];
  /** The auto-approve rule the card offers ("Always allow …"). */
  ruleOffer?: RuleOfferView;
  /** Asked by a subagent: its card's name (the title says so too). Outlives the parent's turn. */
  subagent?: string;
}

export class ChatThread implements vscode.Disposable {
  private readonly scope = new DisposableScope();
  private model: Thread;
  /** The thread already shows a session: the next session starts below it as history. */
  private hadSession = false;
  private readonly pending = new Map<string, PermissionRequest>();

  private readonly rowsEmitter = this.scope.add(new vscode.EventEmitter<ApplyResult>());
  private readonly replacedEmitter = this.scope.add(new vscode.EventEmitter<void>());
  private readonly requestedEmitter = this.scope.add(new vscode.EventEmitter<PermissionRequest>());
  private readonly settledEmitter = this.scope.add(new vscode.EventEmitter<string>());

  /** Row changes (and whether session facts changed). */
  readonly onRows = this.rowsEmitter.event;
  /** A different thread is shown now: views need a snapshot. */
  readonly onReplaced = this.replacedEmitter.event;
  readonly onPermissionRequested = this.requestedEmitter.event;
  /** A pending permission was answered (from anywhere) or withdrawn. */
  readonly onPermissionSettled = this.settledEmitter.event;

  /** `restore`: continue the thread the previous window saved (only the first tab does). */
  /** Only the thread on screen is kept for the next window (one slot in workspaceState). */
  private saving: boolean;

  /** `restore`: continue the thread the previous window saved (only the first tab does). */
  constructor(private readonly store: ThreadStore, restore = true) {
    this.model = (restore ? store.restore() : undefined) ?? freshThread();
    this.saving = restore;
  }

  /** The tab became (or stopped being) the one shown: it takes the saved slot now. */
  setSaving(on: boolean): void {
    if (this.saving === on) return;
    this.saving = on;
    if (on) this.store.schedule(this.model);
  }

  get entries(): readonly ThreadEntry[] {
    return this.model.entries;
  }

  /** Its subagents' rows, by child session id (absent when it has none). */
  childRows(): Record<string, ThreadEntry[]> | undefined {
    const rows = this.model.childRows();
    return Object.keys(rows).length > 0 ? rows : undefined;
  }

  /** The host's fs writes during `turnId`, for the review where no snapshot was taken. */
  writesOf(turnId: string): readonly FileWrite[] {
    return this.model.writesOf(turnId);
  }

  get session(): SessionFacts {
    return this.model.session;
  }

  get turnRunning(): boolean {
    return this.model.session.turnState !== 'idle';
  }

  /** The last turn ended with the agent asking (A2A input-required / auth-required), and nothing was sent since. */
  get waitingForInput(): 'input' | 'auth' | undefined {
    if (this.turnRunning) return undefined;
    const entries = this.model.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (entry.type === 'user') return undefined;
      if (entry.type === 'turn_end') {
        return entry.stopReason === 'input_required' ? 'input' : entry.stopReason === 'auth_required' ? 'auth' : undefined;
      }
    }
    return undefined;
  }

  /** While `waitingForInput`: the agent's question (its last words before the turn ended) and that turn's end row. */
  get waitingQuestion(): { question: string; turnEndId: string } | undefined {
    if (!this.waitingForInput) return undefined;
    const entries = this.model.entries;
    let turnEndId: string | undefined;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (entry.type === 'turn_end') turnEndId ??= entry.id;
      else if (entry.type === 'agent' && turnEndId) {
        const question = entry.content.map((b) => (b.type === 'text' ? b.text : '')).join('').trim();
        return { question, turnEndId };
      } else if (entry.type === 'user') break;
    }
    return turnEndId ? { question: '', turnEndId } : undefined;
  }

  get waitingForPermission(): boolean {
    return this.pending.size > 0;
  }

  pendingPermission(requestId: string): PermissionRequest | undefined {
    return this.pending.get(requestId);
  }

  /** Every permission question still waiting for an answer, oldest first. */
  get pendingPermissions(): PermissionRequest[] {
    return [...this.pending.values()];
  }

  /** Forms or pages the agent asked the user for and that wait for an answer. */
  get pendingElicitations(): ElicitationEntry[] {
    return this.model.entries.filter((e): e is ElicitationEntry => e.type === 'elicitation' && e.status === 'pending');
  }

  /** An elicitation row by request id, in the thread or in a subagent's (asked from inside its card). */
  findElicitation(requestId: string): ElicitationEntry | undefined {
    const own = (rows: readonly ThreadEntry[]) => rows.find((e): e is ElicitationEntry => e.type === 'elicitation' && e.requestId === requestId);
    const found = own(this.model.entries);
    if (found || !requestId.includes(':')) return found;
    for (const rows of Object.values(this.model.childRows())) {
      const inChild = own(rows);
      if (inChild) return inChild;
    }
    return undefined;
  }

  /** A tool call row by id: the thread's, or with `childId` the subagent's. */
  findToolCall(toolCallId: string, childId?: string): ToolCallEntry | undefined {
    const entries = childId === undefined ? this.model.entries : this.model.childRows()[childId] ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (entry.type === 'tool_call' && entry.toolCallId === toolCallId) return entry;
    }
    return undefined;
  }

  /**
   * Applies a session event. Returns whether the status (turn, usage, permissions) may have
   * changed and the permission question it raised, which the caller announces with
   * `announce` once the status is updated, so listeners see a consistent state.
   */
  apply(event: SessionEvent): { statusChanged: boolean; requested?: PermissionRequest } {
    const result = this.model.apply(event);
    if (result.rows.length > 0 || result.session || result.children) this.rowsEmitter.fire(result);
    let statusChanged = result.session;
    let requested: PermissionRequest | undefined;
    // A subagent's question is the same question, asked from inside its card.
    const { event: inner, path } = unwrapChild(event);
    const card = path.length > 0 ? this.model.card(path) : undefined;
    switch (inner.kind) {
      case 'permission_requested': {
        const title = inner.title ?? (card ? undefined : this.findToolCall(inner.toolCallId)?.title) ?? vscode.l10n.t('The agent asks for permission');
        const subagent = path.length > 0 ? cardName(card ?? {}, vscode.l10n.t) : undefined;
        requested = {
          requestId: inner.requestId,
          toolCallId: inner.toolCallId,
          title: subagent === undefined ? title : vscode.l10n.t('{0} (subagent “{1}”)', title, subagent),
          options: inner.options,
          ...(inner.ruleOffer ? { ruleOffer: inner.ruleOffer } : {}),
          ...(subagent !== undefined ? { subagent } : {}),
        };
        this.pending.set(inner.requestId, requested);
        statusChanged = true;
        break;
      }
      case 'permission_resolved':
        statusChanged = this.settle(inner.requestId) || statusChanged;
        break;
      case 'turn_ended':
        // Whatever the session did not resolve is moot once the turn is over — but a subagent
        // working on in the background still waits for its answer.
        if (path.length === 0) statusChanged = this.settleAll(false) || statusChanged;
        break;
      default:
        break;
    }
    // A turn's start and end are checkpoints worth saving at once: a window reload right after a
    // turn must not lose its end to the debounce (deactivation is not guaranteed time to save).
    // Background tabs are kept as transcripts; the one saved slot belongs to the shown tab.
    if (this.saving) {
      if (event.kind === 'turn_ended' || event.kind === 'prompt_sent') void this.store.flush(this.model);
      else this.store.schedule(this.model);
    }
    return { statusChanged, requested };
  }

  announce(request: PermissionRequest): void {
    if (this.pending.get(request.requestId) === request) this.requestedEmitter.fire(request);
  }

  /** A notice in the thread (visible in the chat, saved with it). */
  notice(severity: 'info' | 'warning' | 'error', title: string, detail?: string): void {
    this.apply({ kind: 'notice_local', severity, title, detail });
  }

  /** First answer wins: false when the request was already answered or withdrawn. */
  takeAnswer(requestId: string, optionId: string): boolean {
    const request = this.pending.get(requestId);
    if (!request || !request.options.some((o) => o.optionId === optionId)) return false;
    return this.settle(requestId);
  }

  /** Withdraws every pending question (the session that asked is gone); `false`: a background subagent's stay. */
  settleAll(subagents = true): boolean {
    let any = false;
    for (const [requestId, request] of [...this.pending]) if (subagents || request.subagent === undefined) any = this.settle(requestId) || any;
    return any;
  }

  /**
   * A session is about to attach: history of an earlier session is kept, read-only, above it.
   * `fresh`: a new session (not the shown one resumed or loaded), so nothing it spent yet.
   */
  beginSession(agentName: string, note?: { title: string; detail: string }, fresh = false): void {
    if (this.hadSession) {
      this.replace(archivedThread(this.model.snapshot(), note ?? {
        title: vscode.l10n.t('New session with {0}', agentName),
        detail: vscode.l10n.t('The agent does not remember the conversation above.'),
      }));
    } else if (fresh && this.model.session.usage) {
      // A reopened thread keeps its session's spend for that session; a new one below it starts at nothing.
      const { session: { usage: _spent, ...session }, ...rest } = this.model.snapshot();
      this.replace(ThreadModel.restore({ ...rest, session }, t));
    }
    this.hadSession = true;
  }

  /** Starts over with an empty thread. */
  clear(): void {
    this.replace(freshThread());
  }

  /** Shows another thread (a reopened conversation); the next session continues it. */
  show(model: Thread): void {
    this.replace(model);
  }

  /** Views redraw the session facts (e.g. a picker change the agent refused). */
  touchSession(): void {
    this.rowsEmitter.fire({ rows: [], session: true });
  }

  /** A detached copy of the rows and facts (for transcripts). */
  snapshot(): ReturnType<Thread['snapshot']> {
    return this.model.snapshot();
  }

  dispose(): void {
    this.scope.dispose();
  }

  private replace(model: Thread): void {
    this.settleAll();
    this.model = model;
    this.hadSession = false;
    this.replacedEmitter.fire();
    if (this.saving) this.store.schedule(this.model);
  }

  private settle(requestId: string): boolean {
    if (!this.pending.delete(requestId)) return false;
    this.settledEmitter.fire(requestId);
    return true;
  }
}
