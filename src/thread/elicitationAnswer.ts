/**
 * Checks a filled-in elicitation form against its fields. Pure, and shared: the panel uses it
 * to show each field's problem as the user submits, the host uses it again before anything
 * reaches the agent (a webview message is input like any other).
 */
import type { ElicitationField, ElicitationValue } from '../protocol/events.js';

export type ElicitationCheck =
  | { ok: true; content: Record<string, ElicitationValue> }
  | { ok: false; errors: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

export function checkElicitationAnswer(fields: readonly ElicitationField[], answer: Record<string, unknown>): ElicitationCheck {
  const content: Record<string, ElicitationValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = answer[field.name];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) errors[field.name] = 'Required.';
      continue;
    }
    const problem = problemWith(field, value);
    if (problem) errors[field.name] = problem;
    else content[field.name] = value as ElicitationValue;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

function problemWith(field: ElicitationField, value: unknown): string | undefined {
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return 'Expected text.';
      const length = [...value].length;
      if (field.minLength !== undefined && length < field.minLength) return `At least ${field.minLength} characters.`;
      if (field.maxLength !== undefined && length > field.maxLength) return `At most ${field.maxLength} characters.`;
      if (field.format && !formatHolds(field.format, value)) return FORMAT_HINT[field.format];
      if (field.pattern !== undefined && !patternHolds(field.pattern, value)) return 'Does not have the expected form.';
      return undefined;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Expected a number.';
      if (field.integer && !Number.isInteger(value)) return 'Expected a whole number.';
      if (field.minimum !== undefined && value < field.minimum) return `At least ${field.minimum}.`;
      if (field.maximum !== undefined && value > field.maximum) return `At most ${field.maximum}.`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Expected yes or no.';
    case 'choice':
      return typeof value === 'string' && field.options.some((o) => o.value === value) ? undefined : 'Pick one of the choices.';
    case 'multi': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && field.options.some((o) => o.value === v))) return 'Pick from the choices.';
      if (new Set(value).size !== value.length) return 'A choice is picked twice.';
      if (field.minItems !== undefined && value.length < field.minItems) return `Pick at least ${field.minItems}.`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `Pick at most ${field.maxItems}.`;
      return undefined;
    }
  }
}

const FORMAT_HINT: Record<'email' | 'uri' | 'date' | 'date-time', string> = {
  email: 'Expected an email address.',
  uri: 'Expected a URL (https://…).',
  date: 'Expected a date (YYYY-MM-DD).',
  'date-time': 'Expected a date and time (YYYY-MM-DDThh:mm).',
};

function formatHolds(format: keyof typeof FORMAT_HINT, value: string): boolean {
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
