/**
 * The host ↔ webview contract for the chat panel. One union per direction.
 *
 * The host owns the truth (thread + session facts); the webview is a projection. On every page
 * load the webview sends `ready`; the host answers with a full `snapshot` and then streams
 * `rows` / `session` updates, batched per animation frame. Messages to a hidden view are
 * dropped: the next `ready` gets a fresh snapshot, so nothing is lost.
 */
import type { StopTarget } from '../protocol/events.js';
import type { ChildRowChange, RowChange, SessionFacts, SubagentEntry, ThreadEntry } from '../thread/types.js';
import type { WorkspaceFolderRef } from './workspacePaths.js';

/** How an agent is doing, rendered in the panel header and the status bar. */
export type AgentStatus =
  | { state: 'none' }
  | { state: 'starting'; agentName: string }
  | {
      state: 'ready';
      agentName: string;
      agentTitle?: string;
      protocolVersion: number;
      /** What a person reads: "ACP v1", "A2A v1.0", "A2A v0.3". */
      protocol: string;
      /** A remote (A2A) agent: turns are tasks on a server. */
      remote?: boolean;
      /** The agent offers `session/fork`: "Fork from here" can copy a conversation into a new tab. */
      forks?: boolean;
      /** What the agent says it can do (an A2A agent card); shown in an empty thread. */
      about?: AgentAbout;
    }
  | {
      state: 'failed';
      agentName: string;
      /** One line: what went wrong. */
      reason: string;
      /** What the user can do about it. */
      fix?: string;
      /** The command line that was run, for the record. */
      commandLine?: string;
      exitCode?: number | null;
      stderrTail?: string;
      /** It stopped at its login (e.g. the user dismissed the chooser): the panel offers "Log in". */
      needsLogin?: boolean;
      /** Held back because the workspace is not trusted: the panel offers the trust editor. */
      untrusted?: boolean;
    }
  | { state: 'exited'; agentName: string; reason: string; exitCode?: number | null; stderrTail?: string; commandLine?: string; signal?: string };

export interface AgentChoice {
  name: string;
  /** Where it comes from: the user's settings, a built-in preset, or the example agent. */
  source: 'settings' | 'preset' | 'example';
  /** The agent's own description once it is known (a remote agent's card), shown as the option's tooltip. */
  description?: string;
  /** What a person calls it, when that is not `name` (a preset's title; a running agent's own title or a remote agent's card name). */
  title?: string;
}

/** An agent's description and skills as its card declares them (agent text: rendered as plain text only). */
export interface AgentAbout {
  description?: string;
  skills: AgentSkill[];
}

export interface AgentSkill {
  name: string;
  description?: string;
  /** Example prompts; the panel offers each as a button that fills the composer. */
  examples: string[];
}

/** What the composer may attach or send, from the agent's `promptCapabilities`. */
export interface ComposerCapabilities {
  image: boolean;
  audio: boolean;
  embeddedContext: boolean;
}

/** One session tab of the panel (the tab strip shows every open conversation). */
export interface SessionTabInfo {
  id: string;
  title: string;
  /** The agent the tab talks to (tabs of different agents run side by side). */
  agentName?: string;
  /**
   * `closed`: no live session (ended, agent gone, or a read-only saved conversation).
   * `restored`: brought back from the previous window with a session its agent may pick up
   * again; the first prompt there reopens it (no agent is started until then).
   * `answer`: the agent's task waits for the user's answer (A2A input-required or
   * auth-required); unlike `waiting` (a permission question) the next prompt is sent, not queued.
   */
  state: 'idle' | 'running' | 'waiting' | 'answer' | 'closed' | 'restored';
  /** The tab's thread works in its own git worktree on this branch (`agent/<short-title>`). */
  branch?: string;
  /**
   * Names the tab's thread for what the page remembers of it (folds opened, forms half filled
   * in): the saved conversation's id once it has one, so the same after a window reload; until
   * then one that no other thread has. A new thread in the tab (cleared, reopened) gets another.
   */
  threadKey?: string;
}

export interface SessionTabs {
  tabs: SessionTabInfo[];
  activeId: string;
}

export interface PanelSnapshot {
  agent: AgentStatus;
  agents: AgentChoice[];
  /** The active tab's thread. */
  entries: ThreadEntry[];
  /**
   * The rows of its subagents' threads (children of children too), by child session id. The
   * extension sends none here: a card's rows come (`childRows`) when the page opens it.
   */
  children?: Record<string, ThreadEntry[]>;
  /** Every subagent's id, at any depth (what is remembered of rows inside cards is kept for them). */
  childIds?: string[];
  /** Questions waiting in subagents' threads, shown at the top of the thread. */
  asks?: ChildAsk[];
  session: SessionFacts;
  composer: ComposerCapabilities;
  /** Every tab; absent from hosts that predate tabs (the strip stays hidden). */
  tabs?: SessionTabs;
  /** "Follow the agent" is on: tool-call locations open in the editor as they arrive. */
  follow?: boolean;
  /** `agentChat.foldToolCalls`: runs of finished uneventful tool calls show as one line (absent: on). A change sends a new snapshot. */
  foldToolCalls?: boolean;
  /** The workspace folders, so paths are shown relative to them (shared/workspacePaths.ts); a change sends a new snapshot. */
  roots?: WorkspaceFolderRef[];
}

/** Host → webview. */
export type HostToWebview =
  | QueueHostToWebview
  /** Answer to `ready`: everything needed to draw the panel from nothing. */
  | { type: 'snapshot'; snapshot: PanelSnapshot }
  /**
   * Row changes since the last message, in order (batched per frame); `children`: inside the
   * subagent cards the page has open (`childOpen`); `asks`: question rows of any subagent, and
   * the changes that settle them.
   */
  | { type: 'rows'; changes: RowChange[]; children?: ChildRowChange[]; asks?: ChildAsk[] }
  /** A subagent's whole thread, after the page opened its card: replaces what the page had of it. */
  | { type: 'childRows'; childId: string; entries: ThreadEntry[] }
  /** Session facts changed (turn state, usage, commands, modes, config, title). */
  | { type: 'session'; session: SessionFacts }
  /** Agent lifecycle changed (starting, ready, failed, exited) or the agent list changed. */
  | { type: 'agent'; agent: AgentStatus; agents: AgentChoice[]; composer: ComposerCapabilities }
  /** Add an attachment chip to the composer (from "attach active file/selection"). */
  | { type: 'attach'; attachment: Attachment }
  /** Focus the composer input (after `agentChat.open`). */
  | { type: 'focusComposer' }
  /** A tab was added, closed, renamed or changed state; switching tabs also sends a `snapshot`. */
  | { type: 'tabs'; tabs: SessionTabs }
  /**
   * Completions for the `mentionQuery` with this id (sent again, complete, when slower sources
   * such as workspace symbols answer). The webview ignores ids other than its latest query.
   */
  | { type: 'mentionResults'; id: number; items: Attachment[] }
  /**
   * Scroll the shown thread to a row and highlight it briefly (a thread search hit). Sent after
   * the snapshot of the thread that holds it; a row not drawn yet is drawn first.
   */
  | { type: 'revealEntry'; entryId: string }
  /** "Follow the agent" was turned on or off (header toggle, command, another window's state). */
  | { type: 'follow'; on: boolean }
  /** The auto-approve rules in force (ids), after a snapshot and whenever they change. */
  | { type: 'rules'; active: string[] }
  /** A tab's spend against its budget, after a snapshot (the shown tab) and whenever it changes (any tab). */
  | { type: 'budget'; tabId: string; budget: BudgetView }
  /** A prompt that was not sent (over budget, the user cancelled): back into the composer, before any draft. */
  | { type: 'returnPrompt'; text: string; attachments: Attachment[]; images: Array<{ mimeType: string; data: string }> };

/** The header's budget button: spend against budget in a few words, how it stands, and a longer line for its tooltip. */
export interface BudgetView {
  /** `none`: no budget; `noCost`: the agent reports no cost; `otherCurrency`: not comparable; `warn`: ≥ 80%; `over`: ≥ 100%. */
  level: 'none' | 'noCost' | 'otherCurrency' | 'under' | 'warn' | 'over';
  /** "$0.42 of $1.00", "no cost reported", "$0.42" without a budget; empty when there is nothing to say. */
  text: string;
  detail: string;
}

/**
 * Something the user attached or @-mentioned; the host turns it into prompt blocks
 * (src/mentions/resolve.ts). Without `kind` it is a file or selection from the editor.
 */
export interface Attachment {
  /**
   * A file or folder: its absolute `file:` URI (a symbol's or a file's problems too). The other
   * kinds have a fixed `agent-chat:` URI: `agent-chat:/problems/all`, `agent-chat:/terminal/last-command`,
   * `agent-chat:/git/staged`, `agent-chat:/git/unstaged`, `agent-chat:/threads/<id>`.
   */
  uri: string;
  /** What the chip shows (a file name, a symbol name, "Problems (all files)"). */
  name: string;
  /** 1-based inclusive line range: a selection, or a symbol's lines. */
  range?: { startLine: number; endLine: number };
  /** What was mentioned; absent for the editor's attach buttons (a file or selection). */
  kind?: MentionKind;
  /** The chip's tooltip and the completion row's second line (a path, where a symbol is). */
  detail?: string;
}

/** What an @-mention can name. `editor` is an open editor tab (sent as its file). */
export type MentionKind = 'file' | 'folder' | 'symbol' | 'problems' | 'editor' | 'terminal' | 'git' | 'thread';

/** A subagent's question (a permission request's tool call or an elicitation), or the change that settles it. */
export interface ChildAsk {
  childId: string;
  entry: ThreadEntry;
  /** The child's card, for its name (absent if it was never announced). */
  card?: SubagentEntry;
}

/** Webview → host. */
export type WebviewToHost =
  | QueueWebviewToHost
  | StopWorkWebviewToHost
  /** The page (re)loaded and wants a snapshot. */
  | { type: 'ready' }
  /** A subagent card was opened (send its rows, then its changes) or folded or left the page (stop). */
  | { type: 'childOpen'; childId: string; open: boolean }
  /** Send a prompt. `images` are pasted images (base64, no data: prefix). */
  | {
      type: 'send';
      text: string;
      attachments: Attachment[];
      images: Array<{ mimeType: string; data: string }>;
    }
  /** Stop button or Escape while a turn runs. */
  | { type: 'cancel' }
  | { type: 'answerPermission'; requestId: string; optionId: string }
  /** "Always allow …" on a permission card: make the rule it offers and answer with its allow option. */
  | { type: 'allowAlways'; requestId: string }
  /** "Revoke rule" on a card a rule answered. */
  | { type: 'revokeRule'; ruleId: string }
  /** The user's answer to an elicitation row: a filled-in form (accept), decline, or cancel; for a page, accept = open it. */
  | { type: 'answerElicitation'; requestId: string; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
  /** Open a tool call's diff (content index) in VS Code's diff editor. */
  /** `childId`: the tool call is a subagent's (its ids are its own, and may repeat the parent's). */
  | { type: 'openDiff'; toolCallId: string; contentIndex: number; childId?: string }
  /** Open a file location from a tool call (absolute path, 1-based line). */
  | { type: 'openLocation'; path: string; line?: number | null }
  /** A link in agent content was clicked; the host checks the scheme before opening. */
  | { type: 'openLink'; href: string }
  /** The Open button of a plan given as a file (its URI); the host opens it only inside a workspace folder. */
  | { type: 'openPlanFile'; uri: string }
  | { type: 'copy'; text: string }
  | { type: 'insertAtCursor'; text: string }
  /** Ask the host to attach the active editor's file or selection. */
  | { type: 'attachActive'; selectionOnly: boolean }
  | { type: 'selectAgent'; name?: string }
  | { type: 'newSession' }
  | { type: 'restartAgent' }
  | { type: 'showLog' }
  /** "Log in" on a failure panel or on a turn refused for want of a login. */
  | { type: 'logIn' }
  /** "Manage Workspace Trust" on the panel of an agent held back in an untrusted workspace. */
  | { type: 'manageTrust' }
  | { type: 'openSettings' }
  /**
   * The mode picker changed (`session/set_mode`). Sent only when the session has modes and no
   * `mode`-category config option; the host answers with a `session` message once the agent agreed.
   */
  | { type: 'setMode'; modeId: string }
  /**
   * A config option picker changed (`session/set_config_option`): a select's value id, or a
   * boolean toggle's new state. The agent's answer replaces the whole option list.
   */
  | { type: 'setConfigOption'; configId: string; value: string | boolean }
  /**
   * A turn's changed files (the `changes` row): open one in the diff editor (`review`), keep
   * or undo one (`path` set) or all of them (`path` absent); `root` + `path` name the file.
   */
  | { type: 'reviewChanges'; turnId: string; action: 'review' | 'keep' | 'undo'; root?: string; path?: string }
  /** Undo one hunk of a changed file, named by its place in the old text and its sizes. */
  | { type: 'undoHunk'; turnId: string; root: string; path: string; oldStart: number; oldCount: number; newCount: number }
  /**
   * "Fork from here" on the latest turn's message: a new tab with the conversation so far, bound
   * to a copy of the session (`session/fork`); this tab stays as it is.
   */
  | { type: 'forkFromHere'; turnId: string }
  /** "Restore to here" on a user message (`restore`), or "Redo" after such a restore. */
  | { type: 'checkpoint'; turnId: string; action: 'restore' | 'redo' | 'edit' }
  /** Show another tab's conversation (the host answers with a `snapshot`). */
  | { type: 'switchTab'; id: string }
  /** Close a tab: its session ends (`session/close` when the agent supports it). */
  | { type: 'closeTab'; id: string }
  /** The shown tab's worktree branch was pressed: its changes and the ways on (Apply, Commit, Open, Discard). */
  | { type: 'worktreeChanges' }
  /** The user typed `@text` in the composer (debounced); a newer query cancels the older. */
  | { type: 'mentionQuery'; id: number; text: string }
  /** Files or folders dropped on the composer (`text/uri-list`); the host answers with `attach` per one it accepts. */
  | { type: 'dropUris'; uris: string[] }
  /** The header's "Follow the agent" toggle was pressed: the state it asks for. */
  | { type: 'setFollow'; on: boolean }
  /** The user types in the composer (at most one every few hundred ms): follow reveals wait. */
  | { type: 'composerTyping' }
  /** The header's budget button was pressed: set the shown session's budget. */
  | { type: 'setBudget' };

// ── Prompt queue ─────────────────────────────────────────────────────────────────────────────
// A prompt written while a turn runs waits in the host (per tab, so it survives a hidden or
// reloaded view) and goes out when that turn ends normally.

/** A prompt waiting for its tab's running turn to end. */
export interface QueuedPrompt {
  id: string;
  text: string;
  attachments: Attachment[];
  images: Array<{ mimeType: string; data: string }>;
  /**
   * `queued`: sent by itself when the running turn ends with `end_turn`.
   * `held`: the turn ended otherwise (cancelled, failed, refused…): it waits for Send or Remove.
   */
  state: 'queued' | 'held';
  /** Why it is held, in a few words ("the turn was cancelled"). */
  heldReason?: string;
}

/** Host → webview: the shown tab's queue, after every change and in answer to `getQueue`. */
export type QueueHostToWebview = { type: 'queue'; tabId: string; items: QueuedPrompt[] };

/** Webview → host. */
export type QueueWebviewToHost =
  /** Enter while a turn runs: queue the prompt (sent at once if the turn already ended). */
  | { type: 'queuePrompt'; text: string; attachments: Attachment[]; images: Array<{ mimeType: string; data: string }> }
  /**
   * Send now what was written while a turn runs, instead of queueing it: `steer` — an agent that
   * takes a prompt while working gets it in the running turn, any other is stopped first (its
   * partial answer stays) and gets it after; `stop` — stop the turn, then send. Sent the ordinary
   * way when the turn already ended.
   */
  | { type: 'sendWhileWorking'; how: 'steer' | 'stop'; text: string; attachments: Attachment[]; images: Array<{ mimeType: string; data: string }> }
  /** Remove a queued prompt (discarded, or taken back into the composer to edit). */
  | { type: 'unqueuePrompt'; id: string }
  /** Send a held prompt now (queued again if a turn is running). */
  | { type: 'sendQueued'; id: string }
  /** The page got a snapshot and wants the shown tab's queue. */
  | { type: 'getQueue' };

// ── Stopping one piece of work (v2) ─────────────────────────────────────────────────────────
// A tool call or agent-owned terminal that advertises `capabilities.cancel` has a Stop button;
// the turn goes on. The host sends `tool_call/cancel` / `terminal/cancel`; the row shows
// "Stopping…" until the agent reports how the work ended, or the agent's refusal.

/** Webview → host. */
export type StopWorkWebviewToHost =
  /** The Stop button of a tool call card or terminal was pressed (shown tab). */
  { type: 'stopWork'; target: StopTarget }
  /** The Stop button of a subagent's card (shown tab): `session/cancel` for that child alone. */
  | { type: 'stopSubagent'; childId: string };
