/**
 * The rule a permission card offers for its request ("Always allow …"), narrow enough to say
 * in a few words: reads and searches inside the workspace; edits, deletions and moves under the
 * top folder they touch (or of the one file at the workspace's top); exactly the command line;
 * calls of one tool, by its name, for the kinds that name neither.
 */
import type { RuleDraft } from './rule.js';
import type { RequestTarget } from './requestTarget.js';
import { placeIn, type PathFlavor } from '../services/platformPaths.js';

export function offerFor(target: RequestTarget, roots: readonly string[], flavor: PathFlavor, owner: { agent: string; workspace: string }): RuleDraft | undefined {
  if (target.type === 'consult') return { ...owner, action: 'consult', scope: { type: 'agent', agent: target.agent } };
  if (target.type === 'command') return { ...owner, action: 'execute', scope: { type: 'command', command: target.command } };
  if (target.type === 'tool') return { ...owner, action: 'tool', scope: { type: 'tool', name: target.name } };
  if (target.action === 'read' || target.action === 'search') return { ...owner, action: target.action, scope: { type: 'workspace' } };
  const places = target.paths.map((p) => placeIn(flavor, roots, p));
  const first = places[0];
  if (!first || places.some((p) => !p || p.root !== first.root)) return undefined;
  if (places.length === 1 && first.below.length === 1) {
    return { ...owner, action: target.action, scope: { type: 'path', path: target.paths[0]!, folder: false } };
  }
  const top = first.below[0];
  const sameTop = places.every((p) => p!.below.length > 1 && (flavor.caseInsensitive ? p!.below[0]!.toLowerCase() === top?.toLowerCase() : p!.below[0] === top));
  if (!top || !sameTop) return undefined;
  return { ...owner, action: target.action, scope: { type: 'path', path: flavor.path.join(first.root, top), folder: true } };
}
