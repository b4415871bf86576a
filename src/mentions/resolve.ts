/**
 * Attachments and @-mentions → ACP prompt blocks, within size caps (no `vscode` import).
 *
 * Files, open editors and symbols (their lines) are embedded as `resource` with text when the
 * agent declared `embeddedContext`, else linked (`resource_link`) for the agent to read itself.
 * A folder is its file listing (or a link). Problems, the last terminal command, git changes and
 * past threads have no file to link: they are a `resource` with an `agent-chat:` URI, or a
 * `text` block when embedding is not allowed. Each text is capped (256 KiB), and the mentions of
 * one prompt together (1 MiB); what was cut or left out is said in `notes` (a notice in the
 * thread) and, for a cut text, at its end (so the agent knows too).
 */
import type { ContentBlock } from '../protocol/events.js';
import type { Attachment, ComposerCapabilities } from '../shared/webviewProtocol.js';
import { english, type Translate } from '../thread/translate.js';

export const MENTION_MAX_BYTES = 256 * 1024;
export const PROMPT_MAX_BYTES = 1024 * 1024;
/** A folder listing names at most this many files. */
export const FOLDER_MAX_ENTRIES = 500;
/** Below this much room left, a text is left out rather than cut to a stub. */
const MIN_USEFUL_BYTES = 1024;

/** Where each kind's text comes from; the host implements these (a missing one: "not available"). */
export interface MentionSources {
  /** A file the editor attached (unsaved editor text wins); throws when it cannot. */
  readText(absPath: string): Promise<string>;
  /** A mentioned file: refused (throws) outside the workspace folders. Defaults to `readText`. */
  readWorkspaceText?(absPath: string): Promise<string>;
  /** The files under a folder in the workspace, as paths relative to their root. */
  listFolder?(absPath: string, max: number): Promise<{ labels: string[]; more: boolean }>;
  /** The problems of one file (its URI), or of every file, as lines of text. */
  problems?(fileUri?: string): Promise<string>;
  /** The last command run in a terminal, and its output; undefined when there is none. */
  lastTerminalCommand?(): Promise<{ command: string; output: string } | undefined>;
  /** `git diff` (staged: `--cached`) of each workspace root. */
  gitChanges?(which: 'staged' | 'unstaged'): Promise<string>;
  /** A past thread as Markdown; undefined when it is gone. */
  threadMarkdown?(id: string): Promise<string | undefined>;
  /** A symbol's whole declaration around where symbol search found its name (1-based lines). */
  symbolRange?(fileUri: string, name: string, range: { startLine: number; endLine: number }): Promise<{ startLine: number; endLine: number }>;
}

export interface ResolvedMentions {
  blocks: ContentBlock[];
  /** What was cut or left out and why, one line each. */
  notes: string[];
}

export interface MentionCaps {
  perMention: number;
  perPrompt: number;
}

const DEFAULT_CAPS: MentionCaps = { perMention: MENTION_MAX_BYTES, perPrompt: PROMPT_MAX_BYTES };

/** What one attachment turned into before the caps: text to send, or only a link, or nothing. */
type Content =
  | { kind: 'file'; uri: string; name: string; text?: string; mimeType?: string }
  | { kind: 'other'; uri: string; name: string; heading: string; text: string; mimeType: string }
  | { kind: 'none' };

export async function resolveMentions(
  attachments: readonly Attachment[],
  caps: ComposerCapabilities,
  sources: MentionSources,
  limits: MentionCaps = DEFAULT_CAPS,
  /** The user's language for the notes (`vscode.l10n.t`); what goes to the agent stays English. */
  t: Translate = english,
): Promise<ResolvedMentions> {
  const blocks: ContentBlock[] = [];
  const notes: string[] = [];
  let room = limits.perPrompt;
  for (const attachment of attachments) {
    let content: Content;
    try {
      content = await contentOf(attachment, caps, sources, notes, t);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notes.push(`${attachment.name}: ${reason}`);
      // A file is still named to the agent; it may read it itself.
      if (isFileLike(attachment)) blocks.push({ type: 'resource_link', uri: blockUri(attachment), name: attachment.name });
      continue;
    }
    if (content.kind === 'none') continue;
    if (content.text === undefined) {
      blocks.push({ type: 'resource_link', uri: content.uri, name: content.name });
      continue;
    }
    const size = byteLength(content.text);
    const allowed = Math.min(limits.perMention, room);
    let text = content.text;
    if (size > allowed) {
      if (allowed < MIN_USEFUL_BYTES) {
        notes.push(t('{0}: left out, the prompt\'s {1} for attachments was used up', attachment.name, formatBytes(limits.perPrompt)));
        if (content.kind === 'file') blocks.push({ type: 'resource_link', uri: content.uri, name: content.name });
        continue;
      }
      const why = allowed < limits.perMention ? t('the prompt\'s {0} for attachments was used up', formatBytes(limits.perPrompt)) : t('at most {0} per attachment', formatBytes(limits.perMention));
      text = `${cutToBytes(content.text, allowed - 200)}\n[Agent Chat: cut here, ${formatBytes(allowed - 200)} of ${formatBytes(size)} sent]`;
      notes.push(t('{0}: cut to the first {1} of {2} ({3})', attachment.name, formatBytes(allowed - 200), formatBytes(size), why));
    }
    room -= byteLength(text);
    if (!caps.embeddedContext && content.kind === 'other') {
      blocks.push({ type: 'text', text: `${content.heading}\n\n${text}` });
    } else {
      blocks.push({ type: 'resource', resource: { uri: content.uri, text, mimeType: content.mimeType ?? 'text/plain' } });
    }
  }
  return { blocks, notes };
}

async function contentOf(a: Attachment, caps: ComposerCapabilities, sources: MentionSources, notes: string[], t: Translate): Promise<Content> {
  const kind = a.kind;
  if (kind === undefined || kind === 'file' || kind === 'editor' || kind === 'symbol') {
    if (kind === 'symbol' && a.range && sources.symbolRange) {
      a = { ...a, range: await sources.symbolRange(a.uri, a.name, a.range).catch(() => a.range) };
    }
    const uri = blockUri(a);
    if (!caps.embeddedContext) return { kind: 'file', uri, name: a.name };
    const read = kind === undefined ? sources.readText : sources.readWorkspaceText ?? sources.readText;
    const text = sliceRange(await read(filePath(a.uri)), a.range);
    return { kind: 'file', uri, name: a.name, text, mimeType: mimeFor(a.uri) };
  }
  if (kind === 'folder') {
    const uri = a.uri.replace(/\/+$/, '');
    if (!caps.embeddedContext) return { kind: 'file', uri, name: a.name };
    const listing = await need(sources.listFolder, t('folder listings are not available here'))(filePath(uri), FOLDER_MAX_ENTRIES);
    if (listing.more) notes.push(t('{0}: only the first {1} files of the folder are listed', a.name, FOLDER_MAX_ENTRIES));
    const text = listing.labels.length ? listing.labels.join('\n') + (listing.more ? `\n[Agent Chat: more files not listed]` : '') : '(no files)';
    return { kind: 'file', uri, name: a.name, text, mimeType: 'text/plain' };
  }
  if (kind === 'problems') {
    const all = !a.uri.startsWith('file:');
    const text = await need(sources.problems, t('problems are not available here'))(all ? undefined : a.uri);
    return other(a, all ? 'Problems in all files:' : `Problems in ${a.detail ?? a.name}:`, text, 'text/plain');
  }
  if (kind === 'terminal') {
    const last = await need(sources.lastTerminalCommand, t('terminal output are not available here'))();
    if (!last) {
      notes.push(t('{0}: nothing to send, no terminal command has finished yet in this window', a.name));
      return { kind: 'none' };
    }
    return other(a, `The last terminal command: ${last.command}`, `$ ${last.command}\n${last.output}`, 'text/plain');
  }
  if (kind === 'git') {
    const which = a.uri.endsWith('/staged') ? 'staged' : 'unstaged';
    return other(a, `Git ${which} changes:`, await need(sources.gitChanges, t('git changes are not available here'))(which), 'text/x-diff');
  }
  if (kind !== 'thread') throw new Error(t('unknown kind of mention: {0}', String(kind).slice(0, 40)));
  const id = decodeURIComponent(a.uri.slice(a.uri.lastIndexOf('/') + 1));
  const markdown = await need(sources.threadMarkdown, t('past threads are not available here'))(id);
  if (markdown === undefined) {
    notes.push(t('{0}: left out, the thread is no longer in the history', a.name));
    return { kind: 'none' };
  }
  return other(a, `An earlier conversation, "${a.name}":`, markdown, 'text/markdown');
}

function other(a: Attachment, heading: string, text: string, mimeType: string): Content {
  return { kind: 'other', uri: a.uri, name: a.name, heading, text, mimeType };
}

/** `unavailable` says so in the user's language: it becomes a note. */
function need<T>(source: T | undefined, unavailable: string): T {
  if (!source) throw new Error(unavailable);
  return source;
}

function isFileLike(a: Attachment): boolean {
  return a.kind === undefined || a.kind === 'file' || a.kind === 'editor' || a.kind === 'symbol' || a.kind === 'folder';
}

/** The URI the agent gets: the file's, with `#L<start>-L<end>` for a selection or a symbol. */
export function blockUri(a: Pick<Attachment, 'uri' | 'range'>): string {
  const base = a.uri.split('#')[0]!;
  return a.range ? `${base}#L${a.range.startLine}-L${a.range.endLine}` : base;
}

/** 1-based inclusive line range. */
export function sliceRange(text: string, range: Attachment['range']): string {
  if (!range) return text;
  const lines = text.split('\n');
  return lines.slice(Math.max(0, range.startLine - 1), Math.max(0, range.endLine)).join('\n');
}

/** A `file:` URI's path (decoded; `C:` drive letters kept) without `node:url`, so the module stays portable. */
export function filePath(uri: string): string {
  const u = new URL(uri.split('#')[0]!);
  if (u.protocol !== 'file:') throw new Error(`not a file: ${uri}`);
  const p = decodeURIComponent(u.pathname);
  return /^\/[A-Za-z]:/.test(p) ? p.slice(1).replace(/\//g, '\\') : p;
}

const encoder = new TextEncoder();

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** The longest start of `text` that is at most `max` UTF-8 bytes, never splitting a character. */
export function cutToBytes(text: string, max: number): string {
  const bytes = encoder.encode(text);
  if (bytes.length <= max) return text;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) to a character's first byte.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

const MIME_BY_EXT: Record<string, string> = {
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  json: 'application/json',
  md: 'text/markdown',
  py: 'text/x-python',
  rs: 'text/x-rust',
  go: 'text/x-go',
  html: 'text/html',
  css: 'text/css',
};

export function mimeFor(nameOrUri: string): string {
  const base = nameOrUri.split('#')[0]!.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 && MIME_BY_EXT[base.slice(dot + 1).toLowerCase()]) || 'text/plain';
}
