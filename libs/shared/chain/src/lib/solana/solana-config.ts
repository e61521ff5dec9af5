import { addressChainOf } from '@swap/domain';
import { httpUrlSetting, integerSetting } from '../node-settings';

/** The genesis hashes of Solana's public clusters: a node on another chain is refused. */
export const SOLANA_GENESIS = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
} as const;

/** A Solana node's settings, read once by solanaConfig(). */
export interface SolanaConfig {
  /** May carry an API key (providers put it in the path or query): never logged. */
  rpcUrl: string;
  /** Genesis hashes the node may have: SOL_NETWORK's cluster, or SOL_GENESIS_HASH; empty = any (regtest). */
  genesis: readonly string[];
  /** Which variable chose the genesis, for the error when the node is on another chain. */
  genesisVariable: string;
  /** Micro-lamports per compute unit for payouts and refunds; null: from getRecentPrioritizationFees. */
  priorityFee: bigint | null;
  /** Cap on the priority fee taken from the node's recent fees, micro-lamports per compute unit. */
  maxPriorityFee: bigint;
  /** Compute units a transfer asks for (SetComputeUnitLimit) when it pays a priority fee. */
  computeUnitLimit: bigint;
}

/**
 * Reads `SOL_RPC_URL`, `SOL_NETWORK` (mainnet: mainnet-beta; testnet: devnet or testnet; regtest: a
 * local validator), `SOL_GENESIS_HASH` (pins the chain instead), `SOL_PRIORITY_FEE_MICROLAMPORTS`,
 * `SOL_MAX_PRIORITY_FEE_MICROLAMPORTS` and `SOL_COMPUTE_UNIT_LIMIT`. Throws an Error naming the
 * variable that is missing or malformed.
 */
export function solanaConfig(env: NodeJS.ProcessEnv): SolanaConfig {
  const rpcUrl = httpUrlSetting(env, 'SOL_RPC_URL', 'https://host/ or http://127.0.0.1:8899');
  const chain = addressChainOf('SOL', env);
  const pinned = env['SOL_GENESIS_HASH']?.trim();
  if (pinned !== undefined && pinned !== '' && !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(pinned))
    throw new Error('SOL_GENESIS_HASH must be a base58 hash');
  const genesis = pinned
    ? [pinned]
    : chain === 'mainnet'
      ? [SOLANA_GENESIS.mainnet]
      : chain === 'testnet'
        ? [SOLANA_GENESIS.devnet, SOLANA_GENESIS.testnet]
        : [];
  const fixed = env['SOL_PRIORITY_FEE_MICROLAMPORTS']?.trim();
  return {
    rpcUrl,
    genesis,
    genesisVariable: pinned ? 'SOL_GENESIS_HASH' : 'SOL_NETWORK',
    priorityFee: fixed ? integerSetting(env, 'SOL_PRIORITY_FEE_MICROLAMPORTS', 0n) : null,
    maxPriorityFee: integerSetting(env, 'SOL_MAX_PRIORITY_FEE_MICROLAMPORTS', 1_000_000n),
    computeUnitLimit: integerSetting(env, 'SOL_COMPUTE_UNIT_LIMIT', 1_000n, 450n),
  };
}
