/**
 * Session configuration as the agent describes it: config options (select / boolean), legacy
 * modes, and available slash commands. Used both in session updates and in session results.
 */
import { z } from 'zod';
import type { AvailableCommand, SessionConfigOption } from '../../events.js';
import { lenientArray, lenientArrayRequired, opt } from './tolerant.js';

const selectOption = z.looseObject({ value: z.string(), name: z.string(), description: opt(z.string()) });
const selectGroup = z.looseObject({
  group: z.string(),
  name: z.string(),
  options: lenientArrayRequired(selectOption),
});

const base = {
  id: z.string(),
  name: z.string(),
  description: opt(z.string()),
  category: opt(z.string()),
};

const selectConfig = z.looseObject({
  ...base,
  type: z.literal('select'),
  currentValue: z.string(),
  // Flat or grouped; a group is recognised by its `group` key.
  options: z.union([z.array(selectGroup).min(1), lenientArrayRequired(selectOption)]),
});
const booleanConfig = z.looseObject({ ...base, type: z.literal('boolean'), currentValue: z.boolean() });

/** Unknown option types are dropped by the lenient arrays that hold these (ACP: ignore them). */
export const sessionConfigOption = z.discriminatedUnion('type', [selectConfig, booleanConfig]) as unknown as z.ZodType<SessionConfigOption>;

export const configOptionList = lenientArrayRequired(sessionConfigOption);

export const sessionMode = z.looseObject({ id: z.string(), name: z.string(), description: opt(z.string()) });
export const sessionModeState = z.looseObject({
  currentModeId: z.string(),
  availableModes: lenientArrayRequired(sessionMode),
});

/** v1 `{name, description, input?: {hint}}`; v2 adds `type: "command"` and `input.type: "text"`. */
const availableCommand = z
  .looseObject({
    type: opt(z.string()),
    name: z.string(),
    description: z.string().catch(''),
    input: opt(z.looseObject({ hint: opt(z.string()) })),
  })
  .refine((c) => c.type === undefined || c.type === null || c.type === 'command')
  .transform(
    (c): AvailableCommand => ({ name: c.name, description: c.description, inputHint: c.input?.hint ?? null }),
  );

export const availableCommandList = lenientArrayRequired(availableCommand);
export const optionalAvailableCommands = lenientArray(availableCommand);
