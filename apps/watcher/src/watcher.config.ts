import { z } from 'zod';
import { nodeSettings, type NodeSettings } from '@swap/chain';
import { NETWORKS, type Network } from '@swap/domain';
import { hotWalletAddress, watcherSettings, type WatcherSettings } from '@swap/watcher';

const commonSchema = z.looseObject({
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  NATS_URL: z.string().min(1),
  DATABASE_URL: z.string().url(),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(5),
  HOSTNAME: z.string().min(1).optional(),
  WATCHER_NETWORK: z.enum(NETWORKS),
  WATCHER_POLL_MS: z.coerce.number().int().positive().default(1000),
  WATCHER_RETENTION_DAYS: z.coerce.number().nonnegative().default(30),
  // Unset: the network's deepest confirmation requirement, so recent deposits are found.
  WATCHER_START_DEPTH: z.coerce.number().int().nonnegative().optional(),
  WATCHER_VANISH_BLOCKS: z.coerce.number().int().positive().default(3),
  WATCHER_REORG_MARGIN: z.coerce.number().int().nonnegative().default(6),
  WATCHER_LATE_WINDOW_SECONDS: z.coerce.number().nonnegative().default(3600),
  WATCHER_CLOCK_SKEW_SECONDS: z.coerce.number().nonnegative().default(10),
  WATCHER_LEASE_SECONDS: z.coerce.number().positive().default(15),
});

/**
 * A watcher reads its own network's variables only (the XMR "xpub" holds a view key); its node's
 * variables are parsed by completeConfig, and the node itself checked by its reader at start.
 */
function networkSchema(network: Network) {
  const xpub = `${network}_XPUB`;
  const chain = `${network}_NETWORK`;
  return z
    .object({
      [xpub]: z.string().min(1),
      [chain]: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
    })
    .transform((own) => ({
      accountPublic: own[xpub] as string,
      chain: own[chain] as 'mainnet' | 'testnet' | 'regtest',
    }));
}

export interface WatcherConfig {
  port: number;
  natsUrl: string;
  databaseUrl: string;
  dbPoolSize: number;
  /** This replica's name on the bus and in the follower lease (the pod name on Kubernetes). */
  hostname: string;
  network: Network;
  /** `<NETWORK>_XPUB`: deposit addresses are derived from it (the XMR one opens a view-only wallet). */
  accountPublic: string;
  pollMs: number;
  settings: WatcherSettings;
  /** The network's node (D10, D11): the devnet unless its variables name a real one. */
  node: NodeSettings;
}

/** The watcher's environment (use with loadConfig): the common variables, then its network's. */
export const watcherConfigSchema = commonSchema.transform((env, ctx): Omit<WatcherConfig, 'node'> => {
  const network = env.WATCHER_NETWORK;
  const own = networkSchema(network).safeParse(env);
  if (!own.success) {
    for (const issue of own.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const { accountPublic, chain } = own.data;
  let hotWallet: string;
  try {
    hotWallet = hotWalletAddress(network, accountPublic, chain);
  } catch {
    const message = `not an account public key of ${network} (swapctl keys xpubs prints them)`;
    ctx.addIssue({ code: 'custom', message, path: [`${network}_XPUB`] });
    return z.NEVER;
  }
  return {
    port: env.PORT,
    natsUrl: env.NATS_URL,
    databaseUrl: env.DATABASE_URL,
    dbPoolSize: env.DB_POOL_SIZE,
    hostname: env.HOSTNAME ?? `watcher-${network.toLowerCase()}-${process.pid}`,
    network,
    accountPublic,
    pollMs: env.WATCHER_POLL_MS,
    settings: watcherSettings(network, hotWallet, {
      retentionDays: env.WATCHER_RETENTION_DAYS,
      startDepth: env.WATCHER_START_DEPTH,
      vanishBlocks: env.WATCHER_VANISH_BLOCKS,
      reorgMargin: env.WATCHER_REORG_MARGIN,
      lateWindowMs: env.WATCHER_LATE_WINDOW_SECONDS * 1000,
      clockSkewMs: env.WATCHER_CLOCK_SKEW_SECONDS * 1000,
      leaseMs: env.WATCHER_LEASE_SECONDS * 1000,
    }),
  };
});

/** The parsed variables and the network's node settings (a bad one: NodeSettingsError, naming it). */
export function completeConfig(
  parsed: z.output<typeof watcherConfigSchema>,
  env: NodeJS.ProcessEnv,
): WatcherConfig {
  return { ...parsed, node: nodeSettings(parsed.network, env) };
}
