/**
 * Checkpoints in the editor: a snapshot of the session's roots before each prompt (bounded, so
 * a slow disk never holds the prompt back for long), the turn's changed files at its end, and
 * "Restore to here" / "Redo" with a preview of what will change.
 */
import * as vscode from 'vscode';
import type { ChangedFile, SessionEvent, SnapshotRef } from '../../protocol/events.js';
import type { Snapshotter } from '../../checkpoints/snapshotter.js';
import type { ChangesEntry, UserEntry } from '../../thread/types.js';
import type { ChatThread } from '../thread/chatThread.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import { hostWrites } from '../editor/writesInFlight.js';
import type { ChangeSet } from '../../checkpoints/types.js';
import { attachHunks } from './hunkUndo.js';
import { LiveTurnChanges } from './liveTurnChanges.js';
import { TurnOverlaps, type TurnRecord } from './turnOverlap.js';
import { turnReport } from './turnReport.js';
import { goneMessage, goneRoots } from './snapshotGone.js';
import { interruptedTurn } from '../../thread/review/interruptedTurn.js';
import { anchorOf, turnsSince } from '../../thread/review/anchor.js';
import { restoreRoots, type RestoreConfirm } from './restoreFlow.js';
import { busyReason } from './turnBusy.js';

type TurnChangesEvent = Extract<SessionEvent, { kind: 'turn_changes' }>;

/** How long a prompt waits for its snapshot before going out without one. */
const SNAPSHOT_WAIT_MS = 1_500;
/** The same for a root whose first (cold: every file hashed) snapshot has not finished yet. */
const COLD_SNAPSHOT_WAIT_MS = 10_000;

/** How long the turn's end waits for the host's writes still in flight before its snapshot. */
const HOST_WRITES_WAIT_MS = 10_000;

const timeout = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms));

export class CheckpointService {
  /** Roots whose private index is up to date once (their next snapshots are incremental). */
  private readonly warm = new Set<string>();
  /** Turns of different tabs that overlap in time, to say when they changed the same file. */
  private readonly overlaps = new TurnOverlaps();
  private readonly priming = new Set<string>();

  /** `confirmRestore` asks before a restore or redo (the modal dialog unless a test gives its own). */
  constructor(readonly snapshots: Snapshotter, private readonly roots: () => string[] = workspaceRoots, private readonly confirmRestore?: RestoreConfirm) {}

  /** Brings every root's private index up to date in the background (once per root). */
  prime(): void {
    for (const root of this.roots()) {
      if (this.warm.has(root) || this.priming.has(root)) continue;
      this.priming.add(root);
      void this.snapshots.warm(root).then(() => this.warm.add(root), () => undefined).finally(() => this.priming.delete(root));
    }
  }

  /**
   * Snapshots of every root before a prompt; what could not be taken is said in the thread.
   * `roots`: the thread's own folders instead of the workspace's (a thread in its worktree).
   */
  async beforePrompt(thread: ChatThread, roots: readonly string[] = this.roots()): Promise<SnapshotRef[]> {
    const refs: SnapshotRef[] = [];
    for (const root of roots) {
      const wait = this.warm.has(root) ? SNAPSHOT_WAIT_MS : COLD_SNAPSHOT_WAIT_MS;
      const r = await Promise.race([this.snapshots.snapshot(root, 'before a prompt'), timeout(wait)]);
      if (r !== 'timeout' && r.ok) this.warm.add(root);
      if (r === 'timeout') thread.notice('info', 'No checkpoint for this message', `The snapshot of ${root} took longer than ${wait / 1000} s, so the prompt went out without one.`);
      else if (!r.ok) thread.notice('info', 'No checkpoint for this message', r.refusal.message);
      else refs.push({ root, id: r.snapshot.id });
    }
    return refs;
  }

  /**
   * The turn's changes on disk: a snapshot of its end, compared with the one before it. Roots
   * without a snapshot (refused, timed out) list what the agent reported instead, files outside
   * every root are named, and tool calls whose diff the disk disagrees with are marked.
   */
  async afterTurn(thread: ChatThread, turnId: string, before: readonly SnapshotRef[], record?: TurnRecord): Promise<void> {
    let event: TurnChangesEvent | undefined;
    try {
      event = await this.turnChanges(thread, turnId, before);
    } finally {
      // Without a final list (none, or it failed) the row the turn's live count drew stops saying "counting…".
      const row = findChanges(thread, turnId);
      if (!event && row?.counting) thread.apply({ kind: 'turn_changes', turnId, files: row.files, counting: false });
    }
    if (!event) return;
    thread.apply(record ? { ...event, files: this.overlaps.update(record, event.files, true) } : event);
  }

  /**
   * A thread brought back after a window reload (or from history) whose last turn was cut short
   * with the old window: its changes row, from the message's checkpoint to the disk now, under
   * a note that says so. Nothing when its snapshot is gone, nothing changed, or the user sent
   * another message meanwhile.
   */
  async reviewInterruptedTurn(thread: ChatThread): Promise<void> {
    const user = interruptedTurn(thread.entries);
    if (!user || (await goneRoots(this.snapshots, user.checkpoint)).length) return;
    const event = await this.turnChanges(thread, user.turnId, user.checkpoint);
    if (!event?.files.length || interruptedTurn(thread.entries)?.turnId !== user.turnId) return;
    thread.notice('info', 'This turn was cut short when the window closed',
      'The files below are what changed on disk since its message (also by anything else that ran since). Review, keep or undo them as after any turn.');
    thread.apply(event);
  }

  private async turnChanges(thread: ChatThread, turnId: string, before: readonly SnapshotRef[]): Promise<TurnChangesEvent | undefined> {
    // Writes the agent asked for and did not wait for belong to the turn: a snapshot taken
    // before they land would list the file missing or half-written (a new one as +0 −0).
    await hostWrites.settled(HOST_WRITES_WAIT_MS);
    const files: ChangedFile[] = [];
    const after: SnapshotRef[] = [];
    for (const ref of before) {
      const end = await this.snapshots.take(ref.root, 'after a turn');
      after.push({ root: ref.root, id: end.id });
      const set = await this.snapshots.between(ref.root, ref.id, end.id);
      const ofRoot = changedFiles(ref.root, set);
      await attachHunks(this.snapshots, ofRoot, ref.id, end.id).catch(() => undefined);
      files.push(...ofRoot);
    }
    // A folder removed from the workspace mid-turn still had its snapshot: its files are the
    // disk's to report, never "outside the workspace".
    const roots = [...new Set([...this.roots(), ...before.map((r) => r.root)])];
    const report = await turnReport(this.snapshots, { entries: thread.entries, turnId, writes: thread.writesOf(turnId), roots, after });
    for (const f of files) if (report.differing.has(f.root + '\0' + f.path)) f.diskDiffers = true;
    files.push(...report.files);
    if (!before.length && !files.length && !report.differs.length) return undefined;
    return { kind: 'turn_changes', turnId, files, counting: false, ...(after.length ? { after } : {}), ...(report.differs.length ? { differs: report.differs } : {}) };
  }

  /**
   * While the turn runs: the changes row follows the disk, refreshed on file events in the
   * roots (at most about once a second). Stop it before the turn's final answer (afterTurn).
   */
  watchTurn(thread: ChatThread, turnId: string, before: readonly SnapshotRef[], log?: (message: string) => void): { stop(): Promise<void>; record: TurnRecord } {
    const record = this.overlaps.begin({
      owner: thread, turnId, started: Date.now(),
      title: () => thread.session.title || vscode.l10n.t('another tab'),
      republish: (files) => thread.apply({ kind: 'turn_changes', turnId, files }),
    });
    const live = new LiveTurnChanges({
      compute: async () => {
        const files: ChangedFile[] = [];
        for (const ref of before) files.push(...changedFiles(ref.root, await this.snapshots.changes(ref.root, ref.id)));
        return files;
      },
      // Until afterTurn's final list (a write the agent did not wait for can still land), the row says "counting…".
      publish: (files) => thread.apply({ kind: 'turn_changes', turnId, files: this.overlaps.update(record, files), counting: true }),
      onError: (e) => log?.(`live turn changes: ${e instanceof Error ? e.message : String(e)}`),
    });
    const watchers = before.map((ref) => {
      const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(ref.root), '**/*'));
      const poke = () => live.poke();
      return [w, w.onDidCreate(poke), w.onDidChange(poke), w.onDidDelete(poke)];
    }).flat();
    return {
      record,
      stop: async () => {
        for (const d of watchers) d.dispose();
        await live.stop();
      },
    };
  }

  /**
   * "Restore to here": put every root back as it was before `turnId`'s prompt, keeping what the
   * user changed by hand since unless they say otherwise (restoreFlow.ts).
   * 'unchanged': the files already are as they were (nothing written, nothing marked).
   */
  async restore(thread: ChatThread, turnId: string, question = vscode.l10n.t('Restore the files to how they were before this message?')): Promise<'restored' | 'unchanged' | 'cancelled'> {
    const busy = busyReason(thread);
    if (busy) {
      void vscode.window.showInformationMessage(busy);
      return 'cancelled';
    }
    const user = findUser(thread, turnId);
    if (!user?.checkpoint?.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Agent Chat: this message has no checkpoint to restore.'));
      return 'cancelled';
    }
    const refs = user.checkpoint;
    if (!(await this.snapshotsThere(refs, 'restore'))) return 'cancelled';
    const roots = refs.map((ref) => ({ root: ref.root, target: ref.id, anchor: anchorOf(thread.entries, ref.root), turns: turnsSince(thread.entries, turnId, ref.root) }));
    const r = await restoreRoots(this.snapshots, roots, question, this.confirmRestore);
    if (r.status === 'unchanged') return 'unchanged';
    if (r.status !== 'done') return 'cancelled';
    thread.apply({ kind: 'checkpoint_restored', turnId, redo: r.redo });
    return 'restored';
  }

  /** "Redo": back to how the files were just before the restore, again keeping the user's later edits. */
  async redo(thread: ChatThread, turnId: string): Promise<void> {
    const busy = busyReason(thread);
    if (busy) {
      void vscode.window.showInformationMessage(busy);
      return;
    }
    const user = findUser(thread, turnId);
    if (!user?.redo?.length) return;
    if (!(await this.snapshotsThere(user.redo, 'redo'))) return;
    // What the restore left is the message's checkpoint: the user's edits since are told apart from it.
    const roots = user.redo.map((ref) => ({ root: ref.root, target: ref.id, anchor: user.checkpoint?.find((c) => c.root === ref.root)?.id }));
    const r = await restoreRoots(this.snapshots, roots, vscode.l10n.t('Put the files back as they were before the restore?'), this.confirmRestore);
    if (r.status === 'done' || r.status === 'unchanged') thread.apply({ kind: 'checkpoint_redone', turnId });
  }

  private async snapshotsThere(refs: readonly SnapshotRef[], step: 'restore' | 'redo'): Promise<boolean> {
    const gone = await goneRoots(this.snapshots, refs);
    if (gone.length) void vscode.window.showWarningMessage(goneMessage(step, gone, vscode.l10n.t));
    return !gone.length;
  }
}

function changedFiles(root: string, set: ChangeSet): ChangedFile[] {
  return set.files.map((f) => ({ root, path: f.path, ...(f.oldPath ? { oldPath: f.oldPath } : {}), status: f.status, added: f.added, deleted: f.deleted, binary: f.binary }));
}

export function findUser(thread: ChatThread, turnId: string): UserEntry | undefined {
  return thread.entries.find((e): e is UserEntry => e.type === 'user' && e.turnId === turnId);
}

export function findChanges(thread: ChatThread, turnId: string): ChangesEntry | undefined {
  return thread.entries.find((e): e is ChangesEntry => e.type === 'changes' && e.turnId === turnId);
}
