import type { Chain } from '@swap/chain-keys';
import { addressChainOf } from '@swap/domain';
import type { UtxoNetwork } from './utxo-network';

/** A BTC or LTC node's settings, validated once (see utxoConfig). Holds no readable secret. */
export interface UtxoConfig {
  readonly network: UtxoNetwork;
  readonly chain: Chain;
  /** The node's RPC address without credentials: safe to log. */
  readonly rpcUrl: string;
  /** Name of the node's watch-only wallet the treasury spends from. */
  readonly wallet: string;
  readonly feeTargetBlocks: number;
  /** Bounds of the fee rate the node's estimate is clamped to, sat/vB. */
  readonly feeMinSatVb: bigint;
  readonly feeMaxSatVb: bigint;
  /** Addresses the wallet watches beyond the last one handed out. */
  readonly addressLookahead: number;
  /** UNIX seconds a fresh wallet rescans the chain from, or 'now'. */
  readonly walletBirthday: number | 'now';
  /** The HTTP Authorization header: a function, so it never lands in JSON or a log line. */
  readonly rpcAuthorization: () => string;
}

/**
 * Reads `<NET>_RPC_URL` (http://user:password@host:port), `<NET>_NETWORK`, `<NET>_WALLET`,
 * `<NET>_FEE_TARGET_BLOCKS`, `<NET>_FEE_MIN_SAT_VB`, `<NET>_FEE_MAX_SAT_VB`,
 * `<NET>_ADDRESS_LOOKAHEAD` and `<NET>_WALLET_BIRTHDAY`. Throws an Error naming the variable
 * (never its value: the URL holds the RPC password).
 */
export function utxoConfig(network: UtxoNetwork, env: NodeJS.ProcessEnv): UtxoConfig {
  const name = (suffix: string) => `${network}_${suffix}`;
  const text = (suffix: string) => env[name(suffix)]?.trim() || undefined;
  const integer = (suffix: string, fallback: number, min: number): number => {
    const value = text(suffix);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min)
      throw new Error(`${name(suffix)} must be an integer ≥ ${min}`);
    return parsed;
  };

  const { rpcUrl, rpcAuthorization } = rpcEndpoint(text('RPC_URL'), name('RPC_URL'));
  const chain = addressChainOf(network, env);
  const feeMinSatVb = BigInt(integer('FEE_MIN_SAT_VB', 1, 1));
  const feeMaxSatVb = BigInt(integer('FEE_MAX_SAT_VB', 500, 1));
  if (feeMaxSatVb < feeMinSatVb)
    throw new Error(`${name('FEE_MAX_SAT_VB')} is below ${name('FEE_MIN_SAT_VB')}`);
  return {
    network,
    chain,
    rpcUrl,
    wallet: text('WALLET') ?? 'swap-treasury',
    feeTargetBlocks: integer('FEE_TARGET_BLOCKS', 3, 1),
    feeMinSatVb,
    feeMaxSatVb,
    addressLookahead: integer('ADDRESS_LOOKAHEAD', 1000, 1),
    walletBirthday: birthday(text('WALLET_BIRTHDAY'), chain, name('WALLET_BIRTHDAY')),
    rpcAuthorization,
  };
}

function rpcEndpoint(value: string | undefined, variable: string) {
  if (!value) throw new Error(`${variable} is required (http://user:password@host:port)`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} is not a URL (http://user:password@host:port)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${variable} must be http(s)`);
  if (!url.username || !url.password) throw new Error(`${variable} must carry user:password`);
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  const header = `Basic ${Buffer.from(credentials).toString('base64')}`;
  url.username = '';
  url.password = '';
  return { rpcUrl: url.toString(), rpcAuthorization: () => header };
}

/** A wrong birthday silently hides old deposits, so only regtest may leave it out. */
function birthday(value: string | undefined, chain: Chain, variable: string): number | 'now' {
  if (value === undefined) {
    if (chain === 'regtest') return 0;
    throw new Error(
      `${variable} is required on ${chain}: UNIX seconds the wallet's history starts, or 'now'`,
    );
  }
  if (value === 'now') return 'now';
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new Error(`${variable} must be UNIX seconds or 'now'`);
  return Number(value);
}
