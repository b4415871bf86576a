/**
 * The option a rule answers with: always one the agent offered, chosen by its kind, never by
 * its name. "Allow once" comes first: the rule is the memory, so revoking the rule must be
 * enough to be asked again; the agent's own "always" would remember beyond our reach.
 */
import type { PermissionOption } from '../protocol/events.js';

export function allowOptionOf(options: readonly PermissionOption[]): PermissionOption | undefined {
  return options.find((o) => o.kind === 'allow_once') ?? options.find((o) => o.kind === 'allow_always');
}
