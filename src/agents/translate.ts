/**
 * The editor's language for words the agent layer shows the user (notices in the thread, launch
 * failures): `t` says them in English until activation hands it `vscode.l10n.t`
 * (`useTranslate` in extension.ts, through src/vscode/translate.ts), so the unit and peer tests
 * load this layer under Node and read English. What is sent to the agent and what is logged
 * stays English. Keys are literal English text, found by test/support/l10nLookups.ts.
 */
import { english, type Translate } from '../thread/translate.js';

let current: Translate = english;

/** Called once at activation with `vscode.l10n.t`. */
export function useTranslate(next: Translate): void {
  current = next;
}

export const t: Translate = (message, ...args) => current(message, ...args);
