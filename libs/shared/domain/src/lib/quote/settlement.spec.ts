import { SwapErrorCode, isSwapError } from '../errors';
import { outputForDeposit, precisionStep } from './conversion';
import { parseAmount } from './parse-amount';
import { refundAmount } from './refund';
import { depositMismatch } from './tolerance';

describe('outputForDeposit', () => {
  it.each([
    // deposit, from, to, rate, fee %, gross, fee, net
    [100000000n, 'BTC', 'ETH', '20', '0.25', 20n * 10n ** 18n, 5n * 10n ** 16n, 1995n * 10n ** 16n],
    [99500000n, 'BTC', 'USDTTRC', '60000', '0.5', 59700000000n, 298500000n, 59401500000n],
    [1n, 'BTC', 'USDTERC', '60000', '0.5', 600n, 3n, 597n],
    [1n, 'TRX', 'BTC', '0.000002', '0.25', 0n, 0n, 0n],
    [123456789012n, 'XMR', 'SOL', '1', '0.25', 123456780n, 308640n, 123148140n],
  ] as const)('%s %s → %s at %s, %s %%', (deposit, from, to, rate, fee, gross, feeAmount, net) => {
    expect(outputForDeposit(deposit, from, to, rate, fee)).toEqual({ gross, fee: feeAmount, net });
  });
});

describe('precisionStep', () => {
  it.each([
    ['BTC', 1n],
    ['XMR', 10000n],
    ['ETH', 10n ** 10n],
    ['SOL', 10n],
    ['USDTTRC', 1n],
  ] as const)('%s → %s base units', (code, step) => {
    expect(precisionStep(code)).toBe(step);
  });
});

describe('refundAmount', () => {
  it.each([
    [100000000n, 'BTC', 99000000n],
    [99n, 'BTC', 98n],
    [1n, 'BTC', 0n],
    [1234567891234n, 'XMR', 1222222210000n],
    [10n ** 18n, 'ETH', 99n * 10n ** 16n],
    [0n, 'TRX', 0n],
  ] as const)('%s %s → %s', (deposit, code, refund) => {
    expect(refundAmount(deposit, code)).toBe(refund);
  });
});

describe('depositMismatch', () => {
  it.each([
    [1000000n, 1000000n, null],
    [1000000n, 995000n, null],
    [1000000n, 994999n, 'LESS'],
    [1000000n, 1005000n, null],
    [1000000n, 1005001n, 'MORE'],
    [1000000n, 0n, 'LESS'],
  ])('ordered %s, deposited %s → %s', (ordered, deposited, issue) => {
    expect(depositMismatch(ordered, deposited)).toBe(issue);
  });
});

describe('parseAmount', () => {
  it.each([
    [1.5, 'BTC', 150000000n],
    ['1.5', 'BTC', 150000000n],
    ['0.00000001', 'BTC', 1n],
    ['1.500000000', 'BTC', 150000000n],
    [0.1, 'ETH', 10n ** 17n],
    ['0.12345678', 'XMR', 123456780000n],
    [100, 'TRX', 100000000n],
    ['1e-8', 'BTC', 1n],
    [0, 'BTC', 0n],
    ['999999999999999', 'TRX', 999999999999999000000n],
    ['000000000000000001', 'BTC', 100000000n],
  ] as const)('%j %s → %s', (value, code, units) => {
    expect(parseAmount(value, code)).toBe(units);
  });

  it.each([
    [undefined, 'BTC', SwapErrorCode.MISSING_FIELD, 'Missing required field: amount'],
    [null, 'BTC', SwapErrorCode.MISSING_FIELD, 'Missing required field: amount'],
    ['abc', 'BTC', SwapErrorCode.WRONG_TYPE, 'Field amount must be a non-negative number or numeric string'],
    [-1, 'BTC', SwapErrorCode.WRONG_TYPE, 'Field amount must be'],
    [true, 'BTC', SwapErrorCode.WRONG_TYPE, 'Field amount must be'],
    ['0.000000001', 'BTC', SwapErrorCode.TOO_MANY_DECIMALS, 'more than 8 decimal places allowed for BTC'],
    ['0.123456789', 'XMR', SwapErrorCode.TOO_MANY_DECIMALS, 'more than 8 decimal places allowed for XMR'],
    [1.0000001, 'USDTTRC', SwapErrorCode.TOO_MANY_DECIMALS, 'more than 6 decimal places allowed for USDTTRC'],
    ['1000000000000000', 'TRX', SwapErrorCode.WRONG_TYPE, 'Field amount must be a number below 1e15'],
    ['1e400', 'BTC', SwapErrorCode.WRONG_TYPE, 'Field amount must be a number below 1e15'],
  ] as const)('%j %s → %s', (value, code, errorCode, message) => {
    let thrown: unknown;
    try {
      parseAmount(value, code);
    } catch (error) {
      thrown = error;
    }
    expect(isSwapError(thrown) && [thrown.code, thrown.status]).toEqual([errorCode, 400]);
    expect((thrown as Error).message).toContain(message);
  });
});
