import { hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { NETWORKS, type Network } from '@swap/domain';
import {
  DEFAULT_EXPLORERS,
  type Explorers,
  isExplorerTemplate,
  MAINNET_PAYMENT_CHAINS,
  type StatusPageSettings,
  type SwapPageSettings,
} from '@swap/gateway';
import { isSecretBoxKey } from '@swap/persistence';

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrCidr(entry: string): boolean {
  const cidr = CIDR.exec(entry);
  if (!cidr) return isIP(entry) !== 0;
  const family = isIP(cidr[1]);
  return family !== 0 && Number(cidr[2]) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's (proxy-addr's) names for address ranges: loopback, link-local, and the private ranges
 * (10/8, 172.16/12, 192.168/16, fc00::/7) where a cluster's ingress controller pods are.
 */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which X-Forwarded-For entries to believe: none (false, 0), the last N (the number of proxies in
 * front of the gateway), or those added by the listed proxy addresses, CIDRs and named ranges.
 * "true" (every entry) is refused: behind a proxy that appends to the header, the first entry is
 * whatever the client wrote, and an IP whitelist would take a forged address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every hop lets a client choose its own IP; give the number of proxies in front of the gateway (usually 1) or their addresses/CIDRs',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry) && !NAMED_RANGES.includes(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an IP address, CIDR or ${NAMED_RANGES.join('/')}: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

type ExplorerVariable = `EXPLORER_${Network}_${'TX' | 'ADDRESS'}`;

/** A URL template with `{tx}` or `{address}`; empty: no link for that network. */
const explorerTemplate = (placeholder: '{tx}' | '{address}') =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isExplorerTemplate(value, placeholder), {
      message: `an http(s) URL with ${placeholder} in it, or empty for no link`,
    })
    .optional();

/** EXPLORER_BTC_TX, EXPLORER_BTC_ADDRESS, … for every network (D17's explorer links). */
const explorerVariables = Object.fromEntries(
  NETWORKS.flatMap((network) => [
    [`EXPLORER_${network}_TX`, explorerTemplate('{tx}')],
    [`EXPLORER_${network}_ADDRESS`, explorerTemplate('{address}')],
  ]),
) as Record<ExplorerVariable, ReturnType<typeof explorerTemplate>>;

/** Unset or empty: the fallback, as the EVM services read these variables. */
const chainId = (fallback: bigint) =>
  z
    .string()
    .trim()
    .regex(/^([1-9]\d*)?$/, 'a positive integer')
    .optional()
    .transform((value) => (value ? BigInt(value) : fallback));

function explorersFrom(env: Partial<Record<ExplorerVariable, string>>): Explorers {
  const template = (value: string | undefined, fallback: string | null) =>
    value === undefined ? fallback : value || null;
  return Object.fromEntries(
    NETWORKS.map((network) => [
      network,
      {
        tx: template(env[`EXPLORER_${network}_TX`], DEFAULT_EXPLORERS[network].tx),
        address: template(env[`EXPLORER_${network}_ADDRESS`], DEFAULT_EXPLORERS[network].address),
      },
    ]),
  ) as Record<Network, Explorers[Network]>;
}

export const gatewayConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATABASE_URL: z.string().url(),
    NATS_URL: z.string().min(1),
    /** 32 bytes (64 hex characters or base64) that encrypt API secrets at rest. */
    SECRETS_KEY: z.string().refine(isSecretBoxKey, '32 bytes: 64 hex characters, or base64'),
    /** The key SECRETS_KEY replaces, given for one start after a rotation: what it sealed is sealed again. */
    SECRETS_OLD_KEY: z.string().refine(isSecretBoxKey, '32 bytes: 64 hex characters, or base64').optional(),
    PUBLIC_URL: z.string().url().optional(),
    SWAP_PAYMENT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    /** Behind a load balancer: trust X-Forwarded-For for the caller IP (IP whitelists), see trustProxy. */
    TRUST_PROXY: trustProxy.default(false),
    DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
    /** Recently updated swaps whose status is answered from memory, kept current by their events; 0: none. */
    SWAP_VIEW_CACHE_SIZE: z.coerce.number().int().min(0).default(20_000),
    /** Liquidity the treasury has not refreshed for this long is not quoted against (a node away, the treasury down). */
    LIQUIDITY_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(120),
    /** Identifies this replica in rate-limit gossip and logs. */
    HOSTNAME: z.string().default(`gateway-${process.pid}`),
    /** D17: requests per second (burst as many) one client IP may make to the status pages. */
    STATUS_PAGE_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** D18: swaps (or `all`) one live connection may follow at once. */
    LIVE_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().positive().default(100),
    /** D18: live WebSocket connections of one key (and SSE streams of one client IP) on each replica. */
    LIVE_CONNECTIONS_PER_KEY: z.coerce.number().int().positive().default(20),
    /** D18: the heartbeat; a WebSocket that does not answer a ping by the next one is closed. */
    LIVE_PING_SECONDS: z.coerce.number().int().positive().default(25),
    /** D19: signs the swap page's form stamps and keys its hashes of client IPs; unset: derived from SECRETS_KEY. */
    SWAP_PAGE_SECRET: z.string().trim().min(32, 'at least 32 characters').optional(),
    /** D19: swaps one client IP (IPv6: its /64) may create on the swap page per minute. */
    SWAP_PAGE_CREATES_PER_MINUTE: z.coerce.number().int().positive().default(5),
    /** D19: swaps one client IP may have waiting for their deposit (NEW) at once, across replicas. */
    SWAP_PAGE_OPEN_SWAPS: z.coerce.number().int().positive().default(3),
    /** The status page's EIP-681 payment requests: the chains' ids and the USDT contract (as the EVM services read them). */
    ETH_CHAIN_ID: chainId(MAINNET_PAYMENT_CHAINS.ethChainId),
    AVAX_CHAIN_ID: chainId(MAINNET_PAYMENT_CHAINS.avaxChainId),
    USDTERC_CONTRACT: z
      .string()
      .trim()
      .regex(/^(0x[0-9a-fA-F]{40})?$/, 'an EVM address (0x and 40 hex digits)')
      .optional()
      .transform((value) => value || MAINNET_PAYMENT_CHAINS.usdtErcContract),
    ...explorerVariables,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
    statusPage: {
      explorers: explorersFrom(env),
      chains: {
        ethChainId: env.ETH_CHAIN_ID,
        avaxChainId: env.AVAX_CHAIN_ID,
        usdtErcContract: env.USDTERC_CONTRACT,
      },
    } satisfies StatusPageSettings,
    swapPage: {
      secret: env.SWAP_PAGE_SECRET
        ? Buffer.from(env.SWAP_PAGE_SECRET)
        : Buffer.from(hkdfSync('sha256', env.SECRETS_KEY, '', 'swap page (D19)', 32)),
      createsPerMinute: env.SWAP_PAGE_CREATES_PER_MINUTE,
      openSwaps: env.SWAP_PAGE_OPEN_SWAPS,
    } satisfies SwapPageSettings,
  }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
