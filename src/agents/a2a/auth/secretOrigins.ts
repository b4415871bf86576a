/**
 * Where a remote agent's secret may go. The user gives a secret for the URL they configured —
 * its origin (scheme, host, port) is "home". An agent card can name another endpoint
 * (`url`, `supportedInterfaces[].url`, `additionalInterfaces[].url`), a server can redirect:
 * the secret goes to another origin only after the user said yes for that origin, naming
 * both; until then the request is not sent at all (sent without the secret it would only be
 * refused, and the user would be asked for the secret again for nothing).
 */

import { isLoopbackHost } from '../../../services/loopback.js';

export const originOf = (url: string | URL): string => new URL(url).origin;

/** Loopback hosts: plain http:// to them never leaves the machine. */
export const isLoopback = (url: string | URL): boolean => isLoopbackHost(new URL(url).hostname);

/** Plain http:// to another machine: anyone on the network path can read a secret sent there. */
export const isPlainHttpRemote = (url: string | URL): boolean => new URL(url).protocol === 'http:' && !isLoopback(url);

/** The endpoint URLs an agent card names, whichever A2A version it speaks. */
export function cardEndpoints(card: Record<string, unknown>): string[] {
  const urls: string[] = [];
  if (typeof card.url === 'string') urls.push(card.url);
  for (const list of [card.supportedInterfaces, card.additionalInterfaces]) {
    if (!Array.isArray(list)) continue;
    for (const i of list) if (i && typeof i === 'object' && typeof (i as { url?: unknown }).url === 'string') urls.push((i as { url: string }).url);
  }
  return urls.filter((u) => { try { return Boolean(new URL(u)); } catch { return false; } });
}

/** A request the secret was not allowed to go with: it was not sent. */
export class SecretWithheld extends Error {
  constructor(readonly agentName: string, readonly home: string, readonly to: string) {
    super(`Not sent: the secret for ${agentName} was given for ${home}, and the agent asked for requests to go to ${to}; sending it there was not allowed. Check the agent's URL (or its agent card), then send again.`);
    this.name = 'SecretWithheld';
  }
}

/**
 * Per origin, whether the secret goes along: home always; any other origin once the user
 * said yes (asked once per origin for the agent's run — concurrent requests share the answer).
 */
export class OriginGate {
  private readonly answers = new Map<string, Promise<boolean>>();

  constructor(readonly home: string, private readonly ask: (to: string) => Promise<boolean>) {}

  allows(origin: string): Promise<boolean> {
    if (origin === this.home) return Promise.resolve(true);
    let answer = this.answers.get(origin);
    if (!answer) {
      answer = this.ask(origin).catch(() => false);
      this.answers.set(origin, answer);
    }
    return answer;
  }

  /** After a logout: every origin is asked again. */
  reset(): void {
    this.answers.clear();
  }
}
