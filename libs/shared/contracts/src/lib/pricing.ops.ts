import { z } from 'zod';
import { decimal, defineRpc, rpcResult } from './define';
import { currencySettings, pairSettings, priceEntry } from './market.kv';

/** Each coin's latest price entry with the minimum of agreeing sources it needs. */
export const pricingListPrices = defineRpc({
  name: 'pricing.prices.list',
  version: 1,
  subject: 'ops.pricing.prices.list',
  request: z.object({}),
  response: rpcResult(
    z.array(priceEntry.extend({ minSources: z.number().int().positive(), maxDeviation: decimal })),
  ),
});

/** Every currency's switches (defaults included). */
export const pricingListCurrencies = defineRpc({
  name: 'pricing.currencies.list',
  version: 1,
  subject: 'ops.pricing.currencies.list',
  request: z.object({}),
  response: rpcResult(z.array(currencySettings)),
});

/** Changes the given switches of one currency; the others keep their value. */
export const pricingSetCurrency = defineRpc({
  name: 'pricing.currencies.set',
  version: 1,
  subject: 'ops.pricing.currencies.set',
  request: z.object({
    code: z.string(),
    enabled: z.boolean().optional(),
    deposits: z.boolean().optional(),
    payouts: z.boolean().optional(),
    liquidityPercent: z.string().optional(),
  }),
  response: rpcResult(currencySettings),
});

/** Every pair with an operator setting (all others: enabled, currency minimum). */
export const pricingListPairs = defineRpc({
  name: 'pricing.pairs.list',
  version: 1,
  subject: 'ops.pricing.pairs.list',
  request: z.object({}),
  response: rpcResult(z.array(pairSettings)),
});

/** Changes one pair's switch or minimum (`min` null: back to the currency's). */
export const pricingSetPair = defineRpc({
  name: 'pricing.pairs.set',
  version: 1,
  subject: 'ops.pricing.pairs.set',
  request: z.object({
    from: z.string(),
    to: z.string(),
    enabled: z.boolean().optional(),
    min: z.string().nullable().optional(),
  }),
  response: rpcResult(pairSettings),
});
