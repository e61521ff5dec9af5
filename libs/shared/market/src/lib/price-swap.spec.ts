import fc from 'fast-check';
import {
  computeQuote,
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyCode,
  inputForOutput,
  outputForDeposit,
  precisionStep,
  Quote,
  quoteLimitError,
  toUnits,
} from '@swap/domain';
import { defaultCurrencySettings } from '@swap/contracts';
import { MarketFeed } from './market-feed';
import { priceSwap, PriceSwapRequest } from './price-swap';

/** priceSwap as it was written before its terms were computed once: two full quotes. */
function twoPassPriceSwap(market: MarketFeed, request: PriceSwapRequest): Quote {
  const { from, to } = request;
  const prices = { ...market.freshPrices() };
  const min = toUnits(CURRENCIES[from].min, CURRENCIES[from].chainDecimals);
  const base = {
    prices,
    from,
    to,
    type: request.type,
    direction: request.direction,
    partnerPercent: request.partnerPercent,
  };
  const quote = computeQuote({ ...base, amount: request.amount, min, max: null });
  const available = market.available(to);
  let max: bigint | null = null;
  if (available !== null) {
    const m = inputForOutput(available, from, to, quote.rate, quote.feePercent);
    const fits = outputForDeposit(m, from, to, quote.rate, quote.feePercent).net <= available;
    max = fits || m === 0n ? m : m - precisionStep(from);
  }
  const limited = max === null ? quote : computeQuote({ ...base, amount: request.amount, min, max });
  const error = quoteLimitError(limited);
  if (error) throw error;
  return limited;
}

const outcome = (f: () => Quote) => {
  try {
    return { quote: f() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('priceSwap', () => {
  it('gives exactly the quotes (and errors) of the two-pass computation', () => {
    const coins = [...new Set(CURRENCY_CODES.map((c) => CURRENCIES[c].coin))];
    const decimal = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
      .map(([n, places]) => {
        const digits = n.toString().padStart(places + 1, '0');
        return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
      });
    const code = fc.constantFrom(...CURRENCY_CODES);
    fc.assert(
      fc.property(
        fc.array(decimal, { minLength: coins.length, maxLength: coins.length }),
        code,
        code,
        fc.constantFrom('float', 'fixed' as const),
        fc.constantFrom('from', 'to' as const),
        fc.bigInt({ min: 0n, max: 10n ** 22n }),
        fc.option(fc.bigInt({ min: 0n, max: 10n ** 24n })),
        fc.constantFrom('0', '0.1', '1.25'),
        (usd, from: CurrencyCode, to: CurrencyCode, type, direction, amount, available, partnerPercent) => {
          const now = Date.now();
          const market = new MarketFeed(() => now);
          coins.forEach((coin, i) => market.setPrice({ coin, usd: usd[i], at: now, sources: [] }));
          if (available !== null)
            market.setLiquidity({ code: to, available: available.toString(), at: now } as never);
          const request = { from, to, type, direction, amount, partnerPercent } as PriceSwapRequest;
          const expected = outcome(() => twoPassPriceSwap(market, request));
          expect(outcome(() => priceSwap(market, request))).toEqual(expected);
          // Again, now with the remembered snapshot terms.
          expect(outcome(() => priceSwap(market, request))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('deposits switched off stop creates from the currency, not its quotes', () => {
    const now = Date.now();
    const market = new MarketFeed(() => now);
    for (const [coin, usd] of [
      ['BTC', '60000'],
      ['ETH', '3000'],
    ])
      market.setPrice({ coin, usd, at: now, sources: [] });
    market.setCurrencySettings({ ...defaultCurrencySettings('BTC'), deposits: false, updatedAt: now });
    const request: PriceSwapRequest = {
      from: 'BTC',
      to: 'ETH',
      type: 'float',
      direction: 'from',
      amount: 10_000_000n,
      partnerPercent: '0',
    };
    expect(priceSwap(market, request).amountFrom).toBe(10_000_000n);
    expect(() => priceSwap(market, request, 'create')).toThrow('Deposits of BTC are temporarily unavailable');
  });
});
