import { SwapErrorCode, type SwapError } from './errors';
import { assertDryRunAllowed, rateTerms, rateTypeOf, type KeyRights } from './key-rights';

const key = (rights: Partial<KeyRights> = {}): KeyRights => ({
  fixedRateEnabled: false,
  dryrunEnabled: false,
  partnerPercent: '0',
  ...rights,
});

const refusal = (judge: () => unknown): string => {
  try {
    judge();
  } catch (error) {
    return `${(error as SwapError).status} ${(error as SwapError).code}: ${(error as SwapError).message}`;
  }
  return 'allowed';
};

const FIXED_REFUSED = `400 ${SwapErrorCode.FIXED_RATE_NOT_ENABLED}: Fixed rate is not enabled for this API key (direction to is always fixed-rate)`;
const DRY_RUN_REFUSED = `400 ${SwapErrorCode.DRY_RUN_NOT_ENABLED}: Dry-run is not enabled for this API key`;

describe('the rate type of a request (section 4.1)', () => {
  it.each([
    ['float', 'from', 'float'],
    ['fixed', 'from', 'fixed'],
    ['float', 'to', 'fixed'],
    ['fixed', 'to', 'fixed'],
  ] as const)('type %s, direction %s: %s', (type, direction, expected) => {
    expect(rateTypeOf({ type, direction })).toBe(expected);
  });
});

describe("the terms a key's rights give a request", () => {
  it.each([
    ['float, from', { type: 'float', direction: 'from' }, false, 'float'],
    ['float, from, with fixed rate on', { type: 'float', direction: 'from' }, true, 'float'],
    ['fixed, from', { type: 'fixed', direction: 'from' }, true, 'fixed'],
    ['float, to (fixed)', { type: 'float', direction: 'to' }, true, 'fixed'],
  ] as const)('grants %s', (_name, request, fixedRateEnabled, type) => {
    expect(rateTerms(request, key({ fixedRateEnabled, partnerPercent: '0.4' }))).toEqual({
      type,
      partnerPercent: '0.4',
    });
  });

  it.each([
    ['fixed, from', { type: 'fixed', direction: 'from' }],
    ['float, to', { type: 'float', direction: 'to' }],
    ['fixed, to', { type: 'fixed', direction: 'to' }],
  ] as const)('refuses %s to a key without fixed rate', (_name, request) => {
    expect(refusal(() => rateTerms(request, key()))).toBe(FIXED_REFUSED);
  });

  it('takes the partner share from the key, whatever else the request says', () => {
    expect(
      rateTerms({ type: 'float', direction: 'from' }, key({ partnerPercent: '1.25' })).partnerPercent,
    ).toBe('1.25');
  });
});

describe('a dry run', () => {
  it.each([
    [false, false, 'allowed'],
    [false, true, 'allowed'],
    [true, true, 'allowed'],
    [true, false, DRY_RUN_REFUSED],
  ])('asked %s by a key with dryrun_enabled %s: %s', (dryrun, dryrunEnabled, expected) => {
    expect(refusal(() => assertDryRunAllowed({ dryrun }, key({ dryrunEnabled })))).toBe(expected);
  });
});
