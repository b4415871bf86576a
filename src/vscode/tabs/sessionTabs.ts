/**
 * One tab of the panel: a thread, the agent it talks to and the session feeding it (if any).
 * Tabs of one agent share its process; each keeps its own rows, turn state and pending
 * permissions, so a turn keeps running in a tab the user switched away from.
 */
import type { SessionTabInfo } from '../../shared/webviewProtocol.js';
import type { LiveSession } from '../agents/agentPort.js';
import type { ChatThread } from '../thread/chatThread.js';
import { DisposableScope } from '../disposables.js';
import type { TabBudget, TranscriptRef } from './openTabs.js';
import { threadKey } from './threadKey.js';
import type { SessionNote } from './sessionOpener.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import { t } from '../translate.js';

let nextTab = 0;

export class SessionTab {
  readonly id = `tab-${++nextTab}`;
  session: LiveSession | undefined;
  /** The agent this tab talks to (undefined until one is started for it). */
  agentName: string | undefined;
  /** Lives as long as the tab's current session (its listeners, its transcript recording). */
  scope = new DisposableScope();
  /** The saved conversation the rows belong to (kept after the session ends, so the next window finds them). */
  transcript: TranscriptRef | undefined;
  /**
   * Brought back from the previous window: the session to pick up again when the user first
   * sends here (undefined sessionId: nothing to pick up, so a fresh session and a note).
   * Cleared once a session opens on the tab.
   */
  pickUp: { sessionId: string | undefined } | undefined;
  /** The latest session open for this tab while it runs (a newer one supersedes older ones). */
  pendingOpen: Promise<unknown> | undefined;
  /** Shown in the strip until the restored rows are loaded. */
  restoredTitle: string | undefined;
  /**
   * The thread works in its own git worktree: its sessions open there and are confined to it
   * (sessionOpener.ts), and it is removed with the tab unless applied or kept (vscode/worktrees/).
   */
  worktree: WorktreeRef | undefined;
  /**
   * The conversation goes on with another agent ("Continue with another agent…"): what the
   * thread says above the new session (`note`, taken by the next open of a fresh session); the
   * first prompt to that session (`session`, set once it opened) carries the conversation shown
   * above it as context. Any other session of the tab gets no seed.
   */
  handOff: { note: SessionNote; session?: LiveSession } | undefined;
  /** The budget set for this tab's session from the header (vscode/budget/); kept with the tab across reloads. */
  budget: TabBudget | undefined;
  /** Conversations this tab let go of: a thread shown without a saved one is named by it (threadKey.ts). */
  private forgotten = 0;

  constructor(readonly thread: ChatThread) {}

  /** Ends the session scope and starts a fresh one for the next session. */
  renewScope(): DisposableScope {
    this.scope.dispose();
    return (this.scope = new DisposableScope());
  }

  /** The rows shown no longer belong to a saved conversation (cleared, or replaced by another). */
  forgetConversation(): void {
    this.forgotten++;
    this.transcript = undefined;
    this.pickUp = undefined;
    this.restoredTitle = undefined;
  }

  /** Brought back with a session of its own agent to pick up when the user sends here (tabActions.ts `attach`). */
  get canPickUp(): boolean {
    return this.pickUp?.sessionId !== undefined && this.transcript?.agentName === this.agentName;
  }

  info(): SessionTabInfo {
    const facts = this.thread.session;
    const state: SessionTabInfo['state'] = !this.session ? (this.canPickUp ? 'restored' : 'closed')
      : this.thread.waitingForPermission ? 'waiting'
      : this.thread.turnRunning ? 'running'
      : this.thread.waitingForInput ? 'answer'
      : 'idle';
    const title = facts.title || firstPrompt(this.thread) || this.restoredTitle || t('New session');
    const key = threadKey(this.transcript, this.id, this.forgotten);
    return { id: this.id, title, state, threadKey: key, ...(this.agentName ? { agentName: this.agentName } : {}), ...(this.worktree ? { branch: this.worktree.branch } : {}) };
  }

  dispose(): void {
    this.scope.dispose();
    this.thread.dispose();
  }
}

function firstPrompt(thread: ChatThread): string | undefined {
  for (const entry of thread.entries) {
    if (entry.type !== 'user') continue;
    const text = entry.content.find((b) => b.type === 'text');
    if (text && text.type === 'text' && text.text.trim()) return text.text.trim().split('\n')[0]!.slice(0, 40);
  }
  return undefined;
}
