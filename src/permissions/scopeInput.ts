/**
 * A rule's scope as one line a person edits: a command line for `execute`, a tool name for
 * `tool`; otherwise a path
 * below the workspace folder (`src/` for a folder and everything in it, `notes.txt` for one
 * file), or nothing for the whole workspace.
 */
import type { AutoApproveRule, RuleScope } from './rule.js';
import { shownPath } from './rule.js';
import { placeIn, type PathFlavor } from '../services/platformPaths.js';
import { sensitiveReason } from './sensitive.js';
import { english, type Translate } from '../thread/translate.js';

export function scopeInputOf(rule: Pick<AutoApproveRule, 'scope'>, roots: readonly string[], flavor: PathFlavor): string {
  const scope = rule.scope;
  if (scope.type === 'command') return scope.command;
  if (scope.type === 'tool') return scope.name;
  if (scope.type === 'agent') return scope.agent;
  if (scope.type === 'workspace') return '';
  const shown = shownPath(scope.path, roots, flavor);
  return scope.folder && !shown.endsWith('/') ? `${shown}/` : shown;
}

export function parseScopeInput(
  text: string,
  rule: Pick<AutoApproveRule, 'action' | 'scope'>,
  roots: readonly string[],
  flavor: PathFlavor,
  t: Translate = english,
): { scope: RuleScope } | { error: string } {
  const line = text.trim();
  if (rule.action === 'execute') return line ? { scope: { type: 'command', command: line } } : { error: t('Type the exact command line the rule allows.') };
  if (rule.action === 'tool') return line ? { scope: { type: 'tool', name: line } } : { error: t('Type the name of the tool the rule allows.') };
  if (rule.action === 'consult') return line ? { scope: { type: 'agent', agent: line } } : { error: t('Type the name of the agent the rule allows consulting.') };
  if (line === '' || line === '/' || line === '.') return { scope: { type: 'workspace' } };
  if (roots.length === 0) return { error: t('No workspace folder is open.') };
  const folder = /[\\/]$/.test(line);
  const trimmed = line.replace(/[\\/]+$/, '');
  const base = baseRoot(rule, roots, flavor, trimmed);
  const path = flavor.path.resolve(base, ...trimmed.split(/[\\/]/).filter((s, i) => !(roots.length > 1 && i === 0 && s === flavor.path.basename(base))));
  if (!placeIn(flavor, roots, path)) return { error: t('{0} is outside the workspace folders.', line) };
  const sensitive = sensitiveReason(flavor, roots, path, t);
  if (sensitive) return { error: t('{0} is {1}: it always asks, so a rule cannot cover it.', line, sensitive) };
  return { scope: { type: 'path', path, folder } };
}

/** The root a typed path is below: in a multi-root workspace its first segment names the root. */
function baseRoot(rule: Pick<AutoApproveRule, 'scope'>, roots: readonly string[], flavor: PathFlavor, typed: string): string {
  if (roots.length > 1) {
    const first = typed.split(/[\\/]/)[0];
    const named = roots.find((r) => flavor.path.basename(r) === first);
    if (named) return named;
  }
  if (rule.scope.type === 'path') return placeIn(flavor, roots, rule.scope.path)?.root ?? roots[0]!;
  return roots[0]!;
}
