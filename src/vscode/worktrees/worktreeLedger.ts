/**
 * The worktrees this workspace made, kept in workspace state from just before `git worktree
 * add` until the worktree is removed: what the clean-up at activation checks against the tabs,
 * so a crash at any point (even between making the folder and saving the tab) leaves nothing.
 */
import type * as vscode from 'vscode';
import { parseWorktreeRef, type WorktreeRef } from '../../worktrees/types.js';

const KEY = 'agentChat.worktrees.v1';

export class WorktreeLedger {
  constructor(private readonly state: vscode.Memento) {}

  all(): WorktreeRef[] {
    const raw = this.state.get<unknown>(KEY);
    return Array.isArray(raw) ? raw.map(parseWorktreeRef).filter((r): r is WorktreeRef => r !== undefined) : [];
  }

  async add(ref: WorktreeRef): Promise<void> {
    await this.state.update(KEY, [...this.all().filter((r) => r.path !== ref.path), ref]);
  }

  async remove(path: string): Promise<void> {
    await this.state.update(KEY, this.all().filter((r) => r.path !== path));
  }
}
