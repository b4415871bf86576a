/**
 * What was dropped on the composer: VS Code's Explorer gives `application/vnd.code.uri-list`
 * (and `text/uri-list`; in a webview only while Shift is held), other apps `text/uri-list`.
 * One URI a line, `#` lines are comments (RFC 2483). The host decides what may be attached.
 */
export function droppedUris(data: DataTransfer | null): string[] {
  if (!data) return [];
  const raw = data.getData('application/vnd.code.uri-list') || data.getData('text/uri-list');
  return parseUriList(raw);
}

export function parseUriList(raw: string): string[] {
  return [...new Set(raw.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')))];
}
