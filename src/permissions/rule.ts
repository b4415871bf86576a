/**
 * An auto-approve rule: one agent, one workspace, one kind of action, one scope. Rules are the
 * user's own, made from a permission card or edited in the rules list; they only ever answer
 * with an allow option the agent itself offered.
 */
import type { RuleAction } from './requestTarget.js';
import { placeIn, type PathFlavor } from '../services/platformPaths.js';
import { english, type Translate } from '../thread/translate.js';

export type RuleScope =
  /** Anywhere inside the workspace folders. */
  | { type: 'workspace' }
  /** This file, or this folder and everything below it (absolute). */
  | { type: 'path'; path: string; folder: boolean }
  /** Exactly this command line, nothing more or less. */
  | { type: 'command'; command: string }
  /** Calls of this tool (by its programmatic name) whose kind names no file action or command. */
  | { type: 'tool'; name: string }
  /** Consulting exactly this configured agent (by its name in `agentChat.agents`). */
  | { type: 'agent'; agent: string };

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

/** A function so the words are looked up in the language of the moment. */
const NOUNS = (t: Translate): Record<RuleAction, string> => ({
  read: t('reads'),
  edit: t('edits'),
  delete: t('deletions'),
  move: t('moves and renames'),
  search: t('searches'),
  execute: t('running'),
  tool: t('calls'),
  consult: t('consulting'),
});

/**
 * The rule in words, without "Allow": "edits under src/", "reads inside this workspace",
 * "running `npm test` in a terminal". Paths are shown below their workspace folder (with the
 * folder's name when the workspace has several). `t` says it in the user's language (the host
 * passes `vscode.l10n.t`); English by default.
 */
export function scopeText(rule: Pick<AutoApproveRule, 'action' | 'scope'>, roots: readonly string[], flavor: PathFlavor, t: Translate = english): string {
  const noun = NOUNS(t)[rule.action];
  const scope = rule.scope;
  switch (scope.type) {
    case 'workspace':
      return t('{0} inside this workspace', noun);
    case 'command':
      return t('running `{0}` in a terminal', scope.command);
    case 'tool':
      return t('the tool `{0}`', scope.name);
    case 'agent':
      return t('consulting the agent {0}', scope.agent);
    case 'path': {
      const shown = shownPath(scope.path, roots, flavor);
      return scope.folder ? t('{0} under {1}', noun, `${shown}${shown.endsWith('/') ? '' : '/'}`) : t('{0} of {1}', noun, shown);
    }
  }
}

export function ruleTitle(rule: Pick<AutoApproveRule, 'action' | 'scope'>, roots: readonly string[], flavor: PathFlavor, t: Translate = english): string {
  return t('Allow {0}', scopeText(rule, roots, flavor, t));
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
