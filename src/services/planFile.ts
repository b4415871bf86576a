/**
 * A plan the agent gives as a file (`plan_update` with `type: "file"`, a URI): the file the
 * Open button may open. Only a `file:` URI inside a workspace root, checked on its real path
 * (links resolved, as for the agent's own reads), so a plan cannot make the editor open
 * `/etc/passwd` or a link that leads out of the workspace.
 */
import { fileURLToPath } from 'node:url';
import { confinePath } from './confine.js';
import { HostServiceError } from './hostServices.js';

export type PlanFileTarget = { ok: true; path: string } | { ok: false; reason: string };

export async function planFileTarget(uri: string, roots: readonly string[]): Promise<PlanFileTarget> {
  let path: string;
  try {
    if (!/^file:/i.test(uri.trim())) return { ok: false, reason: `not a file URI: ${uri}` };
    path = fileURLToPath(uri.trim());
  } catch (error) {
    return { ok: false, reason: `not a usable file URI: ${uri} (${(error as Error).message})` };
  }
  try {
    return { ok: true, path: (await confinePath(path, roots)).realPath };
  } catch (error) {
    if (error instanceof HostServiceError) return { ok: false, reason: error.message };
    throw error;
  }
}
