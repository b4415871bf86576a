/**
 * Decides one permission request against the user's rules: answer it with the agent's own allow
 * option because a rule covers it, or ask — with the rule the card may offer. Everything that
 * is unclear asks: an untrusted workspace, no allow option, a target that cannot be told, a
 * sensitive path or one whose real path leads somewhere sensitive.
 */
import type { PermissionOption } from '../protocol/events.js';
import { allowOptionOf } from './allowOption.js';
import { targetOf, type PermissionQuestion } from './requestTarget.js';
import { resolveTarget } from './resolveTarget.js';
import { ruleCovers } from './ruleMatch.js';
import { offerFor } from './ruleOffer.js';
import { ruleTitle, scopeText, type AutoApproveRule, type RuleDraft } from './rule.js';
import { english, type Translate } from '../thread/translate.js';
import type { PathFlavor } from '../services/platformPaths.js';

export type { PermissionQuestion } from './requestTarget.js';

/** A rule the card offers: the words it shows and the option it answers with once made. */
export interface RuleOffer {
  draft: RuleDraft;
  /** "Allow edits under src/". */
  title: string;
  /** The same without "Allow": "edits under src/" (the card says "Always allow {0}"). */
  words: string;
  optionId: string;
}

export type PermissionAdvice =
  | { kind: 'answer'; optionId: string; rule: { id: string; title: string } }
  | { kind: 'ask'; offer?: RuleOffer };

export interface AdvisorEnv {
  flavor: PathFlavor;
  roots: readonly string[];
  realPath: (p: string) => Promise<string>;
  /** `vscode.workspace.isTrusted`: nothing is answered for the user in an untrusted workspace. */
  trusted: boolean;
  agent: string;
  workspace: string;
  /** The rules of this agent in this workspace. */
  rules: readonly AutoApproveRule[];
  /** The user's language for the rule's words (`vscode.l10n.t`); English when absent. */
  t?: Translate;
}

export async function advise(question: PermissionQuestion, options: readonly PermissionOption[], env: AdvisorEnv): Promise<PermissionAdvice> {
  if (!env.trusted) return { kind: 'ask' };
  const t = env.t ?? english;
  const allow = allowOptionOf(options);
  if (!allow) return { kind: 'ask' };
  const target = targetOf(question, env.flavor);
  if (!target) return { kind: 'ask' };
  const resolved = await resolveTarget(target, env);
  if (!resolved.ok) return { kind: 'ask' };
  for (const rule of env.rules) {
    if (rule.agent !== env.agent || rule.workspace !== env.workspace) continue;
    if (await ruleCovers(rule, target, resolved, env)) {
      return { kind: 'answer', optionId: allow.optionId, rule: { id: rule.id, title: ruleTitle(rule, env.roots, env.flavor, t) } };
    }
  }
  const draft = offerFor(target, env.roots, env.flavor, { agent: env.agent, workspace: env.workspace });
  if (!draft) return { kind: 'ask' };
  return { kind: 'ask', offer: { draft, title: ruleTitle(draft, env.roots, env.flavor, t), words: scopeText(draft, env.roots, env.flavor, t), optionId: allow.optionId } };
}
