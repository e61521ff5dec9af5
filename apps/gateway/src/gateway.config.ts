import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const gatewayConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATABASE_URL: z.string().url(),
    NATS_URL: z.string().min(1),
    /** 32 bytes (64 hex characters or base64) that encrypt API secrets at rest. */
    SECRETS_KEY: z.string().min(32),
    PUBLIC_URL: z.string().url().optional(),
    SWAP_PAYMENT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    /** Behind a load balancer: trust X-Forwarded-For for the caller IP (IP whitelists). */
    TRUST_PROXY: boolean.default(false),
    DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
    /** Identifies this replica in rate-limit gossip and logs. */
    HOSTNAME: z.string().default(`gateway-${process.pid}`),
  })
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}` }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
