/**
 * An `agentChat.agents` entry with `"url"`: a remote A2A agent. Every entry we cannot use says
 * which one, why and how to fix it (the panel shows the problem, not only the log).
 */
import type { A2aAgentConfig } from '../../api.js';

export function readRemoteAgent(name: string, value: Record<string, unknown>): { config?: A2aAgentConfig; problem?: string } {
  const raw = value.url;
  if (typeof raw !== 'string' || raw.trim() === '') return { problem: `agent "${name}": "url" must be the agent's http(s) address, e.g. "https://agent.example.com".` };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { problem: `agent "${name}": "url" ${JSON.stringify(raw)} is not a URL; write it as "https://host/path".` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `agent "${name}": "url" must start with https:// (or http://), not ${url.protocol}` };
  }
  if (url.username || url.password) {
    return { problem: `agent "${name}": do not put credentials in "url"; remove them — Agent Chat asks for the token and keeps it in secret storage.` };
  }
  const headers: Record<string, string> = {};
  if (value.headers && typeof value.headers === 'object') {
    for (const [k, v] of Object.entries(value.headers as Record<string, unknown>)) {
      if (typeof v !== 'string') continue;
      // A secret in settings would sit in plain text and sync; the secret store is the place for it.
      if (/^authorization$|key|token|secret/i.test(k)) return { problem: `agent "${name}": header "${k}" looks like a secret; remove it from settings — Agent Chat asks for it and keeps it in secret storage.` };
      headers[k] = v;
    }
  }
  const consultable = value.consultable === false ? { consultable: false } : {};
  return { config: { kind: 'a2a', name, url: url.href.replace(/\/$/, url.pathname === '/' ? '' : '/'), headers, ...consultable } };
}
