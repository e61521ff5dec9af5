import { z } from 'zod';

// For the few calls made past monero-ts's models: it leaves numbers of up to 15 digits as numbers
// (exact below 2^53) and quotes longer ones.

/** Heights, indices, counts: small enough for a JS number. */
export const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** Reads a node's answer with `schema`; an answer of another shape is a node we do not understand. */
export function readAnswer<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error(`unexpected answer to ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
