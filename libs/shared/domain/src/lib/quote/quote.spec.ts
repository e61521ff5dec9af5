import { SwapError, SwapErrorCode } from '../errors';
import { FIXED_FEE_PERCENT, FLOAT_FEE_PERCENT, totalFeePercent } from './fees';
import { formatQuote } from './format-quote';
import { marketRate } from './market-rate';
import { computeQuote, Quote, QuoteInput } from './quote';
import { validateQuote } from './validate-quote';

const PRICES = {
  BTC: '60000',
  ETH: '3000',
  USDT: '1',
  TRX: '0.12',
  XMR: '150',
  LTC: '80',
  SOL: '150',
  AVAX: '30',
};

const base: QuoteInput = {
  prices: PRICES,
  from: 'BTC',
  to: 'ETH',
  type: 'float',
  direction: 'from',
  amount: 100000000n,
  min: 100000n,
  max: null,
};

describe('computeQuote', () => {
  const cases: Array<[string, Partial<QuoteInput>, Partial<Quote>]> = [
    [
      '1 BTC → ETH, float',
      {},
      {
        type: 'float',
        rate: '20',
        inverseRate: '0.05',
        amountFrom: 100000000n,
        amountTo: 19950000000000000000n,
        feeAmount: 50000000000000000n,
        feePercent: '0.25',
        partnerPercent: '0',
        minTo: 19950000000000000n,
        max: null,
        maxTo: null,
        usdFrom: '60000.00',
        usdTo: '59850.00',
        guaranteedAmount: null,
      },
    ],
    [
      '0.01 BTC → USDTTRC, fixed',
      { to: 'USDTTRC', type: 'fixed', amount: 1000000n, max: 500000000n },
      {
        rate: '60000',
        amountTo: 597000000n,
        feeAmount: 3000000n,
        feePercent: '0.5',
        max: 500000000n,
        maxTo: 298500000000n,
        guaranteedAmount: 597000000n,
      },
    ],
    [
      'receive exactly 1 BTC for ETH (direction to is fixed even when float is asked)',
      { from: 'ETH', to: 'BTC', type: 'float', direction: 'to', amount: 100000000n, min: 10n ** 16n },
      {
        type: 'fixed',
        direction: 'to',
        rate: '0.05',
        inverseRate: '20',
        // 1 / (0.05 × 0.995) = 20.1005025125… ETH, rounded up to 8 decimals.
        amountFrom: 20100502520000000000n,
        amountTo: 100000000n,
        feeAmount: 502512n,
        guaranteedAmount: 100000000n,
      },
    ],
    [
      '1 XMR → LTC with a 0.1 % partner share',
      { from: 'XMR', to: 'LTC', amount: 10n ** 12n, partnerPercent: '0.1', min: 5n * 10n ** 10n },
      {
        rate: '1.875',
        amountTo: 186843750n,
        feeAmount: 656250n,
        feePercent: '0.35',
        partnerPercent: '0.1',
        usdTo: '149.48',
      },
    ],
    [
      '100 USDTERC → USDTTRC: both priced as USDT',
      { from: 'USDTERC', to: 'USDTTRC', amount: 100000000n, min: 50000000n },
      { rate: '1', amountTo: 99750000n, feeAmount: 250000n, usdFrom: '100.00', usdTo: '99.75' },
    ],
    [
      '1000 TRX → BTC: a small rate keeps its digits',
      { from: 'TRX', to: 'BTC', amount: 1000000000n, min: 100000000n },
      { rate: '0.000002', inverseRate: '500000', amountTo: 199500n, feeAmount: 500n },
    ],
    [
      'odd prices: 0.12345678 BTC → ETH rounds the output down to 8 decimals',
      { prices: { BTC: '60000.12', ETH: '3000.07' }, amount: 12345678n },
      {
        rate: '19.999573343288656598',
        inverseRate: '0.050001066664533337',
        amountTo: 2462910210000000000n,
        feeAmount: 6172710000000000n,
        usdFrom: '7407.42',
        usdTo: '7388.90',
      },
    ],
    [
      'odd prices: receive 2.5 ETH for BTC rounds the input up to 1 satoshi',
      { prices: { BTC: '60000.12', ETH: '3000.07' }, direction: 'to', amount: 25n * 10n ** 17n },
      {
        amountFrom: 12563083n,
        amountTo: 2500000000000000000n,
        feeAmount: 12562990000000000n,
        usdTo: '7500.18',
      },
    ],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(computeQuote({ ...base, ...input })).toMatchObject(expected);
  });

  it.each([
    [{ BTC: '60000' }, 'ETH'],
    [{ ETH: '3000', BTC: '0' }, 'BTC'],
    [{ ETH: '3000', BTC: 'NaN' }, 'BTC'],
    [{ ETH: '3000', BTC: '-1' }, 'BTC'],
  ])('refuses to price without a usable price %j', (prices, coin) => {
    const quote = () => computeQuote({ ...base, prices });
    expect(quote).toThrow(SwapError);
    expect(quote).toThrow(`Pricing for ${coin} is temporarily unavailable`);
  });

  it('names USDT, not the token code, when its price is missing', () => {
    expect(() => computeQuote({ ...base, to: 'USDTERC', prices: { BTC: '1' } })).toThrow(
      'Pricing for USDT is temporarily unavailable',
    );
  });
});

describe('validateQuote', () => {
  it.each([
    ['at the minimum', { amount: 100000n }, null],
    ['below the minimum', { amount: 99999n }, [SwapErrorCode.BELOW_MINIMUM, 'minimum of 0.001 BTC']],
    ['at the maximum', { max: 200000000n, amount: 200000000n }, null],
    ['no liquidity limit', { max: null, amount: 10n ** 15n }, null],
    [
      'above the maximum',
      { max: 200000000n, amount: 200000001n },
      [SwapErrorCode.ABOVE_MAXIMUM, 'maximum of 2 BTC'],
    ],
    ['zero liquidity', { max: 0n, amount: 100000n }, [SwapErrorCode.ABOVE_MAXIMUM, 'maximum of 0 BTC']],
    [
      'direction to whose input is below the minimum',
      { direction: 'to' as const, amount: 1n * 10n ** 16n },
      [SwapErrorCode.BELOW_MINIMUM, 'minimum of 0.001 BTC'],
    ],
    ['no price', { prices: {} }, [SwapErrorCode.PRICING_UNAVAILABLE, 'Pricing for BTC']],
    // 0.00001 BTC is 0.004 SOL: above Solana's rent-exempt minimum for a new account (0.00089088).
    ['a SOL output above the rent-exempt minimum', { to: 'SOL' as const, min: 1000n, amount: 1000n }, null],
    [
      'a SOL output below the rent-exempt minimum (no new account could hold it)',
      { to: 'SOL' as const, min: 100n, amount: 100n },
      [
        SwapErrorCode.BELOW_MINIMUM,
        'The SOL payout is below 0.00089088 SOL, the least a new SOL account can receive',
      ],
    ],
  ])('%s', (_name, input, expected) => {
    const error = validateQuote({ ...base, ...input });
    if (expected === null) expect(error).toBeNull();
    else expect([error?.code, error?.message]).toEqual([expected[0], expect.stringContaining(expected[1])]);
  });
});

describe('formatQuote', () => {
  it('writes every amount at the API precision of its currency', () => {
    const quote = computeQuote({
      ...base,
      from: 'ETH',
      to: 'USDTTRC',
      amount: 123456780000000000n,
      min: 10n ** 16n,
    });
    expect(formatQuote(quote)).toEqual({
      amountFrom: '0.12345678',
      amountTo: '369.444414',
      feeAmount: '0.925926',
      min: '0.01000000',
      minTo: '29.925000',
      max: '0',
      maxTo: '0',
      guaranteedAmount: null,
    });
  });
});

describe('fees and rates', () => {
  it.each([
    ['float', '0', '0.25'],
    ['fixed', '0', '0.5'],
    ['float', '0.1', '0.35'],
    ['fixed', '0.125', '0.625'],
  ] as const)('%s with partner %s → %s', (type, partner, total) => {
    expect(totalFeePercent(type, partner)).toBe(total);
  });

  it('exports the section 8 service fees', () => {
    expect([FLOAT_FEE_PERCENT, FIXED_FEE_PERCENT]).toEqual(['0.25', '0.5']);
  });

  it('truncates the published rate to 18 decimals', () => {
    expect(marketRate({ BTC: '1', ETH: '3' }, 'BTC', 'ETH')).toBe('0.333333333333333333');
    expect(marketRate({ BTC: '2', ETH: '3' }, 'BTC', 'ETH')).toBe('0.666666666666666666');
  });
});
