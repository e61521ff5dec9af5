import { getAddress } from 'ethers';
import { DecimalFormatError, toUnits } from '@swap/domain';

export type EvmNetwork = 'ETH' | 'AVAX';

/** One EVM network's node and fee settings, read once from the environment by evmConfig(). */
export interface EvmConfig {
  /** May carry credentials or an API key: never logged, and redacted from errors. */
  rpcUrl: string;
  /** Signed into every transaction (EIP-155) and checked against the node's eth_chainId. */
  chainId: bigint;
  /** The USDTERC contract (EIP-55); null on AVAX, which carries no token here. */
  usdtContract: string | null;
  /** Cap on maxFeePerGas, wei. */
  maxFeePerGas: bigint;
  /** Tip per gas, wei; null: the node's eth_maxPriorityFeePerGas (bounded by the cap). */
  priorityFeePerGas: bigint | null;
  /** Gas limit of a token transfer; a native transfer to an address always takes 21000. */
  tokenGasLimit: bigint;
  /**
   * Native deposits from call traces (debug_traceBlockByNumber, callTracer), so value a contract
   * forwards (smart-contract wallets, exchange batches) is seen too. Needs a node with the debug API.
   */
  traceInternal: boolean;
}

const DEFAULT_CHAIN_ID: Record<EvmNetwork, bigint> = { ETH: 1n, AVAX: 43114n };
const MAINNET_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const GWEI_DECIMALS = 9;

/**
 * The configuration of `network` from `<NET>_RPC_URL`, `<NET>_CHAIN_ID`, `<NET>_MAX_FEE_GWEI`,
 * `<NET>_PRIORITY_FEE_GWEI`, `<NET>_TRACE_INTERNAL`, and on ETH `USDTERC_CONTRACT` and `USDTERC_GAS_LIMIT`. Throws an Error
 * naming the variable that is missing or malformed (never quoting the RPC URL). `<NET>_NETWORK` is
 * accepted and ignored: the chain id alone tells EVM chains apart.
 */
export function evmConfig(network: EvmNetwork, env: NodeJS.ProcessEnv): EvmConfig {
  const name = (suffix: string) => `${network}_${suffix}`;
  const rpcUrl = env[name('RPC_URL')];
  if (!rpcUrl) throw new Error(`${name('RPC_URL')} is required`);
  if (!isHttpUrl(rpcUrl)) throw new Error(`${name('RPC_URL')} is not an http(s) URL`);
  const chainId = integer(env, name('CHAIN_ID'), DEFAULT_CHAIN_ID[network], 1n);
  const maxFeePerGas = gwei(env, name('MAX_FEE_GWEI')) ?? 500n * 10n ** 9n;
  if (maxFeePerGas <= 0n) throw new Error(`${name('MAX_FEE_GWEI')} must be above 0`);
  return {
    rpcUrl,
    chainId,
    usdtContract: network === 'ETH' ? contract(env.USDTERC_CONTRACT) : null,
    maxFeePerGas,
    priorityFeePerGas: gwei(env, name('PRIORITY_FEE_GWEI')),
    tokenGasLimit: integer(env, 'USDTERC_GAS_LIMIT', 100_000n, 21_000n),
    traceInternal: flag(env, name('TRACE_INTERNAL')),
  };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

function integer(env: NodeJS.ProcessEnv, variable: string, fallback: bigint, min: bigint): bigint {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || BigInt(text) < min)
    throw new Error(`${variable} must be an integer of at least ${min}, got "${text}"`);
  return BigInt(text);
}

function flag(env: NodeJS.ProcessEnv, variable: string): boolean {
  const text = env[variable]?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new Error(`${variable} must be true or false, got "${text}"`);
}

/** A decimal number of gwei ("1.5") as wei, or null when unset. */
function gwei(env: NodeJS.ProcessEnv, variable: string): bigint | null {
  const text = env[variable];
  if (text === undefined || text === '') return null;
  try {
    return toUnits(text, GWEI_DECIMALS);
  } catch (err) {
    if (err instanceof DecimalFormatError)
      throw new Error(`${variable} must be a decimal number of gwei, got "${text}"`);
    throw err;
  }
}

function contract(text: string | undefined): string {
  if (text === undefined || text === '') return MAINNET_USDT;
  try {
    return getAddress(text);
  } catch {
    throw new Error(`USDTERC_CONTRACT is not an EVM address, got "${text}"`);
  }
}
