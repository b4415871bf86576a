/**
 * Reading a transcript file that may be damaged (a disk that filled up mid-write on a system
 * without atomic rename, a sync tool, a hand edit): open what can be read and say what was
 * skipped, rather than losing the whole conversation to one bad byte.
 *
 * Entries are checked one by one against the fields the views read; a file that is not JSON
 * at all is scanned for the entries that are still whole.
 */
import type { ThreadEntry } from '../thread/types.js';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptMeta } from './types.js';

export interface SalvagedEntries {
  entries: ThreadEntry[];
  /** How many entries were left out (unreadable, or missing what a row needs). */
  skipped: number;
  /** Why the file as a whole did not read (not JSON), when it did not. */
  damage?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
/** A content block with what its kind is drawn from (a text block's text is a string, …). */
function blockOk(b: unknown): boolean {
  if (!isObject(b)) return false;
  switch (b.type) {
    case 'text':
      return isString(b.text);
    case 'image':
    case 'audio':
      return isString(b.data) && isString(b.mimeType);
    case 'resource_link':
      return isString(b.uri) && isString(b.name);
    case 'resource':
      return isObject(b.resource) && isString(b.resource.uri) && (b.resource.text === undefined || isString(b.resource.text));
    default:
      return false;
  }
}
const blocksOk = (v: unknown) => Array.isArray(v) && v.every(blockOk);

const optString = (v: unknown) => v === undefined || v === null || isString(v);
/** A tool call's content item, with what its kind is drawn and exported from. */
function toolContentOk(c: unknown): boolean {
  if (!isObject(c)) return false;
  switch (c.type) {
    case 'content':
      return blockOk(c.content);
    case 'diff':
      return isString(c.path) && optString(c.oldText) && isString(c.newText);
    case 'terminal':
      return isString(c.terminalId);
    case 'file_changes':
      return Array.isArray(c.changes) && c.changes.every((f) => isObject(f) && isString(f.path) && isString(f.operation) && optString(f.oldPath))
        && (c.patch === undefined || c.patch === null || (isObject(c.patch) && isString(c.patch.text)));
    default:
      return false;
  }
}

function planBodyOk(b: unknown): boolean {
  if (b === undefined) return true;
  if (!isObject(b)) return false;
  if (b.type === 'file') return isString(b.uri);
  if (b.type === 'markdown') return isString(b.content);
  return b.type === 'other' && isString(b.planType);
}

/** An elicitation form field: named, labelled, and with its choices when it has any. */
function fieldOk(f: unknown): boolean {
  if (!isObject(f) || !isString(f.name) || !isString(f.label) || !isString(f.kind)) return false;
  if (f.kind !== 'choice' && f.kind !== 'multi') return true;
  return Array.isArray(f.options) && f.options.every((o) => isObject(o) && isString(o.value) && isString(o.label));
}
function elicitationPromptOk(p: unknown): boolean {
  if (!isObject(p) || !isString(p.message)) return false;
  if (p.mode === 'url') return isString(p.url) && isString(p.elicitationId);
  return p.mode === 'form' && Array.isArray(p.fields) && p.fields.every(fieldOk);
}

/** What each row type needs to be drawn and exported. */
const ROW_NEEDS: Record<ThreadEntry['type'], (e: Record<string, unknown>) => boolean> = {
  user: (e) => blocksOk(e.content),
  agent: (e) => blocksOk(e.content),
  thought: (e) => blocksOk(e.content),
  tool_call: (e) => isString(e.toolCallId) && isString(e.title) && Array.isArray(e.content) && e.content.every(toolContentOk)
    && Array.isArray(e.locations) && e.locations.every((l) => isObject(l) && isString(l.path)),
  plan: (e) => isString(e.planId) && Array.isArray(e.entries) && e.entries.every((p) => isObject(p) && isString(p.content)) && planBodyOk(e.body),
  notice: (e) => isString(e.title) && isString(e.severity) && (e.detail === undefined || isString(e.detail)),
  compaction: (e) => isString(e.compactionId) && isString(e.status) && blocksOk(e.summary),
  terminal: (e) => isString(e.terminalId) && isObject(e.terminal) && isString(e.terminal.command) && isString(e.terminal.output),
  turn_end: (e) => isString(e.turnId) && isString(e.stopReason),
  changes: (e) => isString(e.turnId) && Array.isArray(e.files),
  subagent: (e) => isString(e.childId) && typeof e.toolCalls === 'number' && typeof e.filesChanged === 'number' && typeof e.rows === 'number'
    && ['title', 'description', 'agentType', 'model', 'state', 'now'].every((k) => e[k] === undefined || isString(e[k])),
  elicitation: (e) => isString(e.requestId) && isString(e.status) && elicitationPromptOk(e.prompt) && (e.answer === undefined || isObject(e.answer)),
};

export function isReadableEntry(v: unknown): v is ThreadEntry {
  if (!isObject(v) || !isString(v.id) || !isString(v.type)) return false;
  // Own keys only: a type named "constructor" must not reach Object's.
  return Object.hasOwn(ROW_NEEDS, v.type) && ROW_NEEDS[v.type as ThreadEntry['type']](v);
}

/** Keeps the readable entries of a parsed `entries` value. */
export function readableEntries(raw: unknown): SalvagedEntries {
  if (!Array.isArray(raw)) return { entries: [], skipped: 0, damage: 'it has no list of entries' };
  const entries = raw.filter(isReadableEntry);
  return { entries, skipped: raw.length - entries.length };
}

/**
 * The whole entries of a transcript file that is not valid JSON: every top-level object of its
 * `"entries"` array that parses on its own. Anything after the first break is scanned too, so
 * one damaged entry in the middle costs only that entry.
 */
export function scanEntries(text: string, damage: string): SalvagedEntries {
  const start = text.indexOf('"entries":[');
  if (start < 0) return { entries: [], skipped: 0, damage };
  const entries: ThreadEntry[] = [];
  let skipped = 0;
  let depth = 0;
  let inString = false;
  let objectStart = -1;
  for (let i = start + '"entries":['.length; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) objectStart = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        const entry = parseOrUndefined(text.slice(objectStart, i + 1));
        if (isReadableEntry(entry)) entries.push(entry);
        else skipped++;
      }
      if (depth < 0) break;
    } else if (c === ']' && depth === 0) break;
  }
  // An object cut off by the end of the file is one more entry lost.
  if (depth > 0) skipped++;
  return { entries, skipped, damage };
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The notice a salvaged transcript ends with, so the user knows what is missing. */
export function salvageNotice(salvaged: SalvagedEntries): ThreadEntry | undefined {
  if (salvaged.skipped === 0 && !salvaged.damage) return undefined;
  const lost = salvaged.skipped === 1 ? '1 damaged entry was left out' : `${salvaged.skipped} damaged entries were left out`;
  const why = salvaged.damage ? ` The file is damaged (${salvaged.damage}).` : '';
  return {
    type: 'notice',
    id: 'history-salvaged',
    severity: 'warning',
    title: 'Part of this conversation could not be read',
    detail: `${salvaged.skipped > 0 ? `${lost}.` : 'No entry was lost.'}${why} What could be read is shown.`,
  };
}

/**
 * A transcript from its file's text: whole when it reads, otherwise what can be read of it
 * (header from `meta`, the meta file, when the body's is gone) ending with a notice of what was skipped.
 * `undefined` for a file of a newer format or with nothing to say which thread it is.
 */
export function readTranscript(text: string, meta: TranscriptMeta | undefined): Transcript | undefined {
  let parsed: Partial<Transcript> | undefined;
  let damage: string | undefined;
  try {
    parsed = JSON.parse(text) as Partial<Transcript>;
  } catch (e) {
    damage = `not valid JSON: ${(e as Error).message}`;
  }
  if (parsed && typeof parsed === 'object' && parsed.version !== undefined && parsed.version !== TRANSCRIPT_VERSION) return undefined;
  const header = isMeta(parsed) ? parsed : meta;
  if (!header) return undefined;
  const salvaged = damage === undefined ? readableEntries(parsed?.entries) : scanEntries(text, damage);
  const notice = salvageNotice(salvaged);
  const entries = notice ? [...salvaged.entries, notice] : salvaged.entries;
  const session = parsed?.session;
  const children = readableChildren(parsed?.children, 0);
  const h = header as Partial<TranscriptMeta> & Pick<TranscriptMeta, 'id' | 'agentName' | 'sessionId' | 'title' | 'updatedAt'>;
  return {
    id: h.id,
    agentName: h.agentName,
    sessionId: h.sessionId,
    title: h.title,
    cwd: typeof h.cwd === 'string' ? h.cwd : '',
    createdAt: typeof h.createdAt === 'string' ? h.createdAt : h.updatedAt,
    updatedAt: h.updatedAt,
    droppedEntries: Number.isInteger(h.droppedEntries) ? h.droppedEntries! : 0,
    version: TRANSCRIPT_VERSION,
    entryCount: entries.length,
    entries,
    session: session && typeof session === 'object' && Array.isArray(session.commands) ? session : { turnState: 'idle', commands: [] },
    ...(children ? { children } : {}),
  };
}

/** The subagents' threads of a saved conversation: each with its readable rows; damaged ones left out. */
function readableChildren(raw: unknown, depth: number): Transcript['children'] {
  if (!isObject(raw) || depth > 16) return undefined;
  const out: NonNullable<Transcript['children']> = {};
  for (const [id, child] of Object.entries(raw)) {
    if (!isObject(child)) continue;
    const nested = readableChildren(child.children, depth + 1);
    out[id] = {
      entries: readableEntries(child.entries).entries,
      session: { turnState: 'idle', commands: [] },
      ...(nested ? { children: nested } : {}),
    };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function isMeta(v: unknown): v is TranscriptMeta {
  const m = v as Partial<TranscriptMeta> | undefined;
  return !!m && typeof m.id === 'string' && typeof m.sessionId === 'string' && typeof m.agentName === 'string'
    && typeof m.updatedAt === 'string' && typeof m.title === 'string';
}
