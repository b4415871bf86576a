/**
 * The git side of worktree threads for the editor: inspect a folder, make a worktree (recorded
 * in the ledger first), list what its branch changed, remove it, and clean up at activation what
 * no tab holds any more. The plumbing itself is `src/worktrees/` (no `vscode`).
 */
import { gitIn, type GitIn } from '../../worktrees/worktreeGit.js';
import { inspectFolder, type Inspection, type RepoFacts } from '../../worktrees/inspect.js';
import { createWorktree } from '../../worktrees/create.js';
import { branchChanges, commitOnBranch, type BranchChange } from '../../worktrees/changes.js';
import { pruneOrphans, removeWorktree } from '../../worktrees/remove.js';
import type { WorktreeRef } from '../../worktrees/types.js';
import type { WorktreeLedger } from './worktreeLedger.js';

export interface WorktreeServiceDeps {
  ledger: WorktreeLedger;
  /** Where new worktrees go; `own`: a folder only this workspace uses (so anything there no tab holds is ours to remove). */
  parentDir(): { dir: string; own: boolean };
  log(line: string): void;
  run?: GitIn;
}

export class WorktreeService {
  readonly run: GitIn;

  constructor(private readonly deps: WorktreeServiceDeps) {
    this.run = deps.run ?? gitIn();
  }

  inspect(folder: string): Promise<Inspection> {
    return inspectFolder(this.run, folder);
  }

  async create(facts: RepoFacts, title: string, carry: boolean): Promise<WorktreeRef> {
    let recorded: WorktreeRef | undefined;
    try {
      return await createWorktree(this.run, {
        facts, title, carry, parentDir: this.deps.parentDir().dir,
        beforeAdd: async (ref) => {
          recorded = ref;
          await this.deps.ledger.add(ref);
        },
      });
    } catch (error) {
      // Whatever `git worktree add` left half made goes now, not at the next window.
      if (recorded) await this.remove(recorded).catch(() => undefined);
      throw error;
    }
  }

  changes(ref: WorktreeRef): Promise<{ tree: string; changes: BranchChange[] }> {
    return branchChanges(this.run, ref);
  }

  commit(ref: WorktreeRef, message: string): Promise<string | undefined> {
    return commitOnBranch(this.run, ref, message);
  }

  async remove(ref: WorktreeRef, keepBranch = false): Promise<void> {
    await removeWorktree(this.run, ref, { keepBranch });
    await this.deps.ledger.remove(ref.path);
    this.deps.log(`worktree ${ref.path} removed${keepBranch ? `, branch ${ref.branch} kept` : ` with branch ${ref.branch}`}`);
  }

  /** Whether any worktree was made here (nothing to clean, no git to run, when none was). */
  get anyRecorded(): boolean {
    return this.deps.ledger.all().length > 0;
  }

  /**
   * Removes what no tab holds: the ledger's worktrees not in `keep` (made before a crash, or
   * whose tab is gone), and in their repositories anything else in this workspace's own folder.
   */
  async pruneOrphans(keep: readonly WorktreeRef[]): Promise<string[]> {
    const kept = new Set(keep.map((r) => r.path));
    const removed: string[] = [];
    const repos = new Set<string>(keep.map((r) => r.repo));
    for (const ref of this.deps.ledger.all()) {
      repos.add(ref.repo);
      if (kept.has(ref.path)) continue;
      try {
        await this.remove(ref);
        removed.push(ref.branch);
      } catch (error) {
        this.deps.log(`stray worktree ${ref.path} not removed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const parent = this.deps.parentDir();
    if (parent.own) {
      for (const repo of repos) {
        removed.push(...await pruneOrphans(this.run, repo, parent.dir, kept).catch((error: unknown) => {
          this.deps.log(`worktrees of ${repo} not checked: ${error instanceof Error ? error.message : String(error)}`);
          return [];
        }));
      }
    }
    return removed;
  }
}
