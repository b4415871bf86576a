/**
 * The editor's language for host code that does not import `vscode` (so the unit and peer tests
 * load it under Node): `t` says things in English until activation hands it `vscode.l10n.t`
 * (extension.ts). Keys are literal English text, found by test/support/l10nLookups.ts.
 */
import { english, type Translate } from '../thread/translate.js';

let current: Translate = english;

/** Called once at activation with `vscode.l10n.t`. */
export function useTranslate(next: Translate): void {
  current = next;
}

export const t: Translate = (message, ...args) => current(message, ...args);
