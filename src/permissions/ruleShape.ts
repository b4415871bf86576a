/**
 * Rules read back from storage are checked before use: a damaged or hand-edited entry is
 * dropped rather than half-understood, since a rule answers on the user's behalf.
 */
import type { AutoApproveRule, RuleScope } from './rule.js';

const ACTIONS = new Set(['read', 'edit', 'delete', 'move', 'search', 'execute', 'tool', 'consult']);

function isScope(value: unknown): value is RuleScope {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  if (s.type === 'workspace') return true;
  if (s.type === 'path') return typeof s.path === 'string' && s.path !== '' && typeof s.folder === 'boolean';
  if (s.type === 'command') return typeof s.command === 'string' && s.command.trim() !== '';
  if (s.type === 'tool') return typeof s.name === 'string' && s.name.trim() !== '';
  if (s.type === 'agent') return typeof s.agent === 'string' && s.agent !== '';
  return false;
}

export function isRule(value: unknown): value is AutoApproveRule {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.agent !== 'string' || typeof r.workspace !== 'string' || typeof r.created !== 'number') return false;
  if (typeof r.action !== 'string' || !ACTIONS.has(r.action) || !isScope(r.scope)) return false;
  // A command scope only goes with running a command, a tool scope only with a tool, an agent scope only with
  // consulting; path scopes with none of them.
  const scope = (r.scope as RuleScope).type;
  return (r.action === 'execute') === (scope === 'command') && (r.action === 'tool') === (scope === 'tool') && (r.action === 'consult') === (scope === 'agent');
}

export function readRules(stored: unknown): AutoApproveRule[] {
  return Array.isArray(stored) ? stored.filter(isRule) : [];
}
