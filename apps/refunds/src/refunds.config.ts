import { z } from 'zod';
import { nodeSettings, type NodeSettings } from '@swap/chain';
import { NETWORKS, type Network } from '@swap/domain';

export const refundsConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8084),
  NATS_URL: z.string().min(1),
  DATABASE_URL: z.string().url(),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(5),
  /** How often open refunds are moved along and their confirmations counted. */
  REFUNDS_POLL_MS: z.coerce.number().int().positive().default(1000),
  HOSTNAME: z.string().default(`refunds-${process.pid}`),
});

export type RefundsConfig = z.output<typeof refundsConfigSchema> & {
  /** Each network's node (D10, D11): the devnet unless its variables name a real one. */
  nodes: Readonly<Record<Network, NodeSettings>>;
};

/** The parsed variables and every network's node settings (a bad one: NodeSettingsError, naming it). */
export function completeConfig(
  parsed: z.output<typeof refundsConfigSchema>,
  env: NodeJS.ProcessEnv,
): RefundsConfig {
  const nodes = Object.fromEntries(NETWORKS.map((network) => [network, nodeSettings(network, env)]));
  return { ...parsed, nodes: nodes as Record<Network, NodeSettings> };
}
