/**
 * The user's auto-approve rules, in the extension's global state: a repository cannot plant one
 * (no workspace setting or file is read), and each rule carries the workspace it was made in.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { AutoApproveRule, RuleDraft, RuleScope } from '../../permissions/rule.js';
import { readRules } from '../../permissions/ruleShape.js';

const RULES_KEY = 'agentChat.autoApproveRules';

export class RuleStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Rules were added, edited or revoked. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  all(): AutoApproveRule[] {
    return readRules(this.state.get<unknown>(RULES_KEY));
  }

  /** The rules of one workspace (every agent), oldest first. */
  forWorkspace(workspace: string | undefined): AutoApproveRule[] {
    return workspace === undefined ? [] : this.all().filter((r) => r.workspace === workspace);
  }

  get(id: string): AutoApproveRule | undefined {
    return this.all().find((r) => r.id === id);
  }

  /** Saves a rule; an identical one already there is returned instead of a second copy. */
  async add(draft: RuleDraft): Promise<AutoApproveRule> {
    const rules = this.all();
    const same = rules.find((r) => r.agent === draft.agent && r.workspace === draft.workspace && r.action === draft.action && JSON.stringify(r.scope) === JSON.stringify(draft.scope));
    if (same) return same;
    const rule: AutoApproveRule = { ...draft, id: randomUUID(), created: Date.now() };
    await this.save([...rules, rule]);
    return rule;
  }

  async setScope(id: string, scope: RuleScope): Promise<void> {
    await this.save(this.all().map((r) => (r.id === id ? { ...r, scope } : r)));
  }

  /** False when there was no such rule (already revoked). */
  async revoke(id: string): Promise<boolean> {
    const rules = this.all();
    const kept = rules.filter((r) => r.id !== id);
    if (kept.length === rules.length) return false;
    await this.save(kept);
    return true;
  }

  private async save(rules: AutoApproveRule[]): Promise<void> {
    await this.state.update(RULES_KEY, rules);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
