/**
 * Whether a rule covers a resolved target. A path rule must cover every path both as named and
 * as it really is (a link inside `src/` that points to `docs/` is not covered by "edits under
 * src/"); a command rule covers exactly its command line.
 */
import type { AutoApproveRule } from './rule.js';
import type { RequestTarget } from './requestTarget.js';
import type { ResolvedTarget } from './resolveTarget.js';
import { comparable, isInside, type PathFlavor } from '../services/platformPaths.js';

export interface MatchEnv {
  flavor: PathFlavor;
  realPath: (p: string) => Promise<string>;
}

export async function ruleCovers(
  rule: AutoApproveRule,
  target: RequestTarget,
  resolved: Extract<ResolvedTarget, { ok: true }>,
  env: MatchEnv,
): Promise<boolean> {
  if (target.type === 'consult') return rule.action === 'consult' && rule.scope.type === 'agent' && rule.scope.agent === target.agent;
  if (target.type === 'command') {
    return rule.action === 'execute' && rule.scope.type === 'command' && rule.scope.command === target.command;
  }
  // The name exactly (a tool rule never covers a file action or a command: those have their own scopes).
  if (target.type === 'tool') return rule.action === 'tool' && rule.scope.type === 'tool' && rule.scope.name === target.name;
  if (rule.action !== target.action || resolved.type !== 'files') return false;
  const scope = rule.scope;
  switch (scope.type) {
    case 'command':
    case 'tool':
    case 'agent':
      return false;
    case 'workspace':
      // resolveTarget already refused anything outside the workspace folders.
      return true;
    case 'path': {
      const realScope = await env.realPath(scope.path).catch(() => scope.path);
      const covers = (base: string, p: string) => (scope.folder ? isInside(env.flavor, base, p) : comparable(env.flavor, base) === comparable(env.flavor, p));
      return resolved.paths.every(({ path, real }) => covers(scope.path, path) && covers(realScope, real));
    }
  }
}
