/**
 * The priority fee (micro-lamports per compute unit) to pay from the node's recent fees for the hot
 * wallet's account: the 75th percentile of the recent slots' minimums, so a payout lands in a busy
 * block without overbidding, capped by SOL_MAX_PRIORITY_FEE_MICROLAMPORTS.
 */
export function recentPriorityFee(recent: readonly bigint[], cap: bigint): bigint {
  if (recent.length === 0) return 0n;
  const sorted = [...recent].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const fee = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.75))];
  return fee < cap ? fee : cap;
}
