/** Shared zod helpers for the A2A wire: tolerant in (unknown fields kept, bad optionals dropped). */
import { z } from 'zod';

/** An optional string that never fails the whole object (a number or null becomes undefined). */
export const optString = z.string().optional().catch(undefined);
export const optBool = z.boolean().optional().catch(undefined);
export const metadata = z.record(z.string(), z.unknown()).optional().catch(undefined);

/** A JSON-RPC 2.0 envelope: `result` or `error`. Either dialect wraps its events in it. */
export const jsonRpcResponse = z.looseObject({
  jsonrpc: z.literal('2.0').optional().catch(undefined),
  id: z.union([z.string(), z.number(), z.null()]).optional().catch(undefined),
  result: z.unknown().optional(),
  error: z
    .looseObject({ code: z.number().catch(-32603), message: z.string().catch('Unknown error'), data: z.unknown().optional() })
    .optional(),
});
export type JsonRpcResponse = z.infer<typeof jsonRpcResponse>;
