import type { CurrencyCode, Network } from '@swap/domain';

/**
 * The native-coin fee of one transfer, by the currency moved (base units of the network's coin):
 * about what each chain charges today; a token transfer costs more gas (energy on Tron) than a
 * plain one.
 */
export const TRANSFER_FEES: Readonly<Record<CurrencyCode, bigint>> = {
  BTC: 2_000n, // 0.00002 BTC
  LTC: 10_000n, // 0.0001 LTC
  XMR: 30_000_000n, // 0.00003 XMR
  TRX: 1_100_000n, // 1.1 TRX of bandwidth
  USDTTRC: 15_000_000n, // 15 TRX of energy
  ETH: 420_000_000_000_000n, // 21 000 gas at 20 gwei
  USDTERC: 1_300_000_000_000_000n, // 65 000 gas at 20 gwei
  SOL: 5_000n, // one signature
  AVAX: 525_000_000_000_000n, // 21 000 gas at 25 gwei
};

/** What each hot wallet holds at genesis unless DEVNET_FUND_<CODE> says otherwise (decimals). */
export const DEFAULT_FUNDING: Readonly<Record<CurrencyCode, string>> = {
  BTC: '100',
  LTC: '10000',
  XMR: '1000',
  TRX: '10000000',
  ETH: '1000',
  SOL: '100000',
  AVAX: '100000',
  USDTTRC: '10000000',
  USDTERC: '10000000',
};

/** Blocks each chain keeps in memory; older ones are read from the database. */
export const RECENT_BLOCKS = 256;

/** The deepest reorganisation (the contract's limit, well inside the blocks kept in memory). */
export const MAX_REORG_DEPTH = 100;

/** Every network's native coin has the network's code. */
export const nativeCurrency = (network: Network): CurrencyCode => network;
