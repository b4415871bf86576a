/**
 * Building blocks for lenient input schemas.
 *
 * The ACP schema marks most optional fields "default on error" and most arrays "skip invalid
 * items": a malformed optional value must not sink the whole message. These helpers mirror
 * that in zod, so each wire schema reads like the spec table it comes from.
 */
import { z } from 'zod';

/** Optional (and nullable) field; a malformed value reads as absent. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(undefined);
}

/** Array whose bad items are dropped instead of failing the parent. A bad array reads as absent. */
export function lenientArray<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .transform((items) => {
      const out: z.output<T>[] = [];
      for (const raw of items) {
        const r = item.safeParse(raw);
        if (r.success) out.push(r.data);
      }
      return out;
    })
    .nullish()
    .catch(undefined);
}

/** Same as `lenientArray` but required (missing or not an array is an error). */
export function lenientArrayRequired<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) => {
    const out: z.output<T>[] = [];
    for (const raw of items) {
      const r = item.safeParse(raw);
      if (r.success) out.push(r.data);
    }
    return out;
  });
}

/** `_meta` on any type: an object or null; anything else is dropped. */
export const meta = opt(z.record(z.string(), z.unknown()));

export const boolFlag = z.boolean().nullish().catch(undefined);

/** v1 support markers were booleans; newer ones are objects (`{}` = supported, null = not). */
export const supportMarker = z
  .union([z.boolean(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .catch(undefined)
  .transform((v) => v === true || (typeof v === 'object' && v !== null));
