import { TronWeb } from 'tronweb';
import { addressChainOf, isValidAddress } from '@swap/domain';
import { choiceSetting, httpUrlSetting, integerSetting } from '../node-settings';

/** Block 0's blockID of Tron's public chains: a node on another chain is refused. */
export const TRON_GENESIS = {
  mainnet: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
  shasta: '0000000000000000de1aa88295e1fcf982742f773e0419c5a9c134c994a9059e',
  nile: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
} as const;

/** Tether's TRC-20 contract on mainnet. */
export const MAINNET_USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * How a deposit address gets the energy its token sweep burns: `burn` tops it up with TRX to burn
 * (13–27 TRX a sweep on mainnet); `delegate` lends it energy from the hot wallet's staked TRX
 * (Stake 2.0 delegateresource), taken back once the sweep is done, so a sweep costs bandwidth only.
 */
export type TronSweepEnergy = 'burn' | 'delegate';

/** A Tron node's settings, read once by tronConfig(). */
export interface TronConfig {
  /** java-tron's HTTP API (TronGrid or a node's :8090); may carry credentials: never logged. */
  rpcUrl: string;
  /** TRX_API_KEY, sent as TRON-PRO-API-KEY (TronGrid); never logged. */
  apiKey: string | null;
  /** blockIDs block 0 may have: TRX_NETWORK's chains, or TRX_GENESIS_BLOCK_ID; empty = any (regtest). */
  genesis: readonly string[];
  genesisVariable: string;
  /** The USDT TRC-20 contract, base58 (T…) and hex (41…). */
  usdtContract: string;
  usdtContractHex: string;
  /** Seconds a signed transaction stays valid (its expiration, from the head block's time). */
  expirationSeconds: number;
  /** Most sun a TRC-20 call may burn for energy (its fee_limit). */
  feeLimit: bigint;
  /** Percent added to the node's energy estimate of a TRC-20 call. */
  energyMarginPercent: bigint;
  sweepEnergy: TronSweepEnergy;
  /** Sun a deposit address gets to exist (receive lent energy) before a delegated token sweep. */
  activationSun: bigint;
}

/**
 * Reads `TRX_RPC_URL`, `TRX_API_KEY`, `TRX_NETWORK` (mainnet; testnet: Nile or Shasta; regtest: any
 * chain), `TRX_GENESIS_BLOCK_ID` (pins the chain instead), `USDTTRC_CONTRACT` (mainnet USDT unless
 * set), `TRX_TX_EXPIRATION_SECONDS`, `TRX_FEE_LIMIT_SUN`, `TRX_ENERGY_MARGIN_PERCENT`,
 * `TRX_SWEEP_ENERGY` (burn | delegate) and `TRX_ACTIVATION_SUN`. Throws an Error naming the variable
 * that is missing or malformed.
 */
export function tronConfig(env: NodeJS.ProcessEnv): TronConfig {
  const rpcUrl = httpUrlSetting(env, 'TRX_RPC_URL', 'https://api.trongrid.io or http://127.0.0.1:8090');
  const chain = addressChainOf('TRX', env);
  const pinned = env['TRX_GENESIS_BLOCK_ID']?.trim().toLowerCase();
  if (pinned && !/^[0-9a-f]{64}$/.test(pinned)) throw new Error('TRX_GENESIS_BLOCK_ID must be 64 hex digits');
  const genesis = pinned
    ? [pinned]
    : chain === 'mainnet'
      ? [TRON_GENESIS.mainnet]
      : chain === 'testnet'
        ? [TRON_GENESIS.nile, TRON_GENESIS.shasta]
        : [];
  const usdtContract = env['USDTTRC_CONTRACT']?.trim() || MAINNET_USDT_TRC20;
  if (!isValidAddress('TRX', usdtContract))
    throw new Error('USDTTRC_CONTRACT must be a Tron address (T…, base58check)');
  const expiration = integerSetting(env, 'TRX_TX_EXPIRATION_SECONDS', 120n, 10n);
  if (expiration > 86_400n) throw new Error('TRX_TX_EXPIRATION_SECONDS must be at most 86400 (24 h)');
  return {
    rpcUrl,
    apiKey: env['TRX_API_KEY']?.trim() || null,
    genesis,
    genesisVariable: pinned ? 'TRX_GENESIS_BLOCK_ID' : 'TRX_NETWORK',
    usdtContract,
    usdtContractHex: TronWeb.address.toHex(usdtContract).toLowerCase(),
    expirationSeconds: Number(expiration),
    feeLimit: integerSetting(env, 'TRX_FEE_LIMIT_SUN', 100_000_000n, 1n),
    energyMarginPercent: integerSetting(env, 'TRX_ENERGY_MARGIN_PERCENT', 20n),
    sweepEnergy: choiceSetting(env, 'TRX_SWEEP_ENERGY', ['burn', 'delegate'] as const, 'burn'),
    activationSun: integerSetting(env, 'TRX_ACTIVATION_SUN', 1n, 1n),
  };
}
