import { availableLiquidity } from './available-liquidity';
import { liquidityCaps } from './liquidity-caps';

describe('availableLiquidity', () => {
  it.each([
    ['balance less reservations', 1000n, 300n, null, 700n],
    ['never below zero', 100n, 300n, null, 0n],
    ['capped by the operator', 1000n, 300n, 500n, 500n],
    ['a cap above what is free changes nothing', 1000n, 300n, 5000n, 700n],
    ['a zero cap', 1000n, 0n, 0n, 0n],
  ])('%s', (_, balance, reserved, cap, expected) => {
    expect(availableLiquidity(balance, reserved, cap)).toBe(expected);
  });
});

describe('liquidityCaps', () => {
  it('reads TREASURY_LIQUIDITY_<CODE> as a decimal in the currency, and no cap when unset or empty', () => {
    const caps = liquidityCaps({
      TREASURY_LIQUIDITY_BTC: '1.5',
      TREASURY_LIQUIDITY_ETH: '',
      TREASURY_LIQUIDITY_USDTERC: '20',
    });

    expect(caps.BTC).toBe(150_000_000n);
    expect(caps.ETH).toBeNull();
    expect(caps.USDTERC).toBe(20_000_000n);
    expect(caps.XMR).toBeNull();
  });

  it('refuses a cap with more decimals than the chain has', () => {
    expect(() => liquidityCaps({ TREASURY_LIQUIDITY_TRX: '0.0000001' })).toThrow(
      /more than 6 decimal places/,
    );
  });
});
