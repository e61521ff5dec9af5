import { beyondTolerance, payoutFor, refundAmount, slippagePercent } from './crediting';

describe('payoutFor', () => {
  it.each([
    // deposit, from, to, rate, fee %, gross, fee, net
    [
      1_000_000n,
      'BTC',
      'ETH',
      '15.5',
      '0.25',
      155_000_000_000_000_000n,
      387_500_000_000_000n,
      154_612_500_000_000_000n,
    ],
    // 1 ETH → BTC at 0.0645: 6450000 sat gross, 16125 sat fee
    [10n ** 18n, 'ETH', 'BTC', '0.0645', '0.25', 6_450_000n, 16_125n, 6_433_875n],
    // 100 USDTTRC → XMR at 0.00613: 0.613 XMR gross; XMR amounts are truncated to 8 places of 12
    [100_000_000n, 'USDTTRC', 'XMR', '0.00613', '0.5', 613_000_000_000n, 3_065_000_000n, 609_935_000_000n],
    // 1/3 does not terminate: one final division, then truncation to the API precision (8 of 18)
    [
      100_000_000n,
      'BTC',
      'ETH',
      '0.333333333333333333',
      '0',
      333_333_333_333_333_333n,
      0n,
      333_333_330_000_000_000n,
    ],
    // one satoshi is worth less than the smallest ETH amount the API shows
    [1n, 'BTC', 'ETH', '0.333333333333333333', '0', 3_333_333_333n, 0n, 0n],
  ] as const)('%s %s → %s at %s, fee %s %%', (deposit, from, to, rate, fee, gross, feeAmount, net) => {
    expect(payoutFor(deposit, from, to, rate, fee)).toEqual({ gross, fee: feeAmount, net });
  });

  it('refuses a rate that is not a plain decimal', () => {
    expect(() => payoutFor(1n, 'BTC', 'ETH', '1e3', '0.25')).toThrow(RangeError);
  });
});

describe('refundAmount', () => {
  it.each([
    [100_000n, 'BTC', 99_000n],
    [99n, 'BTC', 98n],
    // XMR: 12 chain decimals, 8 in the API → 0.0495 XMR minus 1 % = 0.049005 XMR
    [49_500_000_000n, 'XMR', 49_005_000_000n],
    [1_234_567_891_234n, 'XMR', 1_222_222_210_000n],
  ] as const)('%s %s → %s', (deposit, code, refund) => {
    expect(refundAmount(deposit, code)).toBe(refund);
  });
});

describe('beyondTolerance (0.5 % of the ordered amount)', () => {
  it.each([
    [1_000_000n, 1_000_000n, false],
    [995_000n, 1_000_000n, false],
    [1_005_000n, 1_000_000n, false],
    [994_999n, 1_000_000n, true],
    [1_005_001n, 1_000_000n, true],
    [0n, 1_000_000n, true],
  ])('%s against %s → %s', (deposit, ordered, beyond) => {
    expect(beyondTolerance(deposit, ordered)).toBe(beyond);
  });
});

describe('slippagePercent', () => {
  it.each([
    ['15.5', '15.5', '0'],
    ['15.50', '15.5', '0'],
    ['16', '15.5', '3.22580645'],
    ['15', '15.5', '-3.22580645'],
    ['2', '1', '100'],
    ['1.000000001', '1', '0.0000001'],
    ['1.0000000001', '1', '0.00000001'],
    ['1.00000000001', '1', '0'],
    ['0.999999999', '1', '-0.0000001'],
  ])('%s applied vs %s quoted → %s', (applied, quoted, slippage) => {
    expect(slippagePercent(applied, quoted)).toBe(slippage);
  });
});
