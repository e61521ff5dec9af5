import type { PartnerFeeTotal } from '@swap/contracts';
import { CURRENCIES, fromUnits, type CurrencyCode } from '@swap/domain';
import type { PairTotals } from '@swap/gateway-data';

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
 * The pairs' totals with the partner share of their swaps: the treasury sums it per source and fee
 * currency, and it counts for the pair whose to-currency it is kept in (any other is not a fee of
 * that pair, and a pair without swaps in the read model has no line).
 */
export function renderPairStats(
  totals: readonly PairTotals[],
  fees: readonly PartnerFeeTotal[],
): PairStatsView[] {
  const earned = new Map<string, bigint>();
  for (const fee of fees) {
    const pair = `${fee.from}/${fee.currency}`;
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
