import { CURRENCIES, CURRENCY_CODES, toUnits, type CurrencyCode } from '@swap/domain';

/** Base units per currency; null = no cap. */
export type LiquidityCaps = Readonly<Record<CurrencyCode, bigint | null>>;

/**
 * What the operator lets the service promise per currency (TREASURY_LIQUIDITY_<CODE>, a decimal
 * amount), or no cap when unset. The hot wallet's free balance narrows it further.
 */
export function liquidityCaps(env: NodeJS.ProcessEnv): LiquidityCaps {
  return Object.fromEntries(
    CURRENCY_CODES.map((code) => {
      const cap = env[`TREASURY_LIQUIDITY_${code}`];
      return [code, cap === undefined || cap === '' ? null : toUnits(cap, CURRENCIES[code].chainDecimals)];
    }),
  ) as Record<CurrencyCode, bigint | null>;
}
