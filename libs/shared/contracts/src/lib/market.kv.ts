import { z } from 'zod';
import { CURRENCY_CODES } from '@swap/domain';
import { decimal, defineKv, units } from './define';

/** The latest USD mid price of each coin (key: coin ticker, e.g. BTC, USDT). */
export const priceEntry = z.object({
  coin: z.string(),
  usd: decimal,
  /** Unix milliseconds of the refresh that produced this median. */
  at: z.number().int(),
  sources: z.array(z.object({ name: z.string(), usd: decimal, at: z.number().int() })),
});
export type PriceEntry = z.infer<typeof priceEntry>;

export const pricesKv = defineKv({ bucket: 'prices', ttlSeconds: 0, history: 1, schema: priceEntry });

/** What the treasury can pay out in each currency right now (key: currency code). */
export const liquidityEntry = z.object({
  code: z.enum(CURRENCY_CODES),
  /** Base units available for new payouts; null = no limit. */
  available: units.nullable(),
  at: z.number().int(),
});
export type LiquidityEntry = z.infer<typeof liquidityEntry>;

export const liquidityKv = defineKv({
  bucket: 'liquidity',
  ttlSeconds: 0,
  history: 1,
  schema: liquidityEntry,
});

/** D2: single-use request nonces shared by every gateway replica, remembered 10 minutes (D2's minimum). */
export const noncesKv = defineKv({
  bucket: 'gateway-nonces',
  // D2 promises at least 10 minutes, although the ±30 s timestamp window already refuses older requests.
  ttlSeconds: 600,
  history: 1,
  schema: z.object({ at: z.number().int() }),
});
