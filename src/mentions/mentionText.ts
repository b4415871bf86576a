/**
 * Plain text for the mention kinds that are not files: problems as lines a person (and an
 * agent) reads, and terminal output without its escape sequences. No `vscode` import.
 */

export interface Problem {
  /** Where it is, as the user knows the file (relative to the workspace). */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

const ORDER: Record<Problem['severity'], number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** One line per problem (`file:line:col severity: message (source code)`), errors first, then by place. */
export function formatProblems(problems: readonly Problem[], scope: string): string {
  if (problems.length === 0) return `No problems in ${scope}.`;
  const sorted = [...problems].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const counts = (['error', 'warning', 'info', 'hint'] as const).map((s) => [s, sorted.filter((p) => p.severity === s).length] as const).filter(([, n]) => n > 0);
  const head = counts.map(([s, n]) => `${n} ${s}${n === 1 ? '' : s === 'info' ? '' : 's'}`).join(', ');
  const lines = sorted.map((p) => {
    const origin = [p.source, p.code].filter(Boolean).join(' ');
    return `${p.file}:${p.line}:${p.column} ${p.severity}: ${p.message.replace(/\s*\n\s*/g, ' ')}${origin ? ` (${origin})` : ''}`;
  });
  return `${head} in ${scope}:\n${lines.join('\n')}`;
}

// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and two-byte escapes.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Terminal output as text: escape sequences gone, `\r\n` as `\n`, a line redrawn by `\r` kept as its last form. */
export function terminalText(raw: string): string {
  return raw
    .replace(ESCAPES, '')
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => {
      const kept = line.replace(/\r+$/, '');
      return kept.slice(kept.lastIndexOf('\r') + 1);
    })
    .join('\n');
}
