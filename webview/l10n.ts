/**
 * The panel's words in the editor's language. The host puts the strings of its l10n bundle for
 * that language into the page (chatPage.ts, a JSON data block read once); a string is looked up
 * by its English text, as `vscode.l10n.t` does, so English needs no bundle and anything missing
 * from a translation shows in English rather than as a key.
 *
 *   t('Starting {0}…', name)   — `{0}`, `{1}`… are replaced by the arguments, in the translation too.
 */

/** The id of the page's `<script type="application/json">` holding the bundle (chatPage.ts writes it). */
export const L10N_ELEMENT_ID = 'agent-chat-l10n';

let bundle: Record<string, string> | undefined;

function loaded(): Record<string, string> {
  if (bundle) return bundle;
  bundle = {};
  // Outside a page (the Node tests that drive the panel's pure helpers) there is no bundle: English.
  const text = typeof document === 'undefined' ? undefined : document.getElementById(L10N_ELEMENT_ID)?.textContent;
  if (!text) return bundle;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      // Only strings: a malformed entry falls back to English instead of breaking a label.
      for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') bundle[k] = v;
    }
  } catch (e) {
    console.warn('unreadable l10n bundle; showing English', e);
  }
  return bundle;
}

export function t(message: string, ...args: Array<string | number>): string {
  const template = loaded()[message] ?? message;
  return args.length ? template.replace(/\{(\d+)\}/g, (whole, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : whole)) : template;
}
