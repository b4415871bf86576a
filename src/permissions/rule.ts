/**
 * An auto-approve rule: one agent, one workspace, one kind of action, one scope. Rules are the
 * user's own, made from a permission card or edited in the rules list; they only ever answer
 * with an allow option the agent itself offered.
 */
import type { RuleAction } from './requestTarget.js';
import { placeIn, type PathFlavor } from './platformPaths.js';

export type RuleScope =
  /** Anywhere inside the workspace folders. */
  | { type: 'workspace' }
  /** This file, or this folder and everything below it (absolute). */
  | { type: 'path'; path: string; folder: boolean }
  /** Exactly this command line, nothing more or less. */
  | { type: 'command'; command: string };

export interface AutoApproveRule {
  id: string;
  /** The agent's name as configured (`agentChat.agents[].name`). */
  agent: string;
  /** Which workspace the rule belongs to (see `workspaceKey`). */
  workspace: string;
  action: RuleAction;
  scope: RuleScope;
  /** Epoch ms. */
  created: number;
}

/** A rule before it is saved: what the card offers. */
export type RuleDraft = Omit<AutoApproveRule, 'id' | 'created'>;

const NOUNS: Record<RuleAction, string> = {
  read: 'reads',
  edit: 'edits',
  delete: 'deletions',
  move: 'moves and renames',
  search: 'searches',
  execute: 'running',
};

/**
 * The rule in words, without "Allow": "edits under src/", "reads inside this workspace",
 * "running `npm test` in a terminal". Paths are shown below their workspace folder (with the
 * folder's name when the workspace has several).
 */
export function scopeText(rule: Pick<AutoApproveRule, 'action' | 'scope'>, roots: readonly string[], flavor: PathFlavor): string {
  const noun = NOUNS[rule.action];
  const scope = rule.scope;
  switch (scope.type) {
    case 'workspace':
      return `${noun} inside this workspace`;
    case 'command':
      return `running \`${scope.command}\` in a terminal`;
    case 'path': {
      const shown = shownPath(scope.path, roots, flavor);
      return scope.folder ? `${noun} under ${shown}${shown.endsWith('/') ? '' : '/'}` : `${noun} of ${shown}`;
    }
  }
}

export function ruleTitle(rule: Pick<AutoApproveRule, 'action' | 'scope'>, roots: readonly string[], flavor: PathFlavor): string {
  return `Allow ${scopeText(rule, roots, flavor)}`;
}

/** A path as a person reads it: below its root with `/` separators, else as given. */
export function shownPath(p: string, roots: readonly string[], flavor: PathFlavor): string {
  const place = placeIn(flavor, roots, p);
  if (!place) return p;
  const below = place.below.join('/');
  if (roots.length <= 1) return below || '/';
  const rootName = flavor.path.basename(place.root);
  return below ? `${rootName}/${below}` : `${rootName}/`;
}
