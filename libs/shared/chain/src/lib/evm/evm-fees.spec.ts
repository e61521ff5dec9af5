import fc from 'fast-check';
import { SenderNotReady } from '../chain-sender';
import { affordableMaxFee, feeMarket } from './evm-fees';

const GWEI = 1_000_000_000n;

describe('feeMarket', () => {
  it.each([
    ['offers twice the base fee plus the tip', 10n, 2n, 500n, { priorityFee: 2n, maxFee: 22n }],
    ['caps maxFee', 300n, 2n, 500n, { priorityFee: 2n, maxFee: 500n }],
    ['bounds the tip by the cap', 10n, 900n, 500n, { priorityFee: 500n, maxFee: 500n }],
  ])('%s', (_, base, tip, cap, expected) => {
    expect(feeMarket(base * GWEI, tip * GWEI, cap * GWEI)).toEqual({
      baseFee: base * GWEI,
      priorityFee: expected.priorityFee * GWEI,
      maxFee: expected.maxFee * GWEI,
    });
  });
});

describe('affordableMaxFee', () => {
  const market = feeMarket(10n, 2n, 500n); // maxFee 22, floor 12
  const spend = { from: '0xabc', value: 1_000n, gasLimit: 21_000n };

  it('keeps the market fee when the address can pay it', () => {
    expect(affordableMaxFee(market, { ...spend, available: 1_000n + 21_000n * 22n })).toBe(22n);
  });

  it('lowers maxFee to what the balance allows, down to base fee + tip', () => {
    expect(affordableMaxFee(market, { ...spend, available: 1_000n + 21_000n * 15n + 20_999n })).toBe(15n);
    expect(affordableMaxFee(market, { ...spend, available: 1_000n + 21_000n * 12n })).toBe(12n);
  });

  it('is not ready below base fee + tip, or above the cap', () => {
    expect(() => affordableMaxFee(market, { ...spend, available: 1_000n + 21_000n * 12n - 1n })).toThrow(
      SenderNotReady,
    );
    expect(() => affordableMaxFee(market, { ...spend, available: 0n })).toThrow(SenderNotReady);
    const capped = feeMarket(490n, 20n, 500n);
    expect(() => affordableMaxFee(capped, { ...spend, available: 10n ** 30n })).toThrow(/above the fee cap/);
  });

  it('is not ready when the value alone is more than the address holds, even at a zero fee', () => {
    // fast-check found it (seed -305876223): no base fee and no tip made a fitted fee of 0 pass.
    const free = feeMarket(0n, 0n, 500n);
    expect(() => affordableMaxFee(free, { ...spend, value: 1n, available: 0n })).toThrow(SenderNotReady);
    expect(affordableMaxFee(free, { ...spend, value: 1n, available: 1n })).toBe(0n);
  });

  it('never signs more than the address holds, nor less than the block needs', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.constantFrom(21_000n, 100_000n),
        (base, tip, value, available, gasLimit) => {
          const m = feeMarket(base, tip, 500n * GWEI);
          try {
            const maxFee = affordableMaxFee(m, { from: '0xabc', available, value, gasLimit });
            return (
              value + gasLimit * maxFee <= available && maxFee >= base + m.priorityFee && maxFee <= m.maxFee
            );
          } catch (err) {
            const floor = base + m.priorityFee;
            return (
              err instanceof SenderNotReady && (m.maxFee < floor || value + gasLimit * floor > available)
            );
          }
        },
      ),
    );
  });
});
