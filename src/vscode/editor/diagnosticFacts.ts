/**
 * What a VS Code diagnostic says, as plain data: 1-based line and column, the severity as a word,
 * and the source and code when it has them. Shared by the @problems mention and the editor tools'
 * `get_problems`, which each add where the file is in their own terms.
 */
import * as vscode from 'vscode';

export type DiagnosticSeverityWord = 'error' | 'warning' | 'info' | 'hint';

export interface DiagnosticFacts {
  line: number;
  column: number;
  severity: DiagnosticSeverityWord;
  message: string;
  source?: string;
  code?: string;
}

const SEVERITY: Record<vscode.DiagnosticSeverity, DiagnosticSeverityWord> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export function diagnosticFacts(d: vscode.Diagnostic): DiagnosticFacts {
  const code = typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code);
  return {
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    severity: SEVERITY[d.severity],
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(code ? { code } : {}),
  };
}
