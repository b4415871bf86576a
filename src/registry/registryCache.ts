/**
 * The last registry that parsed, kept as a file in the extension's global storage, so Add Agent
 * works offline (and says the list is a cached copy from when).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

export interface CachedRegistry {
  url: string;
  /** ISO time of the fetch. */
  fetchedAt: string;
  text: string;
}

const FILE = 'registry-cache.json';

export async function readCachedRegistry(storageDir: string, url: string): Promise<CachedRegistry | undefined> {
  try {
    const cached = JSON.parse(await readFile(path.join(storageDir, FILE), 'utf8')) as Partial<CachedRegistry>;
    // A copy of another registry is not this one: the user changed agentChat.registryUrl.
    if (cached.url !== url || typeof cached.text !== 'string' || typeof cached.fetchedAt !== 'string') return undefined;
    return { url: cached.url, fetchedAt: cached.fetchedAt, text: cached.text };
  } catch {
    return undefined;
  }
}

export async function writeCachedRegistry(storageDir: string, cached: CachedRegistry): Promise<void> {
  await mkdir(storageDir, { recursive: true });
  const file = path.join(storageDir, FILE);
  // Whole or not at all: a crash mid-write must not leave a copy that no longer parses.
  await writeFile(`${file}.tmp`, JSON.stringify(cached));
  await rename(`${file}.tmp`, file);
}
