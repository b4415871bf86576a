/**
 * `elicitation/create` params → what the panel asks the user (a form, or a page to open).
 *
 * The form schema is a small JSON-schema subset (flat object of string / number / integer /
 * boolean / enum / multi-select properties). Anything we could not render faithfully — an
 * unknown property type, a pattern that is not a regular expression, bounds that contradict
 * each other, a required name with no property — is refused with the path of the offending
 * field, so the agent hears -32602 with a reason and the user never sees a broken form.
 * Unknown optional details (a string `format` we do not know) are ignored, as everywhere on input.
 */
import type { ElicitationChoice, ElicitationField, ElicitationPrompt } from '../events.js';

export interface ElicitationRequest {
  /** Session scope; absent for the request-scoped form (`requestId`), which has no thread to show in. */
  sessionId?: string;
  toolCallId?: string;
  prompt: ElicitationPrompt;
}

export type ElicitationParse = { ok: true; value: ElicitationRequest } | { ok: false; error: string };

/** More fields than a person fills in inline; a schema past this is refused rather than cut. */
export const MAX_FIELDS = 40;
const MAX_TEXT = 4000;
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

class Invalid extends Error {}
const fail = (path: string, why: string): never => {
  throw new Invalid(`${path}: ${why}`);
};

export function parseElicitation(raw: unknown): ElicitationParse {
  try {
    return { ok: true, value: read(raw) };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, error: err.message };
    throw err;
  }
}

function read(raw: unknown): ElicitationRequest {
  const p = object(raw, 'params');
  const message = clip(string(p.message, 'message'));
  const out: ElicitationRequest = { prompt: undefined as unknown as ElicitationPrompt };
  if (typeof p.sessionId === 'string' && p.sessionId) out.sessionId = p.sessionId;
  else if (p.requestId === undefined || p.requestId === null) fail('sessionId', 'expected a session id (or a requestId)');
  if (typeof p.toolCallId === 'string' && p.toolCallId) out.toolCallId = p.toolCallId;
  switch (p.mode) {
    case 'form':
      out.prompt = { mode: 'form', message, ...readSchema(p.requestedSchema) };
      break;
    case 'url':
      out.prompt = { mode: 'url', message, url: readUrl(p.url), elicitationId: string(p.elicitationId, 'elicitationId') };
      break;
    default:
      fail('mode', `unsupported mode ${JSON.stringify(p.mode)} (this client supports "form" and "url")`);
  }
  return out;
}

function readSchema(raw: unknown): { title?: string; description?: string; fields: ElicitationField[] } {
  const schema = object(raw, 'requestedSchema');
  if (schema.type !== undefined && schema.type !== null && schema.type !== 'object') {
    fail('requestedSchema.type', `expected "object", got ${JSON.stringify(schema.type)}`);
  }
  const properties = schema.properties === undefined || schema.properties === null ? {} : object(schema.properties, 'requestedSchema.properties');
  const names = Object.keys(properties);
  if (names.length > MAX_FIELDS) fail('requestedSchema.properties', `${names.length} fields; at most ${MAX_FIELDS} are shown`);
  const required = readRequired(schema.required, names);
  const fields = names.map((name) => readField(name, properties[name], required.has(name)));
  const out: { title?: string; description?: string; fields: ElicitationField[] } = { fields };
  if (typeof schema.title === 'string' && schema.title) out.title = clip(schema.title);
  if (typeof schema.description === 'string' && schema.description) out.description = clip(schema.description);
  return out;
}

function readRequired(raw: unknown, names: string[]): Set<string> {
  if (raw === undefined || raw === null) return new Set();
  if (!Array.isArray(raw)) fail('requestedSchema.required', 'expected an array of property names');
  const out = new Set<string>();
  for (const [i, name] of (raw as unknown[]).entries()) {
    if (typeof name !== 'string' || !names.includes(name)) fail(`requestedSchema.required.${i}`, `${JSON.stringify(name)} is not a property of the form`);
    out.add(name as string);
  }
  return out;
}

function readField(name: string, raw: unknown, required: boolean): ElicitationField {
  const path = `requestedSchema.properties.${name}`;
  const p = object(raw, path);
  const base = { name, label: clip(text(p.title) ?? name), required, ...(text(p.description) ? { description: clip(text(p.description)!) } : {}) };
  switch (p.type) {
    case 'string': {
      const choices = readChoices(p, path);
      if (choices) {
        const field: ElicitationField = { ...base, kind: 'choice', options: choices };
        if (typeof p.default === 'string' && choices.some((c) => c.value === p.default)) field.default = p.default;
        return field;
      }
      const field: ElicitationField = { ...base, kind: 'text' };
      if (typeof p.format === 'string' && FORMATS.has(p.format)) field.format = p.format as 'email';
      const minLength = count(p.minLength, `${path}.minLength`);
      const maxLength = count(p.maxLength, `${path}.maxLength`);
      if (minLength !== undefined) field.minLength = minLength;
      if (maxLength !== undefined) field.maxLength = maxLength;
      if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) fail(path, `minLength ${minLength} is above maxLength ${maxLength}`);
      if (typeof p.pattern === 'string') {
        try {
          new RegExp(p.pattern, 'u');
        } catch {
          fail(`${path}.pattern`, 'not a valid regular expression');
        }
        field.pattern = p.pattern;
      }
      if (typeof p.default === 'string') field.default = p.default;
      return field;
    }
    case 'number':
    case 'integer': {
      const field: ElicitationField = { ...base, kind: 'number', integer: p.type === 'integer' };
      const minimum = finite(p.minimum, `${path}.minimum`);
      const maximum = finite(p.maximum, `${path}.maximum`);
      if (minimum !== undefined) field.minimum = minimum;
      if (maximum !== undefined) field.maximum = maximum;
      if (minimum !== undefined && maximum !== undefined && minimum > maximum) fail(path, `minimum ${minimum} is above maximum ${maximum}`);
      if (typeof p.default === 'number' && Number.isFinite(p.default)) field.default = p.default;
      return field;
    }
    case 'boolean': {
      const field: ElicitationField = { ...base, kind: 'boolean' };
      if (typeof p.default === 'boolean') field.default = p.default;
      return field;
    }
    case 'array': {
      const items = object(p.items, `${path}.items`);
      const options = readChoices(items, `${path}.items`) ?? fail(`${path}.items`, 'expected "enum" or "anyOf" choices');
      const field: ElicitationField = { ...base, kind: 'multi', options };
      const minItems = count(p.minItems, `${path}.minItems`);
      const maxItems = count(p.maxItems, `${path}.maxItems`);
      if (minItems !== undefined) field.minItems = minItems;
      if (maxItems !== undefined) field.maxItems = maxItems;
      if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) fail(path, `minItems ${minItems} is above maxItems ${maxItems}`);
      if (Array.isArray(p.default)) field.default = p.default.filter((v): v is string => typeof v === 'string' && options.some((o) => o.value === v));
      return field;
    }
    default:
      return fail(`${path}.type`, `unsupported type ${JSON.stringify(p.type)} (string, number, integer, boolean or array)`);
  }
}

/** `enum` (untitled) or `oneOf` / `anyOf` (titled `{const, title}`) choices; undefined when neither. */
function readChoices(p: Record<string, unknown>, path: string): ElicitationChoice[] | undefined {
  if (Array.isArray(p.enum)) {
    if (p.enum.length === 0) fail(`${path}.enum`, 'no choices');
    return p.enum.map((v, i) => {
      if (typeof v !== 'string') fail(`${path}.enum.${i}`, 'expected a string');
      return { value: v as string, label: clip(v as string) };
    });
  }
  const titled = Array.isArray(p.oneOf) ? { list: p.oneOf, key: 'oneOf' } : Array.isArray(p.anyOf) ? { list: p.anyOf, key: 'anyOf' } : undefined;
  if (!titled) return undefined;
  if (titled.list.length === 0) fail(`${path}.${titled.key}`, 'no choices');
  return titled.list.map((raw, i) => {
    const o = object(raw, `${path}.${titled.key}.${i}`);
    const value = string(o.const, `${path}.${titled.key}.${i}.const`);
    const choice: ElicitationChoice = { value, label: clip(text(o.title) ?? value) };
    if (text(o.description)) choice.description = clip(text(o.description)!);
    return choice;
  });
}

function readUrl(raw: unknown): string {
  const value = string(raw, 'url');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('url', 'not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('url', `only http(s) pages are opened, not ${url.protocol}`);
  return url.href;
}

function object(raw: unknown, path: string): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(path, 'expected an object');
  return raw as Record<string, unknown>;
}

function string(raw: unknown, path: string): string {
  if (typeof raw !== 'string' || raw === '') fail(path, 'expected a non-empty string');
  return raw as string;
}

function text(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

function count(raw: unknown, path: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) fail(path, 'expected a non-negative integer');
  return raw as number;
}

function finite(raw: unknown, path: string): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) fail(path, 'expected a number');
  return raw as number;
}

function clip(value: string): string {
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}
