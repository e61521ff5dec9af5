import { isSwapError, SwapError, SwapErrorCode, SwapErrors, toErrorPayload } from './errors';

describe('SwapErrors', () => {
  it.each([
    [SwapErrors.missingField('toAddress'), 'MISSING_FIELD', 400, 'Missing required field: toAddress'],
    [SwapErrors.wrongType('amount', 'a number'), 'WRONG_TYPE', 400, 'Field amount must be a number'],
    [SwapErrors.malformedJson(), 'MALFORMED_JSON', 400, 'Malformed JSON body'],
    [SwapErrors.unknownCurrency('DOGE'), 'UNKNOWN_CURRENCY', 400, 'Unknown currency code "DOGE"'],
    [
      SwapErrors.sameCurrency('BTC'),
      'SAME_CURRENCY',
      400,
      'from and to must be different currencies (both are BTC)',
    ],
    [
      SwapErrors.invalidRateType('flat'),
      'INVALID_RATE_TYPE',
      400,
      'Invalid type "flat": must be float or fixed',
    ],
    [
      SwapErrors.invalidDirection('up'),
      'INVALID_DIRECTION',
      400,
      'Invalid direction "up": must be from or to',
    ],
    [
      SwapErrors.belowMinimum('0.001', 'BTC'),
      'BELOW_MINIMUM',
      400,
      'Amount is below the minimum of 0.001 BTC',
    ],
    [
      SwapErrors.aboveMaximum('2', 'BTC'),
      'ABOVE_MAXIMUM',
      400,
      'Amount is above the current maximum of 2 BTC',
    ],
    [
      SwapErrors.tooManyDecimals(6, 'USDTTRC'),
      'TOO_MANY_DECIMALS',
      400,
      'Amount has more than 6 decimal places allowed for USDTTRC',
    ],
    [SwapErrors.invalidToAddress('BTC'), 'INVALID_TO_ADDRESS', 400, 'Invalid toAddress for BTC'],
    [
      SwapErrors.invalidToAddress('USDTERC'),
      'INVALID_TO_ADDRESS',
      400,
      'Invalid toAddress for USDTERC (ETH chain)',
    ],
    [SwapErrors.invalidRefundAddress('XMR'), 'INVALID_REFUND_ADDRESS', 400, 'Invalid refund address for XMR'],
    [
      SwapErrors.fixedRateNotEnabled(),
      'FIXED_RATE_NOT_ENABLED',
      400,
      'Fixed rate is not enabled for this API key',
    ],
    [SwapErrors.dryRunNotEnabled(), 'DRY_RUN_NOT_ENABLED', 400, 'Dry-run is not enabled for this API key'],
    [
      SwapErrors.pairUnderMaintenance('BTC', 'ETH'),
      'PAIR_UNDER_MAINTENANCE',
      400,
      'Pair BTC/ETH is under maintenance',
    ],
    [
      SwapErrors.pricingUnavailable('USDT'),
      'PRICING_UNAVAILABLE',
      400,
      'Pricing for USDT is temporarily unavailable',
    ],
    [
      SwapErrors.payoutsUnavailable('ETH'),
      'PAYOUTS_UNAVAILABLE',
      400,
      'Payouts in ETH are temporarily unavailable',
    ],
    [
      SwapErrors.depositsUnavailable('LTC'),
      'DEPOSITS_UNAVAILABLE',
      400,
      'Deposits of LTC are temporarily unavailable',
    ],
    [SwapErrors.invalidCredentials(), 'INVALID_CREDENTIALS', 401, 'Invalid credentials'],
    [SwapErrors.invalidSignature(), 'INVALID_SIGNATURE', 401, 'Invalid signature'],
    [SwapErrors.swapNotFound(), 'SWAP_NOT_FOUND', 404, 'Swap not found'],
    [
      SwapErrors.depositReturnNotPossible('the swap is SENDING'),
      'DEPOSIT_RETURN_NOT_POSSIBLE',
      400,
      'Cannot return the deposit: the swap is SENDING',
    ],
    [SwapErrors.rateLimited(3), 'RATE_LIMITED', 429, 'Rate limit exceeded'],
    [
      SwapErrors.exchangeNotPossible('PENDING'),
      'EXCHANGE_NOT_POSSIBLE',
      400,
      'EXCHANGE is only possible while RATE_CHANGED (swap is PENDING)',
    ],
    [
      SwapErrors.refundNotPossible('DONE'),
      'REFUND_NOT_POSSIBLE',
      400,
      'REFUND is only possible while RATE_CHANGED or REFUNDING without a refund address (swap is DONE)',
    ],
    [SwapErrors.refundAddressRequired(), 'REFUND_ADDRESS_REQUIRED', 400, 'A refund address is required'],
    [
      SwapErrors.refundAddressAlreadySet(),
      'REFUND_ADDRESS_ALREADY_SET',
      400,
      'A refund address is already set; contact support to change it',
    ],
    [SwapErrors.underManualReview(), 'UNDER_MANUAL_REVIEW', 400, 'Swap is under manual review'],
    [SwapErrors.dryRunNoDecision(), 'DRY_RUN_NO_DECISION', 400, 'Dry-run swaps never need a decision'],
    [SwapErrors.notDryRun(), 'NOT_DRY_RUN', 400, 'Not a dry-run swap: real swaps move on their own'],
    [SwapErrors.dryRunAlreadyDone(), 'DRY_RUN_ALREADY_DONE', 400, 'Dry-run swap is already DONE'],
    [
      SwapErrors.invalidChoice('MAYBE'),
      'INVALID_CHOICE',
      400,
      'Invalid choice "MAYBE": must be EXCHANGE or REFUND',
    ],
  ])('%#: %s', (error, code, status, message) => {
    expect(error).toBeInstanceOf(SwapError);
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.status]).toEqual([code, status]);
    expect(error.message).toContain(message);
  });

  it('has one factory per code', () => {
    const produced = new Set(
      Object.values(SwapErrors).map(
        (factory) => (factory as (...args: unknown[]) => SwapError)('BTC', 'BTC').code,
      ),
    );
    expect([...produced].sort()).toEqual(Object.values(SwapErrorCode).sort());
  });

  it('bounds echoed input', () => {
    const message = SwapErrors.unknownCurrency('A'.repeat(10000)).message;
    expect(message.length).toBeLessThan(80);
  });

  it('names objects and arrays by their kind, whatever String() of them would do', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(SwapErrors.invalidRateType({ toString: 1 }).message).toBe(
      'Invalid type a value of type object: must be float or fixed',
    );
    expect(SwapErrors.invalidDirection(deep).message).toBe('Invalid direction an array: must be from or to');
    expect(SwapErrors.invalidChoice(null).message).toBe('Invalid choice null: must be EXCHANGE or REFUND');
    expect(SwapErrors.unknownCurrency(42).message).toBe('Unknown currency code "42"');
  });

  it.each([
    [3, 3],
    [0.2, 1],
    [1.5, 2],
    [0, 1],
    [Number.NaN, 1],
  ])('rate limit retryAfter %d → %d whole seconds', (seconds, retryAfter) => {
    expect(SwapErrors.rateLimited(seconds).retryAfter).toBe(retryAfter);
  });
});

describe('isSwapError and toErrorPayload', () => {
  it('tells catalogue errors from others', () => {
    expect(isSwapError(SwapErrors.swapNotFound())).toBe(true);
    expect(isSwapError(new Error('Swap not found'))).toBe(false);
    expect(isSwapError({ code: 'SWAP_NOT_FOUND', status: 404, message: 'Swap not found' })).toBe(false);
  });

  it.each([
    [SwapErrors.swapNotFound(), { code: 'SWAP_NOT_FOUND', message: 'Swap not found', status: 404 }],
    [
      SwapErrors.rateLimited(2),
      { code: 'RATE_LIMITED', message: 'Rate limit exceeded', status: 429, retryAfter: 2 },
    ],
  ])('%s', (error, payload) => {
    expect(toErrorPayload(error)).toEqual(payload);
  });
});
