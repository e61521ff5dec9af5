import { ConfigError } from '@swap/service-kit';
import { DEFAULT_LIMITS, limitVariable, payoutLimits } from './payout-limits';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    payoutLimits(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('no ConfigError');
};

describe('payoutLimits (TREASURY_MAX_<CODE>_PER_TRANSFER, _PER_HOUR, _PER_DAY)', () => {
  it('defaults every currency to the generous limits, in base units', () => {
    const limits = payoutLimits({});
    expect(limits.BTC).toEqual({
      perTransfer: 500_000_000n,
      perHour: 2_000_000_000n,
      perDay: 10_000_000_000n,
    });
    expect(limits.ETH.perTransfer).toBe(150n * 10n ** 18n);
    expect(limits.USDTTRC.perDay).toBe(10_000_000n * 10n ** 6n);
    expect(Object.keys(limits)).toEqual(Object.keys(DEFAULT_LIMITS));
  });

  it('takes whole-coin decimals per currency and window, the others left at their defaults', () => {
    const limits = payoutLimits({
      TREASURY_MAX_ETH_PER_TRANSFER: '0.05',
      TREASURY_MAX_ETH_PER_HOUR: ' 1.5 ',
      TREASURY_MAX_BTC_PER_DAY: '',
      TREASURY_MAX_LTC_PER_TRANSFER: '0',
    });
    expect(limits.ETH).toEqual({
      perTransfer: 5n * 10n ** 16n,
      perHour: 15n * 10n ** 17n,
      perDay: 3000n * 10n ** 18n,
    });
    expect(limits.BTC.perDay).toBe(10_000_000_000n);
    // 0: every transfer of the currency waits for an operator.
    expect(limits.LTC.perTransfer).toBe(0n);
  });

  it('names every variable at fault, never with a stack trace', () => {
    expect(
      problemsOf({
        TREASURY_MAX_BTC_PER_HOUR: 'lots',
        TREASURY_MAX_ETH_PER_TRANSFER: '-1',
        TREASURY_MAX_USDTERC_PER_DAY: '1.0000001',
        TREASURY_MAX_BTX_PER_DAY: '1',
        TREASURY_MAX_SOL_PERDAY: '1',
      }),
    ).toEqual([
      expect.stringMatching(/^TREASURY_MAX_BTX_PER_DAY: not a limit the treasury knows/),
      expect.stringMatching(/^TREASURY_MAX_SOL_PERDAY: not a limit the treasury knows/),
      'TREASURY_MAX_BTC_PER_HOUR: not an amount of BTC (a plain decimal, at most 8 decimal places)',
      'TREASURY_MAX_ETH_PER_TRANSFER: not an amount of ETH (a plain decimal, at most 18 decimal places)',
      'TREASURY_MAX_USDTERC_PER_DAY: not an amount of USDTERC (a plain decimal, at most 6 decimal places)',
    ]);
  });

  it('refuses limits that decrease from per transfer to per day', () => {
    expect(problemsOf({ TREASURY_MAX_XMR_PER_HOUR: '100', TREASURY_MAX_XMR_PER_TRANSFER: '101' })).toEqual([
      `${limitVariable('XMR', 'perTransfer')}, ${limitVariable('XMR', 'perHour')}, ${limitVariable('XMR', 'perDay')}: must not decrease (per transfer ≤ per hour ≤ per day)`,
    ]);
  });
});
