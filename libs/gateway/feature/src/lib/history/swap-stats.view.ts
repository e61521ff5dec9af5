import type { PartnerFee } from '@swap/contracts';
import { CURRENCIES, fromUnits, type CurrencyCode } from '@swap/domain';
import type { PairTotals, SwapPair } from '@swap/gateway-data';

/** One pair's line of the per-key statistics. */
export interface PairStatsView {
  from: CurrencyCode;
  to: CurrencyCode;
  /** The swaps created in the range by where they are: ended, under review, or still under way. */
  swaps: {
    total: number;
    done: number;
    refunded: number;
    expired: number;
    failed: number;
    inProgress: number;
  };
  /** Deposits received, in `from` (a decimal string with its precision, D6). */
  sent: string;
  /** Paid out (landed), in `to`. */
  received: string;
  /** The key's partner share earned from these swaps, in `to`, as the treasury's ledger books it. */
  partnerFee: string;
}

export interface SwapStatsView {
  since: number;
  until: number;
  pairs: PairStatsView[];
}

const amount = (units: bigint, code: CurrencyCode) =>
  fromUnits(units, CURRENCIES[code].chainDecimals, CURRENCIES[code].precision);

/**
 * The pairs' totals with the partner share of their swaps added up: a fee counts for the pair of
 * its swap, in the pair's to-currency (where the fee is kept).
 */
export function renderPairStats(
  totals: readonly PairTotals[],
  swaps: readonly SwapPair[],
  fees: readonly PartnerFee[],
): PairStatsView[] {
  const pairOf = new Map(swaps.map((swap) => [swap.id, `${swap.from}/${swap.to}`]));
  const earned = new Map<string, bigint>();
  for (const fee of fees) {
    const pair = pairOf.get(fee.swapId);
    if (pair === undefined || !pair.endsWith(`/${fee.currency}`)) continue;
    earned.set(pair, (earned.get(pair) ?? 0n) + BigInt(fee.amount));
  }
  return totals.map(({ from, to, total, done, refunded, expired, failed, deposited, paid }) => ({
    from,
    to,
    swaps: { total, done, refunded, expired, failed, inProgress: total - done - refunded - expired - failed },
    sent: amount(deposited, from),
    received: amount(paid, to),
    partnerFee: amount(earned.get(`${from}/${to}`) ?? 0n, to),
  }));
}
