/**
 * The editor's part of an agent login (the agent layer decides when one is needed and retries):
 * pick a method, run a terminal login, ask for API keys.
 */
import * as vscode from 'vscode';
import { loginShellPath } from '../../services/process/loginShellPath.js';
import type { LoginCallbacks } from '../../agents/acp/auth/login.js';
import type { AuthMethodInfo, EnvVarSpec } from '../../agents/acp/auth/methods.js';
import type { AgentSecrets } from './agentSecrets.js';

export function loginCallbacks(agentName: string, secrets?: AgentSecrets): LoginCallbacks {
  return {
    chooseAuthMethod: (methods) => chooseMethod(agentName, methods),
    terminalAuth: (command, args, env) => runLoginTerminal(agentName, command, args, env),
    askVariables: async (variables, link) => {
      const values = await askVariables(agentName, variables, link, secrets !== undefined);
      // Kept for the next starts of this agent; a failed store still lets this login go on.
      if (values && secrets) await secrets.save(agentName, values).catch(() => undefined);
      return values;
    },
  };
}

async function chooseMethod(agentName: string, methods: AuthMethodInfo[]): Promise<AuthMethodInfo | undefined> {
  if (methods.length <= 1) return methods[0];
  type Item = vscode.QuickPickItem & { method: AuthMethodInfo };
  const picked = await vscode.window.showQuickPick<Item>(
    methods.map((method) => ({ label: method.name, detail: method.description, method })),
    { title: vscode.l10n.t('{0}: log in', agentName), placeHolder: vscode.l10n.t('The agent needs you to log in. How?'), ignoreFocusOut: true },
  );
  return picked?.method;
}

/**
 * Runs the agent's login command in a terminal of its own (no shell: the program and its
 * arguments as the agent gave them); resolves with its exit code, or undefined when the user
 * closed the terminal first.
 */
async function runLoginTerminal(
  agentName: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<number | undefined> {
  const path = env.PATH ?? (await loginShellPath().catch(() => undefined));
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('{0}: log in', agentName),
    shellPath: command,
    shellArgs: args,
    env: path ? { ...env, PATH: path } : env,
  });
  terminal.show();
  return new Promise((resolve) => {
    const subscription = vscode.window.onDidCloseTerminal((closed) => {
      if (closed !== terminal) return;
      subscription.dispose();
      resolve(closed.exitStatus?.code);
    });
  });
}

async function askVariables(
  agentName: string,
  variables: EnvVarSpec[],
  link: string | undefined,
  stored: boolean,
): Promise<Record<string, string> | undefined> {
  if (link) {
    const open = vscode.l10n.t('Open Instructions');
    const answer = await vscode.window.showInformationMessage(vscode.l10n.t('{0} needs {1}.', agentName, variables.map((v) => v.name).join(', ')), open, vscode.l10n.t('Continue'));
    if (answer === undefined) return undefined;
    if (answer === open && /^https?:/i.test(link)) await vscode.env.openExternal(vscode.Uri.parse(link, true));
  }
  const values: Record<string, string> = {};
  for (const variable of variables) {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('{0}: log in', agentName),
      prompt: `${variable.optional ? vscode.l10n.t('{0} (optional)', variable.label || variable.name) : variable.label || variable.name} — ${stored ? vscode.l10n.t("kept in VS Code's secret storage for this agent") : vscode.l10n.t('kept for this agent process only')}`,
      placeHolder: variable.name,
      password: variable.secret,
      ignoreFocusOut: true,
    });
    if (value === undefined) return undefined;
    if (value !== '') values[variable.name] = value;
  }
  return values;
}
