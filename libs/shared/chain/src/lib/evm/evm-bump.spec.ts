import fc from 'fast-check';
import { bumpedFees } from './evm-bump';
import { feeMarket } from './evm-fees';

const GWEI = 10n ** 9n;
const CAP = 500n * GWEI;

describe('bumpedFees', () => {
  /** Gwei with one decimal, in wei. */
  const g = (gwei: number) => (BigInt(Math.round(gwei * 10)) * GWEI) / 10n;

  it.each([
    // old max fee / tip, market base fee / tip, the operator's max fee → new max fee / tip (gwei)
    ['market unchanged: +10 % each', [30, 2], [10, 2], undefined, [33, 2.2]],
    ['the base fee rose: twice it, plus the tip', [3, 1], [100, 1], undefined, [201.1, 1.1]],
    ['the operator asks for more', [30, 2], [10, 2], 80, [80, 2.2]],
    ['the operator asks for less than a replacement needs', [30, 2], [10, 2], 5, [33, 2.2]],
  ] as const)('%s', (_, [oldMax, oldTip], [base, tip], wanted, [max, newTip]) => {
    const fees = bumpedFees(
      { maxFeePerGas: g(oldMax), maxPriorityFeePerGas: g(oldTip) },
      feeMarket(g(base), g(tip), CAP),
      wanted === undefined ? undefined : g(wanted),
    );
    expect(fees).toEqual({ maxFeePerGas: g(max), maxPriorityFeePerGas: g(newTip) });
  });

  it('always raises both fields by at least 10 % (what nodes require of a replacement), tip ≤ max fee', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (oldMax, oldTip, base, tip) => {
          const old = { maxFeePerGas: oldMax, maxPriorityFeePerGas: oldTip > oldMax ? oldMax : oldTip };
          const fees = bumpedFees(old, feeMarket(base, tip, 10n ** 14n));
          expect(fees.maxFeePerGas * 10n).toBeGreaterThanOrEqual(old.maxFeePerGas * 11n);
          expect(fees.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(old.maxPriorityFeePerGas * 11n);
          expect(fees.maxPriorityFeePerGas).toBeLessThanOrEqual(fees.maxFeePerGas);
        },
      ),
    );
  });
});
