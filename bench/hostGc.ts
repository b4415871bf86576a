/**
 * This process's garbage collector, for the suites that measure the host's heap: V8 gives `gc`
 * to a fresh context once the flag is set, so the bench needs no `--expose-gc` on its command.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function hostGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
