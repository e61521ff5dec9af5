import { SenderNotReady } from '../chain-sender';

/** What a type-2 transaction offers per gas now, wei. */
export interface FeeMarket {
  /** Base fee of the latest block. */
  baseFee: bigint;
  /** The tip, at most the cap. */
  priorityFee: bigint;
  /**
   * 2 × baseFee + tip, at most the cap: the base fee can rise 12.5% a block, so twice today's
   * keeps the transaction includable through six full blocks in a row. It pays only base + tip.
   */
  maxFee: bigint;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function feeMarket(baseFee: bigint, priorityFee: bigint, cap: bigint): FeeMarket {
  const tip = min(priorityFee, cap);
  return { baseFee, priorityFee: tip, maxFee: min(2n * baseFee + tip, cap) };
}

export interface Spend {
  /** The sending address, for the message. */
  from: string;
  /** Wei the address holds and has not spent earlier in the batch. */
  available: bigint;
  /** Wei the transaction moves (0 for a token transfer). */
  value: bigint;
  gasLimit: bigint;
}

/**
 * The maxFeePerGas to sign: the market's, or less when value + gasLimit × maxFee would exceed
 * what the address holds (a sweep planned as balance − estimateFee while fees rose), as long as
 * it still covers baseFee + tip. Throws SenderNotReady when the fee is above the cap or the
 * address cannot pay it now; both pass by themselves (fees fall, funds confirm).
 */
export function affordableMaxFee(market: FeeMarket, spend: Spend): bigint {
  const floor = market.baseFee + market.priorityFee;
  if (market.maxFee < floor)
    throw new SenderNotReady(
      `base fee ${market.baseFee} wei + tip ${market.priorityFee} wei is above the fee cap`,
    );
  const { from, available, value, gasLimit } = spend;
  if (value + gasLimit * market.maxFee <= available) return market.maxFee;
  // Compared as a whole spend, not through the fitted fee alone: with a zero floor (no base
  // fee, no tip) a fitted fee of 0 would pass while the value itself is more than the address holds.
  if (value + gasLimit * floor > available)
    throw new SenderNotReady(
      `${from} holds ${available} wei, short of ${value} wei + ${gasLimit} gas at ${floor} wei`,
    );
  return (available - value) / gasLimit;
}
