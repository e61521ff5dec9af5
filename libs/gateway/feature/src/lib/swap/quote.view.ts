import { CURRENCIES, formatQuote, Quote, toJsonNumber } from '@swap/domain';

/** Section 2.4: the data of /swap/price. Numbers are rounded to each currency's precision (D6). */
export function renderQuote(quote: Quote, expiresIn: number) {
  const from = CURRENCIES[quote.from];
  const to = CURRENCIES[quote.to];
  const text = formatQuote(quote);
  const identity = (c: typeof from) => ({ code: c.code, coin: c.coin, network: c.network, name: c.name });
  return {
    from: {
      ...identity(from),
      amount: toJsonNumber(text.amountFrom),
      rate: toJsonNumber(quote.rate),
      precision: from.precision,
      min: toJsonNumber(text.min),
      max: toJsonNumber(text.max),
      usd: toJsonNumber(quote.usdFrom),
    },
    to: {
      ...identity(to),
      amount: toJsonNumber(text.amountTo),
      rate: toJsonNumber(quote.inverseRate),
      precision: to.precision,
      min: toJsonNumber(text.minTo),
      max: toJsonNumber(text.maxTo),
      usd: toJsonNumber(quote.usdTo),
    },
    fee: {
      percent: toJsonNumber(quote.feePercent),
      partnerPercent: toJsonNumber(quote.partnerPercent),
      amount: toJsonNumber(text.feeAmount),
    },
    errors: [] as string[],
    slippage: 0,
    rateType: quote.type,
    bufferPercent: 0,
    guaranteedAmount: text.guaranteedAmount === null ? null : toJsonNumber(text.guaranteedAmount),
    expiresIn,
  };
}
