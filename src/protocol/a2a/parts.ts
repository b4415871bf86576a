/** Parts and messages of either dialect into the neutral shape of `update.ts`. */
import { partV03, messageV03 } from './schemas/v03.js';
import { partV10, messageV10 } from './schemas/v10.js';
import type { A2aMessage, A2aPart } from './update.js';

export function parsePart(raw: unknown): A2aPart {
  const v10 = partV10.safeParse(raw);
  if (!v10.success) return { type: 'unknown', raw };
  const p = v10.data;
  const kind = typeof (raw as { kind?: unknown }).kind === 'string' ? (raw as { kind: string }).kind : undefined;
  if (kind !== undefined) return parsePartV03(raw, kind);
  if (typeof p.text === 'string') return { type: 'text', text: p.text };
  if (p.url !== undefined || p.raw !== undefined) {
    return withDefined({ type: 'file' as const, uri: p.url, bytes: p.raw, name: p.filename, mediaType: p.mediaType });
  }
  if ('data' in p) return { type: 'data', data: p.data };
  return { type: 'unknown', raw };
}

function parsePartV03(raw: unknown, kind: string): A2aPart {
  const p = partV03.parse(raw);
  switch (kind) {
    case 'text':
      return typeof p.text === 'string' ? { type: 'text', text: p.text } : { type: 'unknown', raw };
    case 'file':
      if (!p.file || (p.file.uri === undefined && p.file.bytes === undefined)) return { type: 'unknown', raw };
      return withDefined({ type: 'file' as const, uri: p.file.uri, bytes: p.file.bytes, name: p.file.name, mediaType: p.file.mimeType });
    case 'data':
      return { type: 'data', data: p.data };
    default:
      return { type: 'unknown', raw };
  }
}

/** A message of either dialect; undefined when it is not one. */
export function parseMessage(raw: unknown): A2aMessage | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const looksV03 = 'kind' in raw || typeof (raw as { role?: unknown }).role === 'string' && !(raw as { role: string }).role.startsWith('ROLE_');
  const r = (looksV03 ? messageV03 : messageV10).safeParse(raw);
  if (!r.success) return undefined;
  const role = r.data.role === 'user' || r.data.role === 'ROLE_USER' ? 'user' : 'agent';
  const message: A2aMessage = { role, parts: r.data.parts.map(parsePart) };
  if (r.data.messageId) message.messageId = r.data.messageId;
  return message;
}

/** Drops keys whose value is undefined, so parsed parts compare equal to their JSON round trip. */
function withDefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
