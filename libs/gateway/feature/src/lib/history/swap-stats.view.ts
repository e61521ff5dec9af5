import { z } from 'zod';
import type { PartnerFeeTotal } from '@swap/contracts';
import { apiResponses, CURRENCIES, CURRENCY_CODES, fromUnits, type CurrencyCode } from '@swap/domain';
import type { PairTotals } from '@swap/gateway-data';

/** The swaps created in the range by where they are: ended, under review, or still under way. */
const swapCounts = z
  .object({
    total: z.number(),
    done: z.number(),
    refunded: z.number(),
    expired: z.number(),
    failed: z.number().meta({ description: 'Under manual review (D4)' }),
    inProgress: z.number().meta({ description: 'Not ended yet' }),
  })
  .register(apiResponses, { id: 'PairSwapCounts' });

/**
 * One pair's line of the per-key statistics: amounts are decimal strings with their precision (D6),
 * the partner fee as the treasury's ledger books it.
 */
export const pairStatsView = z
  .object({
    from: z.enum(CURRENCY_CODES),
    to: z.enum(CURRENCY_CODES),
    swaps: swapCounts,
    sent: z.string().meta({ description: 'Deposits received, in from (decimal string)' }),
    received: z.string().meta({ description: 'Paid out, in to (decimal string)' }),
    partnerFee: z.string().meta({ description: "The key's partner share earned, in to (decimal string)" }),
  })
  .register(apiResponses, { id: 'PairStats' });
export type PairStatsView = z.output<typeof pairStatsView>;

export const swapStatsView = z
  .object({
    since: z.number(),
    until: z.number(),
    pairs: z.array(pairStatsView).meta({ description: 'Real swaps created in [since, until), per pair' }),
  })
  .register(apiResponses, { id: 'SwapStats' });
export type SwapStatsView = z.output<typeof swapStatsView>;

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
