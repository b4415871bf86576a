/** What the user hears when `agentChat.*` settings change: entries we cannot use, and a restart to use edited ones. */
import * as vscode from 'vscode';
import type { AgentConfig } from '../../agents/api.js';
import type { ProtocolLog } from '../protocolLog.js';
import { sameAgentConfig } from './config.js';

export class SettingsChanges {
  private readonly shownProblems = new Set<string>();

  constructor(private readonly log: ProtocolLog) {}

  /** Problems of the agent entries: logged, and each said where the user looks, once per window, with the way to fix it. */
  report(problems: readonly string[]): void {
    for (const problem of problems) {
      this.log.warn(`Settings: ${problem}`);
      if (this.shownProblems.has(problem)) continue;
      this.shownProblems.add(problem);
      void vscode.window.showWarningMessage(vscode.l10n.t('Agent Chat: {0}', problem), vscode.l10n.t('Open Settings')).then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettingsJson');
      });
    }
  }

  /** The running agent `chosen` is now configured as `now`: offer a restart that uses it. */
  offerRestart(chosen: AgentConfig, now: AgentConfig | undefined, start: (config: AgentConfig) => unknown): void {
    if (!now || sameAgentConfig(now, chosen)) return;
    const restart = vscode.l10n.t('Restart Agent');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('The settings of {0} changed. Restart it to use them?', chosen.name), restart)
      .then((answer) => (answer === restart ? start(now) : undefined));
  }
}
