/**
 * What a saved transcript may not hold: values under secret keys (a tool's input with a token,
 * a terminal's env) and any secret the user gave that an entry echoes by value (an agent that
 * printed its environment, an error naming a token). Applied to every save, so the body, the
 * search text and the meta all come from the redacted transcript. Entries with nothing secret
 * are not copied.
 */
import { redactKnownIn, redactSecrets } from '../services/redact.js';
import type { Transcript } from './types.js';

export function redactTranscript(t: Transcript): Transcript {
  return redactKnownIn(redactSecrets(t));
}
