/**
 * The editor's language for host code that does not import `vscode` (so the unit and peer tests
 * load it under Node): `t` says things in English until activation hands it `vscode.l10n.t`
 * (extension.ts). One lookup serves this layer and the agent layer below it (src/agents/translate.ts
 * holds it). Keys are literal English text, found by test/support/l10nLookups.ts.
 */
export { t, useTranslate } from '../agents/translate.js';
