/**
 * The registry for one Add Agent: fetched now (only ever on the user's action), else the last
 * good copy with the reason the fetch failed. A copy is only kept when it parsed as a registry.
 */
import { httpGet, readText } from './install/httpGet.js';
import { parseRegistry } from './parse.js';
import { readCachedRegistry, writeCachedRegistry } from './registryCache.js';
import type { ParsedRegistry } from './types.js';

export type RegistryOrigin = { kind: 'live' } | { kind: 'cache'; fetchedAt: string; reason: string };

export interface LoadedRegistry {
  registry: ParsedRegistry;
  origin: RegistryOrigin;
}

const MAX_REGISTRY_BYTES = 20 * 1024 * 1024;

export async function loadRegistry(url: string, storageDir: string, opts: { signal?: AbortSignal; now?: () => Date } = {}): Promise<LoadedRegistry> {
  const get = { signal: opts.signal, maxBytes: MAX_REGISTRY_BYTES, stallMs: 20_000, what: 'The ACP registry (agentChat.registryUrl)' };
  let fetchError: unknown;
  try {
    const text = await readText(await httpGet(url, get), get);
    const registry = parseText(text, url);
    await writeCachedRegistry(storageDir, { url, fetchedAt: (opts.now?.() ?? new Date()).toISOString(), text }).catch(() => undefined);
    return { registry, origin: { kind: 'live' } };
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    fetchError = error;
  }
  const cached = await readCachedRegistry(storageDir, url);
  const reason = fetchError instanceof Error ? fetchError.message : String(fetchError);
  if (!cached) throw new Error(`${reason} No cached copy of this registry exists yet; check the network or the setting agentChat.registryUrl.`);
  return { registry: parseText(cached.text, url), origin: { kind: 'cache', fetchedAt: cached.fetchedAt, reason } };
}

function parseText(text: string, url: string): ParsedRegistry {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The ACP registry at ${url} is not JSON (${error instanceof Error ? error.message : String(error)}). Check the setting agentChat.registryUrl.`);
  }
  return parseRegistry(json);
}
