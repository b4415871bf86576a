/**
 * Agent card discovery: `<url>/.well-known/agent-card.json`, or the URL itself when it already
 * is a card. Tells the protocol version (v1.0 `supportedInterfaces[]`, else v0.3
 * `protocolVersion`) and what the panel shows (name, description, skills with examples), and
 * which secret the agent wants. Every failure is a sentence the user can act on.
 */
export interface AgentSkillInfo {
  id: string;
  name: string;
  description?: string;
  examples: string[];
}

/** A secret the card asks for: a bearer token or an API key in a named header. */
export type CardAuth = { kind: 'bearer' } | { kind: 'header'; headerName: string };

export interface CardInfo {
  /** The card as served (the SDK normalises it again for its transport choice). */
  raw: Record<string, unknown>;
  version: '1.0' | '0.3';
  name: string;
  description?: string;
  skills: AgentSkillInfo[];
  streaming: boolean;
  auth?: CardAuth;
}

export class CardError extends Error {}

export async function discoverCard(url: string, fetchImpl: typeof fetch): Promise<CardInfo> {
  const isCardUrl = /\.json($|\?)/.test(new URL(url).pathname + new URL(url).search);
  const cardUrl = isCardUrl ? url : `${url.replace(/\/+$/, '')}/.well-known/agent-card.json`;
  let response: Response;
  try {
    response = await fetchImpl(cardUrl, { headers: { accept: 'application/json' } }).catch((err: unknown) => {
      // A kept-alive connection the server closed (it restarted) fails once; a GET may be repeated.
      if (!/UND_ERR_SOCKET|ECONNRESET/.test(causeOf(err))) throw err;
      return fetchImpl(cardUrl, { headers: { accept: 'application/json' } });
    });
  } catch (err) {
    throw new CardError(`Could not reach ${cardUrl}: ${causeOf(err)}. Check the URL and that the agent is running.`);
  }
  if (!response.ok) {
    throw new CardError(`${cardUrl} answered HTTP ${response.status}${response.status === 404 ? ' (no agent card there: is the URL the agent\'s base URL?)' : ''}.`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CardError(`${cardUrl} is not JSON (it starts with ${JSON.stringify(text.slice(0, 40))}); an A2A agent card was expected.`);
  }
  return readCard(json, cardUrl);
}

export function readCard(json: unknown, where: string): CardInfo {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new CardError(`${where} is not an A2A agent card (not an object).`);
  const card = json as Record<string, unknown>;
  const interfaces = Array.isArray(card.supportedInterfaces) ? (card.supportedInterfaces as Record<string, unknown>[]) : undefined;
  if (typeof card.name !== 'string' || (!interfaces && typeof card.url !== 'string')) {
    throw new CardError(`${where} is not an A2A agent card (it needs "name" and "url" or "supportedInterfaces").`);
  }
  const v1 = interfaces?.some((i) => typeof i?.protocolVersion === 'string' && i.protocolVersion.startsWith('1.'))
    ?? (typeof card.protocolVersion === 'string' && card.protocolVersion.startsWith('1.'));
  const capabilities = (card.capabilities ?? {}) as Record<string, unknown>;
  const info: CardInfo = {
    raw: card,
    version: v1 ? '1.0' : '0.3',
    name: card.name,
    skills: readSkills(card.skills),
    streaming: capabilities.streaming === true,
  };
  if (typeof card.description === 'string' && card.description) info.description = card.description;
  const auth = readAuth(card.securitySchemes);
  if (auth) info.auth = auth;
  return info;
}

function readSkills(raw: unknown): AgentSkillInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s): AgentSkillInfo[] => {
    if (s === null || typeof s !== 'object' || typeof s.name !== 'string') return [];
    const skill: AgentSkillInfo = {
      id: typeof s.id === 'string' ? s.id : s.name,
      name: s.name,
      examples: Array.isArray(s.examples) ? s.examples.filter((e: unknown): e is string => typeof e === 'string').slice(0, 10) : [],
    };
    if (typeof s.description === 'string') skill.description = s.description;
    return [skill];
  });
}

/** v0.3 `{type:"http",scheme:"bearer"}` / `{type:"apiKey",in:"header",name}`; v1.0 wraps them by name. */
function readAuth(raw: unknown): CardAuth | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  for (const scheme of Object.values(raw as Record<string, unknown>)) {
    if (scheme === null || typeof scheme !== 'object') continue;
    const s = scheme as Record<string, Record<string, unknown> | unknown>;
    const http = (s.httpAuthSecurityScheme ?? (s.type === 'http' ? s : undefined)) as Record<string, unknown> | undefined;
    if (http && String(http.scheme ?? '').toLowerCase() === 'bearer') return { kind: 'bearer' };
    const key = (s.apiKeySecurityScheme ?? (s.type === 'apiKey' ? s : undefined)) as Record<string, unknown> | undefined;
    if (key && (key.in ?? key.location) === 'header' && typeof key.name === 'string') return { kind: 'header', headerName: key.name };
  }
  return undefined;
}

export function causeOf(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
