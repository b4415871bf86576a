/**
 * `tools/call` of the editor tools, served in the host: arguments checked, every path confined
 * to the session's roots (`services/confine.ts`, symlinks resolved) and the host acting on the
 * checked real path, as for `fs/*`. A write to a sensitive target (`permissions/sensitive.ts`:
 * secrets, `.git/`, `.vscode/`) asks the user first. A write is recorded as `file_written`,
 * the same account `fs/write_text_file` gives, so the turn's changes row shows it and Undo can
 * put the old text back.
 *
 * Failures are tool results with `isError` (MCP: the model reads them and can react), never
 * protocol errors; refusals are also a warning in the thread so the user sees them.
 */
import { isAbsolute, resolve } from 'node:path';
import { confinePath, contains, type ConfinedPath } from '../../../services/confine.js';
import type { EditorProblem, EditorToolsHost } from '../../../services/editorTools/editorHost.js';
import { toolError, toolText, type EditorToolName, type ToolResult } from '../../../services/editorTools/toolList.js';
import { HostServiceError } from '../../../services/hostServices.js';
import { ErrorCode } from '../../../services/errorCodes.js';
import { reachableRoots } from '../../../services/removedRoots.js';
import { pathFlavor } from '../../../services/platformPaths.js';
import { sensitiveReason } from '../../../permissions/sensitive.js';
import { english, type Translate } from '../../../thread/translate.js';

/** What one session lends the tools: where they may reach and where their effects are told. */
export interface EditorToolSession {
  /** Relative paths are resolved against it. */
  cwd: string;
  /** The session's roots (cwd first). */
  roots: readonly string[];
  /** The workspace folders open now (a root removed since the session started is out of reach). */
  workspaceRoots?: () => readonly string[];
  written(path: string, oldText: string | null, newText: string): void;
  refused(tool: string, message: string): void;
}

/** More than this many problems are cut, with a line saying how many were left out. */
export const MAX_PROBLEM_LINES = 500;

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2, hint: 3 } as const;

export async function callEditorTool(name: EditorToolName, args: unknown, host: EditorToolsHost, session: EditorToolSession): Promise<ToolResult> {
  try {
    const a = argsObject(args);
    switch (name) {
      case 'read_file': {
        const target = await confine(a.path, session);
        return toolText(await host.readTextFile(target.realPath, positive(a.line, 'line'), positive(a.limit, 'limit')));
      }
      case 'write_file':
        return toolText(await writeFile(a, host, session));
      case 'get_problems':
        return toolText(await problems(a.path, host, session));
      case 'get_selection':
        return toolText(await selection(host, session));
    }
  } catch (err) {
    if (err instanceof HostServiceError) {
      if (err.code === ErrorCode.invalidParams || err.code === ErrorCode.outsideWorkspace) session.refused(name, err.message);
      return toolError(err.message);
    }
    return toolError(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function writeFile(a: Record<string, unknown>, host: EditorToolsHost, session: EditorToolSession): Promise<string> {
  if (typeof a.content !== 'string') throw invalid('content must be a string (the whole new text of the file).');
  const target = await confine(a.path, session);
  const reason = sensitive(target, session);
  // The agent is told in English; the user is asked in their language.
  if (reason && !(await host.confirmSensitiveWrite(target.path, reason, (t) => sensitive(target, session, t) ?? reason))) {
    throw new HostServiceError(ErrorCode.outsideWorkspace, `Refused: ${target.path} is ${reason}, and the user did not allow the write.`);
  }
  const before = await previousText(host, target.realPath);
  await host.writeTextFile(target.realPath, a.content);
  if (before !== undefined) session.written(target.realPath, before, a.content);
  const lines = a.content === '' ? 0 : a.content.split('\n').length;
  return `${before === null ? 'Created' : 'Wrote'} ${target.path} (${lines} line${lines === 1 ? '' : 's'}).`;
}

async function problems(rawPath: unknown, host: EditorToolsHost, session: EditorToolSession): Promise<string> {
  const roots = reachable(session).open;
  const all = await host.problems();
  let shown: EditorProblem[];
  let where: string;
  if (rawPath === undefined) {
    shown = all.filter((p) => roots.some((root) => contains(resolve(root), resolve(p.path))));
    where = 'the workspace folders';
  } else {
    const target = await confine(rawPath, session);
    shown = all.filter((p) => resolve(p.path) === target.path || resolve(p.path) === target.realPath);
    where = target.path;
  }
  if (!shown.length) return `No problems in ${where}.`;
  shown.sort((x, y) => SEVERITY_ORDER[x.severity] - SEVERITY_ORDER[y.severity] || x.path.localeCompare(y.path) || x.line - y.line || x.column - y.column);
  const lines = shown.slice(0, MAX_PROBLEM_LINES).map(problemLine);
  if (shown.length > MAX_PROBLEM_LINES) lines.push(`… and ${shown.length - MAX_PROBLEM_LINES} more problems not listed.`);
  return lines.join('\n');
}

export function problemLine(p: EditorProblem): string {
  const origin = [p.source, p.code].filter(Boolean).join(' ');
  return `${p.path}:${p.line}:${p.column} ${p.severity}: ${p.message.replace(/\s*\n\s*/g, ' ')}${origin ? ` (${origin})` : ''}`;
}

async function selection(host: EditorToolsHost, session: EditorToolSession): Promise<string> {
  const sel = await host.selection();
  if (!sel) return 'No text editor is active.';
  try {
    await confine(sel.path, session);
  } catch {
    // What the user looks at outside the workspace is theirs, not the agent's.
    return 'The active editor shows a file outside the workspace folders; its selection is not shared.';
  }
  const at = (p: { line: number; column: number }) => `line ${p.line}, column ${p.column}`;
  if (!sel.text) return `${sel.path}\nNothing is selected; the cursor is at ${at(sel.start)}.`;
  return `${sel.path}\nSelected from ${at(sel.start)} to ${at(sel.end)}:\n${sel.text}`;
}

function reachable(session: EditorToolSession) {
  return reachableRoots(session.roots, session.workspaceRoots?.());
}

/** Relative paths are taken from the session folder; then confined like any `fs/*` path. */
async function confine(raw: unknown, session: EditorToolSession): Promise<ConfinedPath> {
  if (typeof raw !== 'string' || raw === '') throw invalid('path must be a non-empty string.');
  const absolute = isAbsolute(raw) ? raw : resolve(session.cwd, raw);
  const roots = reachable(session);
  roots.checkNotRemoved(absolute);
  return confinePath(absolute, roots.open);
}

/** Sensitive by the name given or by where it really is (a link named `notes` to `.env`). */
function sensitive(target: ConfinedPath, session: EditorToolSession, t: Translate = english): string | undefined {
  const flavor = pathFlavor(process.platform);
  const roots = reachable(session).open;
  return sensitiveReason(flavor, roots, target.path, t) ?? sensitiveReason(flavor, roots, target.realPath, t);
}

function argsObject(args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) throw invalid('arguments must be an object.');
  return args as Record<string, unknown>;
}

function positive(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw invalid(`${name} must be a positive integer (1-based), got ${JSON.stringify(value)}.`);
  return value;
}

const invalid = (message: string) => new HostServiceError(ErrorCode.invalidParams, message);

/** null when the file does not exist, undefined when it cannot be read as text (then not recorded). */
async function previousText(host: EditorToolsHost, path: string): Promise<string | null | undefined> {
  try {
    return await host.readTextFile(path);
  } catch (error) {
    return error instanceof HostServiceError && error.code === ErrorCode.notFound ? null : undefined;
  }
}
