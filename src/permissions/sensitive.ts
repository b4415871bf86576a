/**
 * Targets that always ask, whatever the rules say: secrets (.env files, keys and certificates,
 * credential files), the repository's and the editor's own configuration (`.git/`, `.vscode/`:
 * hooks and tasks there run code), and anything outside the workspace folders. Matching is
 * case-insensitive everywhere: a secret named `.ENV` on a case-sensitive disk is still a secret,
 * and asking once too often is the safe mistake.
 */
import { placeIn, type PathFlavor } from '../services/platformPaths.js';
import { english, type Translate } from '../thread/translate.js';

/** Folders whose contents always ask. */
const GUARDED_FOLDERS = new Set(['.git', '.vscode', '.ssh', '.gnupg']);

/** File names (lower case) that hold credentials. */
const SECRET_NAMES = new Set(['.npmrc', '.netrc', '.pypirc', '.pgpass', '.git-credentials', 'credentials', 'authorized_keys', 'known_hosts']);

/** Extensions (lower case) of keys, certificates and key stores. */
const SECRET_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.crt', '.cer', '.der', '.p8', '.jks', '.keystore', '.kdbx', '.gpg', '.asc'];

/** Private key files by their usual names (`id_rsa`, `id_ed25519.pub` too: asking costs little). */
const KEY_FILE = /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\.|$)/;

/**
 * Why a file name alone makes a target sensitive, or undefined. The reasons are shown to the
 * user (modals, the rules editor): `t` says them in the user's language, English by default.
 */
export function secretNameReason(name: string, t: Translate = english): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith('.env') || lower.endsWith('.env')) return t('an environment file (.env)');
  if (SECRET_NAMES.has(lower)) return t('a credentials file ({0})', name);
  if (KEY_FILE.test(lower)) return t('a key file ({0})', name);
  const ext = SECRET_EXTENSIONS.find((e) => lower.endsWith(e));
  if (ext) return t('a key or certificate (*{0})', ext);
  return undefined;
}

/**
 * Why `p` (absolute) always asks, or undefined when a rule may answer for it. Only the part
 * below the workspace folder counts, so a workspace that itself lives under a `.vscode` folder
 * is not sensitive as a whole.
 */
export function sensitiveReason(flavor: PathFlavor, roots: readonly string[], p: string, t: Translate = english): string | undefined {
  const place = placeIn(flavor, roots, p);
  if (!place) return t('outside the workspace folders');
  for (const segment of place.below.slice(0, -1)) {
    if (GUARDED_FOLDERS.has(segment.toLowerCase())) return t('inside {0}/', segment);
    // A folder named like a secret (`.env/`, `credentials/`) is treated as one.
    const secret = secretNameReason(segment, t);
    if (secret) return t('inside {0}/, {1}', segment, secret);
  }
  const name = place.below[place.below.length - 1];
  if (name === undefined) return undefined;
  if (GUARDED_FOLDERS.has(name.toLowerCase())) return t('the {0}/ folder', name);
  return secretNameReason(name, t);
}
