/**
 * Checks a filled-in elicitation form against its fields. Pure, and shared: the panel uses it
 * to show each field's problem as the user submits, the host uses it again before anything
 * reaches the agent (a webview message is input like any other).
 */
import type { ElicitationField, ElicitationValue } from '../../protocol/events.js';
import { english, type Translate } from '../translate.js';

export type ElicitationCheck =
  | { ok: true; content: Record<string, ElicitationValue> }
  | { ok: false; errors: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** `t` words the problems in the user's language (the panel passes its lookup); English by default. */
export function checkElicitationAnswer(fields: readonly ElicitationField[], answer: Record<string, unknown>, t: Translate = english): ElicitationCheck {
  const content: Record<string, ElicitationValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = answer[field.name];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) errors[field.name] = t('Required.');
      continue;
    }
    const problem = problemWith(field, value, t);
    if (problem) errors[field.name] = problem;
    else content[field.name] = value as ElicitationValue;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

function problemWith(field: ElicitationField, value: unknown, t: Translate): string | undefined {
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return t('Expected text.');
      const length = [...value].length;
      if (field.minLength !== undefined && length < field.minLength) return t('At least {0} characters.', field.minLength);
      if (field.maxLength !== undefined && length > field.maxLength) return t('At most {0} characters.', field.maxLength);
      if (field.format && !formatHolds(field.format, value)) return formatHint(field.format, t);
      if (field.pattern !== undefined && !patternHolds(field.pattern, value)) return t('Does not have the expected form.');
      return undefined;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return t('Expected a number.');
      if (field.integer && !Number.isInteger(value)) return t('Expected a whole number.');
      if (field.minimum !== undefined && value < field.minimum) return t('At least {0}.', field.minimum);
      if (field.maximum !== undefined && value > field.maximum) return t('At most {0}.', field.maximum);
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : t('Expected yes or no.');
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value) ? undefined : t('Pick one of the choices.');
    case 'multi': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && field.options.some((o) => o.value === v))) return t('Pick from the choices.');
      if (new Set(value).size !== value.length) return t('A choice is picked twice.');
      if (field.minItems !== undefined && value.length < field.minItems) return t('Pick at least {0}.', field.minItems);
      if (field.maxItems !== undefined && value.length > field.maxItems) return t('Pick at most {0}.', field.maxItems);
      return undefined;
    }
  }
}

type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

function formatHint(format: TextFormat, t: Translate): string {
  switch (format) {
    case 'email': return t('Expected an email address.');
    case 'uri': return t('Expected a URL (https://…).');
    case 'date': return t('Expected a date (YYYY-MM-DD).');
    case 'date-time': return t('Expected a date and time (YYYY-MM-DDThh:mm).');
  }
}

function formatHolds(format: TextFormat, value: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(value);
    case 'uri':
      try {
        return new URL(value).protocol.length > 1;
      } catch {
        return false;
      }
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
  }
}

function patternHolds(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}
