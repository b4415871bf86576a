/**
 * Strict check of what we send, against the JSON Schemas shipped with the official SDK
 * (@agentclientprotocol/sdk/schema/v{1,2}/schema.json), compiled with ajv (draft 2020-12).
 *
 * Input is parsed leniently (zod); output must be exactly what the spec allows. Validate per
 * definition: the root schema also matches extension messages, so it accepts almost anything.
 */
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
type FormatsPlugin = (typeof addFormatsModule)['default'];
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

export type SchemaVersion = 1 | 2;

const require = createRequire(import.meta.url);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// Rust integer formats used by the schema; the numeric bounds are in `minimum`/`maximum`.
for (const f of ['uint16', 'uint32', 'uint64', 'int32', 'int64', 'double', 'float']) ajv.addFormat(f, true);

interface JsonSchemaFile {
  $defs: Record<string, { 'x-method'?: string; 'x-side'?: string }>;
}

const schemas: Record<SchemaVersion, JsonSchemaFile> = {
  1: require('@agentclientprotocol/sdk/schema/v1/schema.json') as JsonSchemaFile,
  2: require('@agentclientprotocol/sdk/schema/v2/schema.json') as JsonSchemaFile,
};
for (const v of [1, 2] as const) ajv.addSchema({ ...schemas[v], $id: `acp-v${v}` });

const compiled = new Map<string, ValidateFunction>();

function validatorFor(version: SchemaVersion, defName: string): ValidateFunction {
  const key = `${version}:${defName}`;
  let fn = compiled.get(key);
  if (fn === undefined) {
    if (!Object.hasOwn(schemas[version].$defs, defName)) {
      throw new Error(`No $defs/${defName} in the ACP v${version} schema`);
    }
    fn = ajv.compile({ $ref: `acp-v${version}#/$defs/${defName}` });
    compiled.set(key, fn);
  }
  return fn;
}

/** Errors as readable lines; an empty array means the value is valid. */
export function validateOutgoing(version: SchemaVersion, defName: string, value: unknown): string[] {
  const fn = validatorFor(version, defName);
  if (fn(value)) return [];
  return (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Definition names in a schema version (for tests that check a definition exists). */
export function definitionNames(version: SchemaVersion): string[] {
  return Object.keys(schemas[version].$defs);
}

/** The definition the schema ties to a method (`x-method`), e.g. ("session/new", "Request"). */
export function definitionForMethod(version: SchemaVersion, method: string, suffix: 'Request' | 'Response' | 'Notification'): string {
  const name = Object.entries(schemas[version].$defs).find(([n, d]) => d['x-method'] === method && n.endsWith(suffix))?.[0];
  if (!name) throw new Error(`No ${suffix} definition for ${method} in ACP v${version}`);
  return name;
}
