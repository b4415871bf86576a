/**
 * Redaction of the secrets a user gives Agent Chat (MCP server `env` and `headers`, auth env
 * values, remote agents' tokens, anything under a key such as `authorization` or `API_KEY`)
 * before a value is logged or saved. The shape stays — keys, array lengths, `name`s of
 * `{name, value}` pairs — so a log still shows what was sent; only the secret values read
 * «redacted».
 *
 * Hot path: the protocol log calls `redactSecrets` for every message on the wire, thousands a
 * second while an agent streams. So the walk copies nothing unless something must change
 * (containers are copied only on the path to a redacted value), key verdicts are cached, and
 * streamed text chunks — whose schema holds no secret — are skipped without a walk.
 */

export const REDACTED = '«redacted»';

/** Last words of a key that name a secret: `token`, `GITHUB_TOKEN`, `clientSecret`, `x-auth-password`. */
const SECRET_LAST_WORDS = new Set([
  'authorization', 'token', 'secret', 'password', 'passwd', 'passphrase', 'credential', 'credentials',
  'cookie', 'cookies', 'apikey', 'bearer',
]);
/** Whole keys (separators removed) that are secrets although their last word alone is not. */
const SECRET_COMPACT_KEYS = new Set(['apikey', 'xapikey', 'pwd', 'auth', 'xauth', 'setcookie', 'privatekey', 'accesskey', 'secretkey']);
/** `…Key` in camelCase is a secret after these words (`apiKey`, `privateKey`); `SOME_KEY` always is. */
const KEY_QUALIFIERS = new Set(['api', 'secret', 'private', 'access', 'auth', 'signing', 'encryption', 'client', 'master', 'license', 'subscription']);
/** Keys whose every value is secret: an MCP server's `env` and `headers`, in map or `[{name, value}]` form. */
const ALL_SECRET_CONTAINERS = new Set(['env', 'environment', 'headers', 'httpheaders']);

const verdicts = new Map<string, KeyVerdict>();
const MAX_CACHED_VERDICTS = 4096;
type KeyVerdict = 0 | 1 | 2; // 0 plain, 1 secret value, 2 container of secrets

function classify(key: string): KeyVerdict {
  let v = verdicts.get(key);
  if (v !== undefined) return v;
  v = classifyUncached(key);
  // Keys come from agents too (tool inputs); bound the cache rather than let it grow forever.
  if (verdicts.size >= MAX_CACHED_VERDICTS) verdicts.clear();
  verdicts.set(key, v);
  return v;
}

function classifyUncached(key: string): KeyVerdict {
  const compact = key.toLowerCase().replace(/[-_.\s]/g, '');
  if (ALL_SECRET_CONTAINERS.has(compact)) return 2;
  if (SECRET_COMPACT_KEYS.has(compact)) return 1;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[-_.\s]+/).filter(Boolean);
  const last = words[words.length - 1];
  if (last === undefined) return 0;
  if (SECRET_LAST_WORDS.has(last)) return 1;
  if (last === 'key' && words.length >= 2) {
    const separated = /[-_]/.test(key);
    if (separated || KEY_QUALIFIERS.has(words[words.length - 2]!)) return 1;
  }
  return 0;
}

/** Whether a key (an object key, a header or variable name) names a secret. */
export function isSecretKey(key: string): boolean {
  return classify(key) !== 0;
}

const MAX_DEPTH = 64;

/**
 * A deep copy of `value` with secret values replaced by REDACTED; the shape stays.
 * Parts that hold no secret are shared with `value`, not copied (the value itself comes back
 * when nothing is secret): treat the result as read-only.
 */
export function redactSecrets<T>(value: T): T {
  if (isStreamedChunk(value)) return value;
  return walk(value, 0) as T;
}

/**
 * The same for a string that may hold secrets given by value (e.g. an error message naming a token).
 * Values shorter than MIN_KNOWN_SECRET cannot be told from ordinary text and are left alone.
 */
export function redactKnown(text: string, secrets: Iterable<string>): string {
  const pattern = patternFor(secrets);
  if (!pattern) return text;
  pattern.lastIndex = 0;
  return pattern.test(text) ? text.replace(pattern, REDACTED) : text;
}

/**
 * One regular expression for all the secrets' forms: a log line is scanned once, not once per
 * secret (8 `includes` on a 200-character line cost ~40× one alternation test). The pattern of
 * the remembered secrets is kept until another is remembered.
 */
let knownPattern: { version: number; pattern: RegExp | undefined } | undefined;
let knownVersion = 0;

function patternFor(secrets: Iterable<string>): RegExp | undefined {
  if (secrets !== known) return compile(secrets);
  if (knownPattern?.version !== knownVersion) knownPattern = { version: knownVersion, pattern: compile(known) };
  return knownPattern.pattern;
}

function compile(secrets: Iterable<string>): RegExp | undefined {
  const forms: string[] = [];
  for (const secret of secrets) if (typeof secret === 'string' && secret.length >= MIN_KNOWN_SECRET) forms.push(...formsOf(secret));
  if (forms.length === 0) return undefined;
  // Longest first: a secret that contains another is replaced whole.
  forms.sort((a, b) => b.length - a.length);
  return new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}

export const MIN_KNOWN_SECRET = 4;

/**
 * Secrets seen so far, by value: what `redactSecrets` replaced (values under secret keys; the
 * values in `env`/`headers` whose name is secret or that look like a token — not `debug` or
 * `/usr/bin`, which would blank ordinary words everywhere) and what callers hand to
 * `rememberSecrets` (a remote agent's token, login variables). Text that echoes one of them —
 * an agent's stderr, an error message, a tool's output saved in a transcript — is redacted with
 * `redactKnown(text, knownSecrets())`. Bounded: the oldest go first.
 */
const known = new Set<string>();
const MAX_KNOWN = 512;

export function rememberSecrets(values: Iterable<string>): void {
  for (const v of values) {
    if (typeof v !== 'string' || v.length < MIN_KNOWN_SECRET || v === REDACTED || known.has(v)) continue;
    if (known.size >= MAX_KNOWN) known.delete(known.values().next().value as string);
    known.add(v);
    knownVersion++;
  }
}

/**
 * A command line's arguments with the values of secret options redacted: `--api-key=…`,
 * `--token …`, `-password …` (an agent's or MCP server's `args`). The same array when none.
 */
export function redactArgs<T>(args: readonly T[]): T[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg !== 'string' || arg[0] !== '-') continue;
    const joined = /^(--?)([A-Za-z][\w.-]*)=(.+)$/s.exec(arg);
    if (joined) {
      if (!isSecretKey(joined[2]!)) continue;
      rememberSecrets([joined[3]!]);
      (copy ??= args.slice())[i] = `${joined[1]}${joined[2]}=${REDACTED}`;
      continue;
    }
    const flag = /^--?([A-Za-z][\w.-]*)$/.exec(arg);
    const value = args[i + 1];
    if (!flag || !isSecretKey(flag[1]!) || typeof value !== 'string' || value.startsWith('-')) continue;
    rememberSecrets([value]);
    (copy ??= args.slice())[i + 1] = REDACTED;
    i++;
  }
  return (copy ?? args) as T[];
}

/** Values of a URL's query parameters named like secrets (`?api_key=…`, `&token=…`), and a password in it. */
export function secretsInUrl(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const found = [...parsed.searchParams].filter(([name, value]) => value && isSecretKey(name)).map(([, value]) => value);
  if (parsed.password) found.push(decodeURIComponent(parsed.password));
  return found;
}

/** Remembers the secrets `redactSecrets` would find in `value` (a configuration as read), by the same rules. */
export function rememberSecretsIn(value: unknown): void {
  walk(value, 0);
}

export function knownSecrets(): ReadonlySet<string> {
  return known;
}

/** A long run of printable characters with letters and digits, not a path or URL: an API key's look. */
function looksLikeToken(v: string): boolean {
  return v.length >= 16 && /^[\x21-\x7e]+$/.test(v) && /\d/.test(v) && /[a-z]/i.test(v) && !/^[/.~]|:\/\//.test(v);
}

/** Every string in `value` with the known secrets replaced; the same reference when none occurs. */
export function redactKnownIn<T>(value: T, secrets: ReadonlySet<string> = known): T {
  if (secrets.size === 0) return value;
  return knownWalk(value, secrets, 0) as T;
}

function knownWalk(value: unknown, secrets: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'string') return redactKnown(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = knownWalk(value[i], secrets, depth + 1);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const next = knownWalk(value[key], secrets, depth + 1);
    if (next !== value[key]) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}

/** The secret strings `redactSecrets` would replace in `value` — to feed `redactKnown` for text built from it. */
export function secretValuesIn(value: unknown): string[] {
  const found: string[] = [];
  collect(value, false, 0, found);
  return found;
}

/** A secret can reach text as written, JSON-escaped or URL-encoded (a query, a form body). */
const formsCache = new Map<string, string[]>();
function formsOf(secret: string): string[] {
  let forms = formsCache.get(secret);
  if (forms) return forms;
  if (formsCache.size >= 2 * MAX_KNOWN) formsCache.clear();
  forms = [secret];
  formsCache.set(secret, forms);
  const json = JSON.stringify(secret).slice(1, -1);
  if (json !== secret) forms.push(json);
  const url = encodeURIComponent(secret);
  if (url !== secret) forms.push(url);
  return forms;
}

/** `session/update` text chunks: by schema they carry text, never configuration; the bulk of a stream. */
const CHUNK_UPDATES = new Set(['agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk']);

function isStreamedChunk(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const msg = value as { method?: unknown; params?: { update?: { sessionUpdate?: unknown; content?: { type?: unknown; _meta?: unknown } } } };
  if (msg.method !== 'session/update') return false;
  const update = msg.params?.update;
  if (!update || !CHUNK_UPDATES.has(update.sessionUpdate as string)) return false;
  // A `_meta` map is free-form: walk such a chunk like any other message.
  return update.content?.type === 'text' && update.content._meta === undefined && Object.keys(update).length === 2;
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The value with secrets redacted; the same reference when there is nothing to redact. */
function walk(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return REDACTED; // Deeper than any message; a cycle is not worth the risk.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const next = walk(item, depth + 1);
      if (next !== item) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  // A `{name: "GITHUB_TOKEN", value: "…"}` pair anywhere: the name says what the value is.
  if (typeof value.name === 'string' && 'value' in value && isSecretKey(value.name) && typeof value.value === 'string') {
    rememberSecrets([value.value]);
    copy = { ...value, value: REDACTED };
  }
  for (const key in value) {
    if (copy && key === 'value' && copy.value === REDACTED) continue;
    const item = value[key];
    if (typeof item !== 'object' && typeof item !== 'string') continue;
    const verdict = classify(key);
    const next = verdict === 1 ? blank(item, depth + 1)
      : verdict === 2 ? blankContainer(item, depth + 1)
      : key === 'args' && Array.isArray(item) ? redactArgs(item) : walk(item, depth + 1);
    if (next !== item) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}

/** Every string under a secret key reads REDACTED; numbers, booleans and the shape stay. */
function blank(value: unknown, depth: number, remember = true): unknown {
  if (typeof value === 'string') {
    if (value === '' || value === REDACTED) return value;
    if (remember || looksLikeToken(value)) rememberSecrets([value]);
    return REDACTED;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => blank(v, depth + 1, remember));
  if (!isPlainObject(value)) return REDACTED;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = blank(value[key], depth + 1, remember || isSecretKey(key));
  return out;
}

/** `env` / `headers`: `[{name, value}]` keeps each name and blanks each value; a map blanks every value. */
function blankContainer(value: unknown, depth: number): unknown {
  if (!Array.isArray(value)) return blank(value, depth, false);
  return value.map((entry) => {
    if (entry && typeof entry === 'object' && !Array.isArray(entry) && 'value' in entry) {
      const { value: v, ...rest } = entry as Record<string, unknown>;
      return { ...rest, value: blank(v, depth + 1, typeof rest.name === 'string' && isSecretKey(rest.name)) };
    }
    // `"NAME=value"` strings: the name may stay, the value may not.
    if (typeof entry === 'string') {
      const eq = entry.indexOf('=');
      if (eq <= 0) return blank(entry, depth + 1, false);
      blank(entry.slice(eq + 1), depth + 1, isSecretKey(entry.slice(0, eq)));
      return `${entry.slice(0, eq + 1)}${REDACTED}`;
    }
    return blank(entry, depth + 1, false);
  });
}

/** Mirror of `walk` that gathers the strings it would replace. */
function collect(value: unknown, secret: boolean, depth: number, out: string[]): void {
  if (typeof value === 'string') {
    if (secret && value.length >= MIN_KNOWN_SECRET) out.push(value);
    return;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, secret, depth + 1, out);
    return;
  }
  if (!isPlainObject(value)) return;
  if (!secret && typeof value.name === 'string' && isSecretKey(value.name)) collect(value.value, true, depth + 1, out);
  for (const key in value) {
    const verdict = classify(key);
    if (verdict === 2 && Array.isArray(value[key])) {
      for (const entry of value[key] as unknown[]) {
        if (entry && typeof entry === 'object' && 'value' in entry) collect((entry as { value: unknown }).value, true, depth + 2, out);
        else if (typeof entry === 'string' && entry.indexOf('=') > 0) collect(entry.slice(entry.indexOf('=') + 1), true, depth + 2, out);
        else collect(entry, true, depth + 2, out);
      }
    } else {
      collect(value[key], secret || verdict !== 0, depth + 1, out);
    }
  }
}
