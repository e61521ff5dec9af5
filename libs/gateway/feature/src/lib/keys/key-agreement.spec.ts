import type { SwapError } from '@swap/domain';
import { checkAgreement } from './key-agreement';

const refusal = (partnerPercent: string, feeShare: string): string => {
  try {
    checkAgreement({ partnerPercent, feeShare });
  } catch (err) {
    return `${(err as SwapError).status} ${(err as SwapError).message}`;
  }
  return 'accepted';
};

describe('a key agreement (D19)', () => {
  it.each([
    ['0', '0', { partnerPercent: '0', feeShare: '0' }],
    ['0.250', '0', { partnerPercent: '0.25', feeShare: '0' }],
    ['9.999', '0.000', { partnerPercent: '9.999', feeShare: '0' }],
    ['0', '30', { partnerPercent: '0', feeShare: '30' }],
    ['0.0', '100', { partnerPercent: '0', feeShare: '100' }],
    ['0', '0.001', { partnerPercent: '0', feeShare: '0.001' }],
  ])('accepts a volume share of %s and a fee share of %s', (partnerPercent, feeShare, expected) => {
    expect(checkAgreement({ partnerPercent, feeShare })).toEqual(expected);
  });

  it('refuses both at once, and each out of its range or finer than the column keeps', () => {
    expect(refusal('0.1', '30')).toBe(
      '400 Field feeShare must be 0 when partnerPercent is set: a key has one agreement, not both',
    );
    expect(refusal('10', '0')).toBe(
      '400 Field partnerPercent must be a percent below 10 with at most 3 decimal places',
    );
    expect(refusal('0', '100.001')).toBe(
      '400 Field feeShare must be a percent at most 100 with at most 3 decimal places',
    );
    expect(refusal('0', '33.3333')).toBe(
      '400 Field feeShare must be a percent at most 100 with at most 3 decimal places',
    );
    expect(refusal('-1', '0')).toMatch(/^400 Field partnerPercent must be/);
  });
});
