/** Public command ids and context keys (DESIGN.md "Public contract"; package.json contributes them). */
export const CommandId = {
  open: 'agentChat.open',
  newSession: 'agentChat.newSession',
  selectAgent: 'agentChat.selectAgent',
  cancel: 'agentChat.cancel',
  restartAgent: 'agentChat.restartAgent',
  showLog: 'agentChat.showLog',
  showHistory: 'agentChat.showHistory',
  searchThreads: 'agentChat.searchThreads',
  logout: 'agentChat.logout',
  reviewChanges: 'agentChat.reviewChanges',
  restoreCheckpoint: 'agentChat.restoreCheckpoint',
  toggleFollow: 'agentChat.toggleFollow',
  addAgent: 'agentChat.addAgent',
  manageRules: 'agentChat.manageRules',
  /** The rules view's inline actions (hidden from the palette: they need a rule). */
  editRule: 'agentChat.editRule',
  revokeRule: 'agentChat.revokeRule',
  /** Worktree threads (vscode/worktrees/worktreeCommands.ts). */
  newWorktreeSession: 'agentChat.newWorktreeSession',
  applyWorktree: 'agentChat.applyWorktree',
  discardWorktree: 'agentChat.discardWorktree',
  commitWorktree: 'agentChat.commitWorktree',
  openWorktree: 'agentChat.openWorktree',
  worktreeChanges: 'agentChat.worktreeChanges',
  /** The header's budget button: a budget for the shown session (vscode/budget/budgetCommands.ts). */
  setSessionBudget: 'agentChat.setSessionBudget',
  /** The shown tab's conversation goes on with another agent (vscode/tabs/continueWith.ts). */
  continueWith: 'agentChat.continueWith',
} as const;

export const ContextKey = {
  /** True while a turn runs: enables Escape → cancel in the chat view. */
  turnRunning: 'agentChat.turnRunning',
  /** True while the shown tab works in its own worktree: its Apply / Discard in the view's menu. */
  worktreeTab: 'agentChat.worktreeTab',
} as const;
