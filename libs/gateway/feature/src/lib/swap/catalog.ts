import { allPairs, CURRENCIES, CURRENCY_CODES, CurrencyInfoView, PairView, toJsonNumber } from '@swap/domain';
import type { ApiKeyInfo } from '@swap/contracts';

/** Section 2.2: every configured currency. Maintenance switches arrive with the pricing issue. */
export function listCurrencies(): CurrencyInfoView[] {
  return CURRENCY_CODES.map((code) => {
    const c = CURRENCIES[code];
    return {
      code: c.code,
      coin: c.coin,
      network: c.network,
      name: c.name,
      recv: true,
      send: true,
      precision: c.precision,
      reqConfirmations: c.reqConfirmations,
      min: toJsonNumber(c.min),
    };
  });
}

/** Section 2.3: all 72 direct pairs; `fixed` follows the calling key's setting. */
export function listPairs(key: ApiKeyInfo): PairView[] {
  return allPairs().map(([from, to]) => ({
    from,
    to,
    type: 'direct',
    via: [],
    available: true,
    fixed: key.fixedRateEnabled,
    min: toJsonNumber(CURRENCIES[from].min),
  }));
}
