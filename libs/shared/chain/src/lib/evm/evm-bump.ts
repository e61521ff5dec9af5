import type { FeeMarket } from './evm-fees';

/** The two fee fields of a type-2 transaction, wei per gas. */
export interface EvmFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
/** +10 % rounded up: what geth-style pools require of a replacement in both fields. */
const tenPercentMore = (value: bigint) => (value * 11n + 9n) / 10n;

/**
 * Fees of a replacement at the same nonce: each field at least 10 % above the stuck transaction's
 * (nodes refuse a smaller bump as underpriced) and at least today's market; `wanted` (the
 * operator's maxFeePerGas) raises the fee cap further. The tip never exceeds the fee cap.
 */
export function bumpedFees(old: EvmFees, market: FeeMarket, wanted?: bigint): EvmFees {
  const tip = max(tenPercentMore(old.maxPriorityFeePerGas), market.priorityFee);
  // The market's headroom over the base fee, with this tip in place of the market's.
  const marketCap = market.maxFee + (tip - market.priorityFee);
  const cap = max(max(tenPercentMore(old.maxFeePerGas), marketCap), wanted ?? 0n);
  return { maxFeePerGas: max(cap, tip), maxPriorityFeePerGas: tip };
}
