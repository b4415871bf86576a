/**
 * @-mentions in a thread that works in its own worktree (no `vscode` import, unit-tested): a
 * file or folder the user picked in their folder is sent as the same path in the worktree —
 * the only place the agent can reach — and its text is read there, confined to it.
 */
import { pathToFileURL, fileURLToPath } from 'node:url';
import { join, relative, sep, isAbsolute } from 'node:path';
import type { Attachment } from '../../shared/webviewProtocol.js';
import type { MentionSources } from '../../mentions/resolve.js';
import { confinePath } from '../../services/confine.js';
import type { WorktreeRef } from '../../worktrees/types.js';

/** `abs` in the user's repository → the same path in the worktree (undefined outside the repository). */
export function intoWorktree(abs: string, ref: WorktreeRef): string | undefined {
  const rel = relative(ref.repo, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel ? join(ref.path, rel) : ref.path;
}

/** The worktree's path → the user's (for what only the user's folder knows, like the file index). */
export function outOfWorktree(abs: string, ref: WorktreeRef): string | undefined {
  const rel = relative(ref.path, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel ? join(ref.repo, rel.split(sep).join(sep)) : ref.repo;
}

export function attachmentsInWorktree(attachments: readonly Attachment[], ref: WorktreeRef): Attachment[] {
  return attachments.map((a) => {
    if (!a.uri.startsWith('file:')) return a;
    const mapped = intoWorktree(fileURLToPath(a.uri), ref);
    return mapped ? { ...a, uri: pathToFileURL(mapped).toString() } : a;
  });
}

export function worktreeSources(sources: MentionSources, ref: WorktreeRef, read: (abs: string) => Promise<string>): MentionSources {
  return {
    ...sources,
    readWorkspaceText: async (abs) => read((await confinePath(abs, [ref.path])).path),
    listFolder: sources.listFolder && (async (abs, max) => {
      const confined = await confinePath(abs, [ref.path]);
      // The file index covers the user's folder; the worktree holds the same tree.
      const mine = outOfWorktree(confined.path, ref);
      if (!mine) throw new Error(`${abs} is outside the worktree.`);
      return sources.listFolder!(mine, max);
    }),
  };
}
