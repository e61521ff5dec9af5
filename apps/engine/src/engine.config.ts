import { z } from 'zod';
import { NETWORKS } from '@swap/domain';

const chain = z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet');

export const engineConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  DATABASE_URL: z.string().url(),
  NATS_URL: z.string().min(1),
  SWAP_PAYMENT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Liquidity the treasury has not refreshed for this long is not trusted (a node away, the treasury down). */
  LIQUIDITY_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(120),
  HOSTNAME: z.string().default(`engine-${process.pid}`),
  // Inbox partitions are divided among engine instances by leases (see README, "Scaling").
  ENGINE_LEASE_SECONDS: z.coerce.number().positive().default(10),
  ENGINE_LEASE_ROUND_MS: z.coerce.number().int().positive().default(2000),
  /** Seconds past a payment window before a swap without a deposit expires (reports in flight). */
  ENGINE_EXPIRY_GRACE_SECONDS: z.coerce.number().int().nonnegative().default(30),
  ENGINE_INBOX_CONCURRENCY: z.coerce.number().int().positive().max(256).default(16),
  /** Hours a published outbox message is kept for operators before it is deleted. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().positive().default(168),
  // D11: account-level public keys only; the engine derives deposit addresses, it never signs.
  BTC_XPUB: z.string().min(1),
  LTC_XPUB: z.string().min(1),
  XMR_XPUB: z.string().min(1),
  TRX_XPUB: z.string().min(1),
  ETH_XPUB: z.string().min(1),
  SOL_XPUB: z.string().min(1),
  AVAX_XPUB: z.string().min(1),
  BTC_NETWORK: chain,
  LTC_NETWORK: chain,
  XMR_NETWORK: chain,
  TRX_NETWORK: chain,
  ETH_NETWORK: chain,
  SOL_NETWORK: chain,
  AVAX_NETWORK: chain,
});

export type EngineConfig = z.output<typeof engineConfigSchema>;

export const accountKeys = (config: EngineConfig) =>
  Object.fromEntries(NETWORKS.map((n) => [n, config[`${n}_XPUB`]])) as Record<
    (typeof NETWORKS)[number],
    string
  >;

export const chainParams = (config: EngineConfig) =>
  Object.fromEntries(NETWORKS.map((n) => [n, config[`${n}_NETWORK`]])) as Record<
    (typeof NETWORKS)[number],
    'mainnet' | 'testnet' | 'regtest'
  >;
