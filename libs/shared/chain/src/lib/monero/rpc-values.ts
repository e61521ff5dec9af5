import { z } from 'zod';

// parseJsonExact leaves every JSON number as its source text: these read that text back.

/** Heights, indices, counts: small enough for a JS number. */
export const count = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value), 'too large');

/** Piconero, exact. */
export const piconero = z.string().regex(/^\d+$/).transform(BigInt);

export const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Reads a node's answer with `schema`; an answer of another shape is a node we do not understand. */
export function readAnswer<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error(`unexpected answer to ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
