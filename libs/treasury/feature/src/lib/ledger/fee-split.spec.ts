import fc from 'fast-check';
import { splitFee } from './fee-split';

describe('splitFee', () => {
  it.each([
    ['no partner share', 1000n, '0.25', '0', { service: 1000n, partner: 0n }],
    ['a float fee with a 0.1 % share', 3500n, '0.35', '0.1', { service: 2500n, partner: 1000n }],
    ['a share that does not divide evenly', 12470n, '1', '0.75', { service: 3118n, partner: 9352n }],
    ['no fee at all', 0n, '0.5', '0.2', { service: 0n, partner: 0n }],
  ])('%s', (_, fee, feePercent, partnerPercent, expected) => {
    expect(splitFee(fee, feePercent, partnerPercent)).toEqual(expected);
  });

  it('always adds up to the fee, the partner never taking more than its proportion', () => {
    const percent = fc.integer({ min: 0, max: 999_999 }).map((n) => (n / 10_000).toFixed(4));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), percent, percent, (fee, a, b) => {
        const [partnerPercent, servicePercent] = [a, b];
        const feePercent = (Number(servicePercent) + Number(partnerPercent)).toFixed(4);
        const { service, partner } = splitFee(fee, feePercent, partnerPercent);
        expect(service + partner).toBe(fee);
        expect(partner >= 0n && service >= 0n).toBe(true);
        // partner / fee ≤ partnerPercent / feePercent, in integers.
        expect(partner * BigInt(feePercent.replace('.', ''))).toBeLessThanOrEqual(
          fee * BigInt(partnerPercent.replace('.', '')),
        );
      }),
    );
  });
});
