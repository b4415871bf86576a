/**
 * Every kind the installed SDK's JSON Schemas define, for the conformance table
 * (docs/PROTOCOL.md): methods and notifications (`x-method` on their definitions), session
 * update kinds (the `sessionUpdate` discriminator's consts) and capability fields (the
 * properties of every `…Capabilities` definition, named `Definition.field`).
 *
 * Whatever `schema/v<n>/*.json` files the SDK ships are read, so a new file (a v3, a new
 * unstable variant) shows up as a schema token no row names. Tokens: `1` for
 * `v1/schema.json`, `1u` for `v1/schema.unstable.json`, and so on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type KindSection = 'methods' | 'updates' | 'capabilities';

export interface SchemaKind {
  section: KindSection;
  name: string;
  /** The schema files that define it, as tokens (`1`, `1u`, `2`, `2u`), sorted. */
  schemas: string[];
  /** Methods only: who sends it — `client`, `agent`, `either` (`$/…`), `proxy`; joined when both ways. */
  sentBy?: string;
}

interface SchemaFile {
  $defs: Record<string, SchemaDef>;
}
interface SchemaDef {
  'x-method'?: string;
  'x-side'?: string;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

const require = createRequire(import.meta.url);

/** The SDK's folder, found through its package entry (its `exports` hide package.json). */
export function sdkRoot(): string {
  let dir = dirname(require.resolve('@agentclientprotocol/sdk'));
  while (!readdirSync(dir).includes('package.json')) dir = dirname(dir);
  return dir;
}

export function sdkVersion(): string {
  return (JSON.parse(readFileSync(join(sdkRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** `v1/schema.unstable.json` → `1u`. */
function tokenOf(versionDir: string, file: string): string {
  return `${versionDir.replace(/^v/, '')}${file.includes('unstable') ? 'u' : ''}`;
}

export function schemaFiles(): Array<{ token: string; path: string }> {
  const root = join(sdkRoot(), 'schema');
  const out: Array<{ token: string; path: string }> = [];
  for (const versionDir of readdirSync(root).filter((d) => /^v\d+$/.test(d)).sort()) {
    for (const file of readdirSync(join(root, versionDir)).filter((f) => f.endsWith('.json')).sort()) {
      out.push({ token: tokenOf(versionDir, file), path: join(root, versionDir, file) });
    }
  }
  return out;
}

/** `x-side` names the side that handles a message; the table says who sends it. */
const SENDER: Readonly<Record<string, string>> = { agent: 'client', client: 'agent', protocol: 'either', proxy: 'proxy' };

export function schemaKinds(): SchemaKind[] {
  const found = new Map<string, { section: KindSection; name: string; schemas: Set<string>; senders: Set<string> }>();
  const note = (section: KindSection, name: string, token: string, sender?: string) => {
    const key = `${section}\u0000${name}`;
    let kind = found.get(key);
    if (!kind) found.set(key, (kind = { section, name, schemas: new Set(), senders: new Set() }));
    kind.schemas.add(token);
    if (sender) kind.senders.add(sender);
  };
  for (const { token, path } of schemaFiles()) {
    const schema = JSON.parse(readFileSync(path, 'utf8')) as SchemaFile;
    for (const [defName, def] of Object.entries(schema.$defs)) {
      if (typeof def['x-method'] === 'string') note('methods', def['x-method'], token, SENDER[def['x-side'] ?? ''] ?? def['x-side']);
      if (defName.endsWith('Capabilities')) {
        for (const field of Object.keys(def.properties ?? {})) if (field !== '_meta') note('capabilities', `${defName}.${field}`, token);
      }
    }
    for (const kind of sessionUpdateConsts(schema)) note('updates', kind, token);
  }
  return [...found.values()]
    .map(({ section, name, schemas, senders }) => {
      const kind: SchemaKind = { section, name, schemas: [...schemas].sort() };
      if (section === 'methods') kind.sentBy = [...senders].sort().join(', ');
      return kind;
    })
    .sort((a, b) => a.section.localeCompare(b.section) || a.name.localeCompare(b.name));
}

/** Every `properties.sessionUpdate.const` anywhere in the schema. */
function sessionUpdateConsts(schema: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const props = (node as { properties?: Record<string, { const?: unknown }> }).properties;
    const value = props?.sessionUpdate?.const;
    if (typeof value === 'string') out.add(value);
    for (const child of Object.values(node)) walk(child);
  };
  walk(schema);
  return out;
}
