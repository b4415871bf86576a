/**
 * What the context's parts share: the services handed in at activation, and the core the
 * context wires from them (tabs, agent pool, session opener) with the few decisions every
 * part needs (the active tab's agent, which agent a start goes to, opening a tab's session).
 */
import type { PermissionAdvisor } from '../../agents/acp/permissions/permissionAdvice.js';
import type { EditorToolsOptions } from '../../agents/acp/editorTools/sessionEditorTools.js';
import type { CheckpointService } from '../review/checkpointService.js';
import type { ReviewActions } from '../review/reviewActions.js';
import type * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/api.js';
import type { FileSystemHost } from '../../services/hostServices.js';
import type { McpParseResult } from '../../agents/acp/mcp/parse.js';
import type { TranscriptStore } from '../../history/store.js';
import type { MentionSources } from '../../mentions/resolve.js';
import type { AgentStatus } from '../../shared/webviewProtocol.js';
import type { SessionFacts } from '../../thread/types.js';
import type { LaunchAgent } from '../agents/agentPort.js';
import type { AgentPool } from './agentPool.js';
import type { AgentSecrets } from '../agents/agentSecrets.js';
import type { AgentSlot } from '../agents/agentSlot.js';
import type { ProtocolLog } from '../protocolLog.js';
import type { SessionOpener } from './sessionOpener.js';
import type { SessionTabList } from './sessionTabList.js';
import type { ThreadStore } from '../thread/threadStore.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import type { ComposedPrompt } from './promptBlocks.js';

/** Everything the status bar and the `agentChat.turnRunning` context key render from. */
export interface ChatStatus {
  agent: AgentStatus;
  turnRunning: boolean;
  waitingForPermission: boolean;
  waitingForInput?: 'input' | 'auth';
  usage: SessionFacts['usage'];
  sessionTitle?: string | null;
}

export interface ContextDeps {
  extensionPath: string;
  /** Extension-private workspace storage (never the repository's files). */
  state: vscode.Memento;
  launch: LaunchAgent;
  fs: FileSystemHost;
  log: ProtocolLog;
  /** Variables entered at an env-var login (SecretStorage), set on the agent at each start. */
  secrets?: AgentSecrets;
  store: ThreadStore;
  /** Every session's conversation is kept here for the history list (optional in tests). */
  transcripts?: TranscriptStore;
  /** MCP servers to hand each new, loaded or resumed session (settings + trusted mcp.json). */
  mcpServers?: () => Promise<McpParseResult>;
  /** Checkpoints before each prompt and the review of each turn's changes (optional in tests). */
  review?: ReviewWiring;
  /** Where @-mentions' text comes from (files, problems, terminal, git, threads); absent: attachments read through `fs` only. */
  mentionSources?: MentionSources;
  /** The user's auto-approve rules, asked before each permission card (absent: every request asks). */
  permissionAdvisor?: (agentName: string) => PermissionAdvisor;
  /** The editor tools MCP server for ACP v2 agents' sessions (absent: not offered). */
  editorTools?: EditorToolsOptions;
  /**
   * A tab with its own worktree is closing for good: asks, ends the tab's session (`endSession`),
   * then removes the worktree (and its branch unless kept). False: the user cancelled, the tab
   * and its session stay (absent: the tab just closes).
   */
  closeWorktree?: (worktree: WorktreeRef, title: string, endSession: () => Promise<void>) => Promise<boolean>;
  /**
   * Asked before each prompt goes to a tab's session (the budget, vscode/budget/): false keeps
   * it from being sent — the gate then gives it back to the composer (absent: always sent).
   */
  promptGate?: (tabId: string, prompt: ComposedPrompt) => Promise<boolean>;
}

export interface ReviewWiring {
  checkpoints: CheckpointService;
  actions: ReviewActions;
}

export interface ChatCore {
  readonly deps: ContextDeps;
  readonly tabs: SessionTabList;
  readonly pool: AgentPool;
  readonly opener: SessionOpener;
  /** The active tab's agent (a stand-in with state `none` when it has none running). */
  readonly slot: AgentSlot;
  /** The agent a start without an explicit choice goes to (the active tab's, the last, the preferred). */
  defaultChoice(): AgentConfig;
  /** Starts `config` for the active tab (its agent restarts; another agent gets a tab). */
  start(config: AgentConfig, cancel?: vscode.CancellationToken): Promise<AgentStatus>;
  /** Starts the active tab's agent unless it runs (or is starting, or failed). */
  ensureStarted(): Promise<void>;
  /** The previous window's tabs are back (their rows loaded). */
  readonly restored: Promise<void>;
  /** The status bar's inputs may have changed. */
  fireStatus(): void;
}
