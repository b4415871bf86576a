/**
 * Records every message through the transport tap and checks what WE sent against the
 * official JSON Schema (per method definition: params of our requests/notifications, results
 * of our answers to the agent's requests).
 */
import type { Message } from 'vscode-jsonrpc/node';
import { definitionForMethod, validateOutgoing } from '../../support/schemaValidator.js';

interface Raw {
  id?: string | number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

export class WireLog {
  readonly messages: { direction: 'in' | 'out'; message: Raw }[] = [];
  private readonly agentRequests = new Map<string | number, string>();

  readonly tap = (direction: 'in' | 'out', message: Message): void => {
    const m = JSON.parse(JSON.stringify(message)) as Raw;
    this.messages.push({ direction, message: m });
    if (direction === 'in' && m.method && m.id !== undefined && m.id !== null) this.agentRequests.set(m.id, m.method);
  };

  sent(method: string): Raw[] {
    return this.messages.filter((m) => m.direction === 'out' && m.message.method === method).map((m) => m.message);
  }

  received(method: string): Raw[] {
    return this.messages.filter((m) => m.direction === 'in' && m.message.method === method).map((m) => m.message);
  }

  /** Our answer to the agent's request(s) of this method. */
  answersTo(method: string): Raw[] {
    return this.messages
      .filter((m) => m.direction === 'out' && m.message.method === undefined && this.agentRequests.get(m.message.id as string | number) === method)
      .map((m) => m.message);
  }

  /** Schema violations in everything we sent, as readable lines (empty = all valid). */
  outgoingErrors(version: 1 | 2): string[] {
    const errors: string[] = [];
    for (const { direction, message: m } of this.messages) {
      if (direction !== 'out') continue;
      const where = m.method ?? `answer to ${this.agentRequests.get(m.id as string | number) ?? '?'} #${String(m.id)}`;
      if (m.method) {
        const kind = m.id === undefined ? 'Notification' : 'Request';
        errors.push(...validateOutgoing(version, definitionForMethod(version, m.method, kind), m.params ?? {}).map((e) => `${where}: ${e}`));
      } else if (m.error) {
        if (!Number.isInteger(m.error.code) || typeof m.error.message !== 'string') errors.push(`${where}: malformed error ${JSON.stringify(m.error)}`);
      } else {
        const method = this.agentRequests.get(m.id as string | number);
        if (!method) {
          errors.push(`${where}: answer to an unknown request`);
          continue;
        }
        errors.push(...validateOutgoing(version, definitionForMethod(version, method, 'Response'), m.result).map((e) => `${where}: ${e}`));
      }
    }
    return errors;
  }
}
