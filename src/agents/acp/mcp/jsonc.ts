/**
 * JSON with comments and trailing commas, as VS Code writes `.vscode/mcp.json`.
 * Comments and trailing commas are blanked (positions kept, so JSON.parse errors still point
 * at the right offset) and the result goes through JSON.parse.
 */

export type JsoncResult = { ok: true; value: unknown } | { ok: false; error: string };

export function stripJsonc(text: string): string {
  const out = text.split('');
  let i = 0;
  const n = text.length;
  // Index of the last comma outside strings/comments, still a candidate for "trailing".
  let pendingComma = -1;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      pendingComma = -1;
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') out[i++] = ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      for (; i < stop; i++) if (text[i] !== '\n') out[i] = ' ';
    } else if (c === ',') {
      pendingComma = i++;
    } else if (c === '}' || c === ']') {
      if (pendingComma !== -1) out[pendingComma] = ' ';
      pendingComma = -1;
      i++;
    } else {
      if (!/\s/.test(c)) pendingComma = -1;
      i++;
    }
  }
  return out.join('');
}

export function parseJsonc(text: string): JsoncResult {
  try {
    // A BOM is common in files saved by Windows editors.
    return { ok: true, value: JSON.parse(stripJsonc(text.replace(/^\uFEFF/, ''))) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
