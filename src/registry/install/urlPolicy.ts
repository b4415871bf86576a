/**
 * Which addresses the registry and its downloads may come from: https anywhere, plain http only
 * on this machine (a local or test registry). No credentials in URLs.
 */
import { isLoopbackHost } from '../../services/loopback.js';

export function checkRegistryUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${what} "${raw}" is not a URL.`);
  }
  if (url.username || url.password) throw new Error(`${what} must not carry a user name or password.`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new Error(`${what} must use https:// (plain http:// only for this machine), not "${url.protocol}//${url.host}".`);
}
