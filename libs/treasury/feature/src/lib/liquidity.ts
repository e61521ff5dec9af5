import type { LiquidityEntry } from '@swap/contracts';
import { CURRENCIES, CURRENCY_CODES, toUnits } from '@swap/domain';

/**
 * What the treasury lets the service promise per currency: the operator's exposure cap
 * (TREASURY_LIQUIDITY_<CODE>, a decimal amount), or no limit when unset. Balances and
 * reservations of the hot wallets narrow this once payouts run through the treasury.
 */
export function liquidityEntries(env: NodeJS.ProcessEnv, now: number): LiquidityEntry[] {
  return CURRENCY_CODES.map((code) => {
    const cap = env[`TREASURY_LIQUIDITY_${code}`];
    return {
      code,
      available:
        cap === undefined || cap === '' ? null : toUnits(cap, CURRENCIES[code].chainDecimals).toString(),
      at: now,
    };
  });
}
