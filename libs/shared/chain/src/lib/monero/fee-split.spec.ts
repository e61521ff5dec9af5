import fc from 'fast-check';
import { splitFee } from './fee-split';

describe('splitFee', () => {
  it('splits exactly, the first shares a piconero more', () => {
    expect(splitFee(10n, 3)).toEqual([4n, 3n, 3n]);
    expect(splitFee(9n, 3)).toEqual([3n, 3n, 3n]);
    expect(splitFee(1n, 2)).toEqual([1n, 0n]);
  });

  it('always adds up to the fee, shares one piconero apart at most', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 1, max: 15 }), (fee, parts) => {
        const shares = splitFee(fee, parts);
        expect(shares).toHaveLength(parts);
        expect(shares.reduce((a, b) => a + b, 0n)).toBe(fee);
        const spread =
          shares.reduce((max, s) => (s > max ? s : max), 0n) -
          shares.reduce((min, s) => (s < min ? s : min), fee);
        expect(spread <= 1n).toBe(true);
      }),
    );
  });

  it('refuses no parts', () => {
    expect(() => splitFee(1n, 0)).toThrow(RangeError);
  });
});
