import {
  CURRENCIES,
  CurrencyCode,
  formatQuote,
  Quote,
  QuoteSideView,
  QuoteView,
  toJsonNumber,
} from '@swap/domain';

/** One side of a quote: the currency's identity, then its numbers (one flat literal: this is hot). */
function side(
  code: CurrencyCode,
  amount: string,
  rate: string,
  min: string,
  max: string,
  usd: string,
): QuoteSideView {
  const c = CURRENCIES[code];
  return {
    code: c.code,
    coin: c.coin,
    network: c.network,
    name: c.name,
    amount: toJsonNumber(amount),
    rate: toJsonNumber(rate),
    precision: c.precision,
    min: toJsonNumber(min),
    max: toJsonNumber(max),
    usd: toJsonNumber(usd),
  };
}

/** Section 2.4: the data of /swap/price. Numbers are rounded to each currency's precision (D6). */
export function renderQuote(quote: Quote, expiresIn: number): QuoteView {
  const text = formatQuote(quote);
  return {
    from: side(quote.from, text.amountFrom, quote.rate, text.min, text.max, quote.usdFrom),
    to: side(quote.to, text.amountTo, quote.inverseRate, text.minTo, text.maxTo, quote.usdTo),
    fee: {
      percent: toJsonNumber(quote.feePercent),
      partnerPercent: toJsonNumber(quote.partnerPercent),
      amount: toJsonNumber(text.feeAmount),
    },
    errors: [],
    slippage: 0,
    rateType: quote.type,
    bufferPercent: 0,
    guaranteedAmount: text.guaranteedAmount === null ? null : toJsonNumber(text.guaranteedAmount),
    expiresIn,
  };
}
