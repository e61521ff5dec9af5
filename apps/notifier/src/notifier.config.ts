import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '@swap/notifier';
import { isSecretBoxKey } from '@swap/persistence';

const secretsKey = z.string().refine(isSecretBoxKey, '32 bytes: 64 hex characters, or base64');

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

export const notifierConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8086),
  NATS_URL: z.string().min(1),
  DATABASE_URL: z.string().url(),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(5),
  /** The notifier's own key for webhook secrets at rest; never the gateway's SECRETS_KEY. */
  WEBHOOK_SECRETS_KEY: secretsKey,
  /**
   * The key stored webhook secrets were sealed with before (the gateway's SECRETS_KEY, before the
   * notifier had a key of its own): read once at start-up to seal them again, then drop it.
   */
  WEBHOOK_SECRETS_OLD_KEY: secretsKey.optional(),
  /** The gateway's PUBLIC_URL: the base of the status-page links in the swap orders sent. */
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** D12: loopback, private and link-local receivers are refused unless this is true. */
  WEBHOOK_ALLOW_PRIVATE: flag,
  /** D12: a 2xx within this long is a delivery. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Seconds between failed attempts (D12's schedule); tests shorten it. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE.join(','))
    .transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** Attempts under way at once in one replica, and for one key. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(64),
  WEBHOOK_PER_KEY_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /** How often an idle replica looks for due retries (new events wake it at once). */
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(500),
  /** Delivered and given-up events are forgotten after this many days (each swap's last one is kept). */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  HOSTNAME: z.string().default(`notifier-${process.pid}`),
});
export type NotifierConfig = z.output<typeof notifierConfigSchema>;
