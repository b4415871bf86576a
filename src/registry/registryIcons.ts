/**
 * The registry entries' icons for the Add Agent picker: fetched under the registry's URL policy
 * (https, plain http only on loopback), at most 64 KB, kept only when the bytes are an SVG or a
 * PNG, stored in global storage beside the cached registry under a hash of the URL, and the
 * stored file reused when a fetch fails (offline). One overall deadline: a slow icon host never
 * holds the picker back; an icon that did not arrive in time is simply not shown.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { httpGet, streamWithAbort, type GetOptions } from './install/httpGet.js';

export const MAX_ICON_BYTES = 64 * 1024;
/** How long the picker waits for icons at most. */
export const ICON_DEADLINE_MS = 1000;

const FOLDER = 'registry-icons';
type IconKind = 'svg' | 'png';
const KINDS: IconKind[] = ['svg', 'png'];

export interface IconOptions {
  /** Overall time for all icons; the ones still on the way are aborted. */
  deadlineMs?: number;
  signal?: AbortSignal;
  /** One line per icon that could not be fetched (for the protocol log). */
  onFailure?: (url: string, reason: string) => void;
}

/** Icon URL → the stored file to show, for every icon that was fetched or is stored from before. */
export async function loadRegistryIcons(urls: Iterable<string>, storageDir: string, opts: IconOptions = {}): Promise<Map<string, string>> {
  const unique = [...new Set(urls)];
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const timer = setTimeout(() => abort.abort(), opts.deadlineMs ?? ICON_DEADLINE_MS);
  try {
    const files = await Promise.all(unique.map(async (url) => {
      try {
        return await fetchIcon(url, storageDir, abort.signal);
      } catch (error) {
        const reason = abort.signal.aborted ? `not fetched within ${opts.deadlineMs ?? ICON_DEADLINE_MS} ms` : error instanceof Error ? error.message : String(error);
        const stored = await storedIcon(storageDir, url);
        opts.onFailure?.(url, stored ? `${reason} (showing the stored copy)` : reason);
        return stored;
      }
    }));
    return new Map(unique.flatMap((url, i) => (files[i] ? [[url, files[i]] as const] : [])));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Fetches one icon, checks it and stores it; returns the stored file. */
export async function fetchIcon(url: string, storageDir: string, signal?: AbortSignal): Promise<string> {
  const get: GetOptions = { signal, maxBytes: MAX_ICON_BYTES, stallMs: 5_000, what: 'The registry icon' };
  const res = await httpGet(url, get);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of streamWithAbort(res, get)) {
    size += chunk.length;
    if (size > MAX_ICON_BYTES) {
      res.body.destroy();
      throw new Error(`The registry icon at ${res.url} is larger than the ${MAX_ICON_BYTES} bytes Agent Chat accepts.`);
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  const kind = sniffIcon(bytes);
  if (!kind) throw new Error(`The registry icon at ${res.url} is neither an SVG nor a PNG image.`);
  const dir = path.join(storageDir, FOLDER);
  await mkdir(dir, { recursive: true });
  const file = iconFile(storageDir, url, kind);
  // Whole or not at all, and one kind per URL: an icon that changed from SVG to PNG replaces it.
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  for (const other of KINDS) if (other !== kind) await rm(iconFile(storageDir, url, other), { force: true });
  return file;
}

/** What the bytes are, by content (never by the server's Content-Type or the URL's extension). */
export function sniffIcon(bytes: Buffer): IconKind | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '');
  if (SVG_START.test(head)) return 'svg';
  return undefined;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** An XML declaration, comments and a doctype may come before the <svg> root element. */
const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

export function iconFile(storageDir: string, url: string, kind: IconKind): string {
  const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
  return path.join(storageDir, FOLDER, `${key}.${kind}`);
}

/** The copy stored by an earlier fetch, if any. */
export async function storedIcon(storageDir: string, url: string): Promise<string | undefined> {
  for (const kind of KINDS) {
    const file = iconFile(storageDir, url, kind);
    try {
      await access(file);
      return file;
    } catch {
      // not stored as this kind
    }
  }
  return undefined;
}
