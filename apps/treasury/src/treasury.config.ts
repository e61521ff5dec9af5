import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { nodeSettings, type NodeSettings } from '@swap/chain';
import {
  BIP32_NETWORKS,
  keySource,
  mnemonicToSeed,
  type Bip32Network,
  type Chain,
  type KeySource,
} from '@swap/chain-keys';
import { addressChainOf, NETWORKS, type Network } from '@swap/domain';
import { DEFAULT_SEND_BATCH, liquidityCaps, payoutLimits, type LiquidityCaps } from '@swap/treasury';
import type { PayoutLimits } from '@swap/treasury-domain';

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

export const treasuryConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8083),
  DATABASE_URL: z.string().url(),
  NATS_URL: z.string().min(1),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  HOSTNAME: z.string().default(`treasury-${process.pid}`),
  LIQUIDITY_REFRESH_SECONDS: seconds(10),
  /** Least time between two publishes that reservation changes trigger (every payout changes them). */
  LIQUIDITY_MIN_INTERVAL_MS: z.coerce.number().int().nonnegative().default(250),
  /** How often broadcast transfers are checked on their chain. */
  TREASURY_CONFIRMATIONS_SECONDS: seconds(3),
  /** How often transfers waiting out a retry delay are looked at again. */
  TREASURY_SEND_RETRY_SECONDS: seconds(2),
  /** Transfers of a network signed and stored together before they are broadcast in turn. */
  TREASURY_SEND_BATCH: z.coerce.number().int().min(1).max(256).default(DEFAULT_SEND_BATCH),
  TREASURY_MNEMONIC: z.string().min(1).optional(),
  TREASURY_MNEMONIC_FILE: z.string().min(1).optional(),
});

type ParsedConfig = z.output<typeof treasuryConfigSchema>;
type SecretVariable = 'TREASURY_MNEMONIC' | 'TREASURY_MNEMONIC_FILE';
/** The configuration the service keeps: the secrets themselves are dropped once the keys are read. */
export type TreasuryConfig = Omit<ParsedConfig, SecretVariable> & {
  /** TREASURY_LIQUIDITY_<CODE>: what quotes may promise at most per currency. */
  caps: LiquidityCaps;
  /** TREASURY_MAX_<CODE>_PER_TRANSFER, _PER_HOUR, _PER_DAY: the payout policy's limits. */
  limits: PayoutLimits;
  /** `<NETWORK>_NETWORK`: the address parameters of each network's keys. */
  chains: Record<Network, Chain>;
  /** Each network's node (D10, D11): the devnet unless its variables name a real one. */
  nodes: Readonly<Record<Network, NodeSettings>>;
};

/**
 * Reads the keys once, at start-up (D11): the BIP39 phrase (TREASURY_MNEMONIC or _FILE) for every
 * network, and/or an account xprv per BIP32 network (`<NETWORK>_XPRV` or `_XPRV_FILE`), which wins
 * for its network. Errors name the variable or the file, never the secret; a node setting that
 * cannot work is a NodeSettingsError, naming the variable.
 */
export function completeConfig(
  parsed: ParsedConfig,
  env: NodeJS.ProcessEnv,
): { config: TreasuryConfig; keys: KeySource } {
  const { TREASURY_MNEMONIC: phrase, TREASURY_MNEMONIC_FILE: file, ...config } = parsed;
  // First: a malformed limit stops the service before any key is read (a ConfigError, its variables named).
  const limits = payoutLimits(env);
  const chains = Object.fromEntries(
    NETWORKS.map((network) => [network, addressChainOf(network, env)]),
  ) as Record<Network, Chain>;
  const xprvs: Partial<Record<Bip32Network, string>> = {};
  for (const network of BIP32_NETWORKS) {
    const xprv = secret(env, `${network}_XPRV`);
    if (xprv !== undefined) xprvs[network] = xprv;
  }
  const mnemonic =
    phrase ?? (file === undefined ? undefined : readSecretFile('TREASURY_MNEMONIC_FILE', file));
  if (mnemonic === undefined && Object.keys(xprvs).length === 0)
    throw new Error('set TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE (or <NETWORK>_XPRV per network) (D11)');
  const seed = mnemonic === undefined ? undefined : mnemonicToSeed(mnemonic);
  const keys = keySource({ seed, xprvs, chains });
  const nodes = Object.fromEntries(NETWORKS.map((network) => [network, nodeSettings(network, env)]));
  return {
    config: {
      ...config,
      caps: liquidityCaps(env),
      limits,
      chains,
      nodes: nodes as Record<Network, NodeSettings>,
    },
    keys,
  };
}

/** `NAME` from the environment, or the contents of the file `NAME_FILE` names (a mounted secret). */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const direct = env[name];
  if (direct) return direct.trim();
  const file = env[`${name}_FILE`];
  return file ? readSecretFile(`${name}_FILE`, file) : undefined;
}

function readSecretFile(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    throw new Error(`cannot read ${variable} ${path}: ${(err as NodeJS.ErrnoException).code}`);
  }
}
