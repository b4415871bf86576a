/**
 * Where worktree threads live and which agents get one for every new session. Read from user
 * settings only: a repository's own settings must not choose where Agent Chat writes folders.
 */
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const WORKTREE_FOLDER_KEY = 'worktreeFolder';

/**
 * `agentChat.worktreeFolder` (absolute, `~` for home), else `<storage>/worktrees` — the
 * extension's storage for this workspace, never inside the user's folder.
 */
export function worktreeParentDir(storageDir: string): { dir: string; own: boolean } {
  const raw = vscode.workspace.getConfiguration('agentChat').inspect<unknown>(WORKTREE_FOLDER_KEY)?.globalValue;
  if (typeof raw === 'string' && raw.trim()) {
    const path = raw.trim().replace(/^~(?=$|[\\/])/, homedir());
    if (isAbsolute(path)) return { dir: path, own: false };
  }
  return { dir: join(storageDir, 'worktrees'), own: true };
}

/** `"worktree": true` on the agent's entry in `agentChat.agents`: New Session opens in a worktree. */
export function agentWantsWorktree(agentName: string | undefined): boolean {
  if (!agentName) return false;
  const agents = vscode.workspace.getConfiguration('agentChat').inspect<unknown>('agents')?.globalValue;
  if (!agents || typeof agents !== 'object') return false;
  const entry = (agents as Record<string, unknown>)[agentName];
  return !!entry && typeof entry === 'object' && (entry as Record<string, unknown>).worktree === true;
}
