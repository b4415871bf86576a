/**
 * How code shared by the host and the webview says things in the user's language: it takes a
 * `Translate` (the host passes `vscode.l10n.t`, the webview `t` from webview/l10n.ts), named `t`
 * so its calls are found like any other lookup (test/support/l10nLookups.ts scans every file
 * that imports this one). Keys are the English text with `{0}`, `{1}`… for values.
 */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** The English text with its values filled in: the default where no language is given (tests, tools). */
export const english: Translate = (message, ...args) =>
  args.length ? message.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole)) : message;
