import { z } from 'zod';

export const refundsConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8084),
  NATS_URL: z.string().min(1),
  DATABASE_URL: z.string().url(),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(5),
  /** How often open refunds are moved along and their confirmations counted. */
  REFUNDS_POLL_MS: z.coerce.number().int().positive().default(1000),
  HOSTNAME: z.string().default(`refunds-${process.pid}`),
});
export type RefundsConfig = z.output<typeof refundsConfigSchema>;
