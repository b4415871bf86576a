/**
 * The strings the sources look up at run time, by their English text: `t('…')` in webview/
 * (webview/l10n.ts), `vscode.l10n.t('…')` in src/, and `t('…')` in the shared helpers of src/
 * that take a `Translate` (src/thread/translate.ts). Keys must be plain string literals so a
 * translator can find them; a call with anything else is listed as `computed`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function tsFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const p = join(dir, name);
    return statSync(join(root, p)).isDirectory() ? tsFiles(root, p) : name.endsWith('.ts') ? [p] : [];
  });
}

/** A quoted JS string literal's value (the forms used for keys: '…' and "…" with simple escapes). */
function literal(quoted: string): string {
  const inner = quoted.slice(1, -1).replace(/\\(['"])/g, '$1');
  return JSON.parse(`"${inner.replace(/"/g, '\\"')}"`);
}

/** Every key looked up in the sources, and each call whose key is not a plain literal. */
export function l10nLookups(root: string): { keys: Map<string, string>; computed: string[] } {
  const keys = new Map<string, string>();
  const computed: string[] = [];
  const scan = (dir: string, call: RegExp, only: (text: string) => boolean = () => true) => {
    for (const file of tsFiles(root, dir)) {
      if (file === 'webview/l10n.ts') continue; // the lookup itself (its doc comment shows a call)
      const text = readFileSync(join(root, file), 'utf8');
      if (!only(text)) continue;
      for (const m of text.matchAll(call)) {
        const arg = /^\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*[,)]/.exec(text.slice(m.index! + m[0].length));
        if (arg) keys.set(literal(arg[1]!), relative(root, join(root, file)));
        else computed.push(`${file}: ${text.slice(m.index!, m.index! + 60).split('\n')[0]}`);
      }
    }
  };
  scan('webview', /(?<![\w.$])t\(/g);
  scan('src', /\bl10n\.t\(/g);
  scan('src', /(?<![\w.$])t\(/g, (text) => /from '[./]*(?:thread\/)?translate\.js'/.test(text));
  return { keys, computed };
}
