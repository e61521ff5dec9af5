/**
 * What a new payout may take: the hot wallet's balance less what it has already promised
 * (transfers not yet confirmed, with their fees), never below zero, and never above the cap.
 */
export function availableLiquidity(balance: bigint, reserved: bigint, cap: bigint | null): bigint {
  const free = balance > reserved ? balance - reserved : 0n;
  return cap !== null && cap < free ? cap : free;
}
