/**
 * The agent layer's `PermissionAdvisor` for this window: the stored rules of the agent in this
 * workspace, the workspace folders, Workspace Trust and the real file system, read afresh for
 * every request (a rule revoked a moment ago no longer answers).
 */
import * as vscode from 'vscode';
import type { PermissionAdvisor } from '../../agents/acp/permissions/permissionAdvice.js';
import { advise, type RuleOffer } from '../../permissions/advisor.js';
import { OfferShelf } from '../../permissions/offerShelf.js';
import { pathFlavor } from '../../services/platformPaths.js';
import { realPathOf } from '../../services/confine.js';
import { workspaceRoots } from '../editor/workspaceRoots.js';
import type { RuleStore } from './ruleStore.js';
import { workspaceKey } from './workspaceKey.js';

export class RulesAdvisor {
  private readonly shelf = new OfferShelf();

  constructor(private readonly store: RuleStore) {}

  forAgent(agent: string): PermissionAdvisor {
    return async (question, options) => {
      const workspace = workspaceKey();
      const trusted = vscode.workspace.isTrusted;
      if (workspace === undefined) return { kind: 'ask' };
      const advice = await advise(question, options, {
        flavor: pathFlavor(process.platform),
        roots: workspaceRoots(),
        realPath: realPathOf,
        trusted,
        agent,
        workspace,
        rules: this.store.forWorkspace(workspace),
        t: vscode.l10n.t,
      });
      return this.shelf.shelve(advice);
    };
  }

  /** The rule a card offered, once ("Always allow …" was chosen). */
  takeOffer(id: string): RuleOffer | undefined {
    return this.shelf.take(id);
  }
}
