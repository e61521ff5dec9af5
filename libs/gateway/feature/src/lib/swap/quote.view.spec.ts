import { computeQuote, quoteView } from '@swap/domain';
import { renderQuote } from './quote.view';

describe('renderQuote (section 2.4)', () => {
  const quote = computeQuote({
    prices: { BTC: '60000', ETH: '3000' },
    from: 'BTC',
    to: 'ETH',
    type: 'fixed',
    direction: 'from',
    amount: 10_000_000n, // 0.1 BTC
    partnerPercent: '0.1',
    min: 100_000n,
    max: null,
  });

  it('renders both sides with identity first, numbers rounded to the precision, and the fee', () => {
    const view = renderQuote(quote, 3600);
    expect(JSON.stringify(view)).toBe(
      JSON.stringify({
        from: {
          code: 'BTC',
          coin: 'BTC',
          network: 'BTC',
          name: 'Bitcoin',
          amount: 0.1,
          rate: 20,
          precision: 8,
          min: 0.001,
          max: 0,
          usd: 6000,
        },
        to: {
          code: 'ETH',
          coin: 'ETH',
          network: 'ETH',
          name: 'Ethereum',
          amount: 1.988,
          rate: 0.05,
          precision: 8,
          min: 0.01988,
          max: 0,
          usd: 5964,
        },
        fee: { percent: 0.6, partnerPercent: 0.1, amount: 0.012 },
        errors: [],
        slippage: 0,
        rateType: 'fixed',
        bufferPercent: 0,
        guaranteedAmount: 1.988,
        expiresIn: 3600,
      }),
    );
  });

  it('renders in the declared shape (quoteView, the OpenAPI Quote)', () => {
    const view = renderQuote(quote, 3600);
    expect(quoteView.parse(view)).toEqual(view);
  });
});
