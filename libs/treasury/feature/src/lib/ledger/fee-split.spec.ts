import fc from 'fast-check';
import { splitFee } from './fee-split';

const terms = (feePercent: string, partnerPercent: string, feeShare = '0') => ({
  feePercent,
  partnerPercent,
  feeShare,
});

describe('splitFee', () => {
  it.each([
    ['no partner share', 1000n, terms('0.25', '0'), { service: 1000n, partner: 0n }],
    ['a float fee with a 0.1 % share', 3500n, terms('0.35', '0.1'), { service: 2500n, partner: 1000n }],
    ['a share that does not divide evenly', 12470n, terms('1', '0.75'), { service: 3118n, partner: 9352n }],
    ['no fee at all', 0n, terms('0.5', '0.2'), { service: 0n, partner: 0n }],
    ['a fee share of 30 %', 1000n, terms('0.25', '0', '30'), { service: 700n, partner: 300n }],
    ['a fee share rounding down', 12471n, terms('0.5', '0', '33.333'), { service: 8315n, partner: 4156n }],
    ['the whole fee shared', 12471n, terms('0.5', '0', '100'), { service: 0n, partner: 12471n }],
    ['a fee share of a zero fee', 0n, terms('0.25', '0', '50'), { service: 0n, partner: 0n }],
  ])('%s', (_, fee, feeTerms, expected) => {
    expect(splitFee(fee, feeTerms)).toEqual(expected);
  });

  const percent = (max: number) => fc.integer({ min: 0, max }).map((n) => (n / 1000).toFixed(3));

  it('always adds up to the fee, the volume share never taking more than its proportion', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), percent(9_999), percent(9_999), (fee, a, b) => {
        const [partnerPercent, servicePercent] = [a, b];
        const feePercent = (Number(servicePercent) + Number(partnerPercent)).toFixed(3);
        const { service, partner } = splitFee(fee, terms(feePercent, partnerPercent));
        expect(service + partner).toBe(fee);
        expect(partner >= 0n && service >= 0n).toBe(true);
        // partner / fee ≤ partnerPercent / feePercent, in integers.
        expect(partner * BigInt(feePercent.replace('.', ''))).toBeLessThanOrEqual(
          fee * BigInt(partnerPercent.replace('.', '')),
        );
      }),
    );
  });

  it('always adds up to the fee on a fee share, the partner getting its percent rounded down', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), percent(100_000), (fee, feeShare) => {
        const { service, partner } = splitFee(fee, terms('0.25', '0', feeShare));
        const share = BigInt(feeShare.replace('.', '')); // thousandths of a percent
        expect(service + partner).toBe(fee);
        expect(partner >= 0n && service >= 0n).toBe(true);
        // partner = ⌊fee × P / 100⌋: not above the exact share, and less than one unit below it.
        expect(partner * 100_000n).toBeLessThanOrEqual(fee * share);
        expect((partner + 1n) * 100_000n).toBeGreaterThan(fee * share);
      }),
    );
  });
});
