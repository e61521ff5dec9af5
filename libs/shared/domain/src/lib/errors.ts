/**
 * The catalogue of errors an integrator can see. Codes are stable (logs, tests and the SDK match
 * on them); messages are what the envelope's `msg` carries, so they name the problem and never
 * contain secrets. One exception filter maps a SwapError to the envelope.
 */
import { CURRENCIES, CurrencyCode } from './currencies';
import { SwapStatus } from './swap';

export const SwapErrorCode = {
  MISSING_FIELD: 'MISSING_FIELD',
  WRONG_TYPE: 'WRONG_TYPE',
  MALFORMED_JSON: 'MALFORMED_JSON',
  UNKNOWN_CURRENCY: 'UNKNOWN_CURRENCY',
  SAME_CURRENCY: 'SAME_CURRENCY',
  INVALID_RATE_TYPE: 'INVALID_RATE_TYPE',
  INVALID_DIRECTION: 'INVALID_DIRECTION',
  BELOW_MINIMUM: 'BELOW_MINIMUM',
  ABOVE_MAXIMUM: 'ABOVE_MAXIMUM',
  TOO_MANY_DECIMALS: 'TOO_MANY_DECIMALS',
  INVALID_TO_ADDRESS: 'INVALID_TO_ADDRESS',
  INVALID_REFUND_ADDRESS: 'INVALID_REFUND_ADDRESS',
  FIXED_RATE_NOT_ENABLED: 'FIXED_RATE_NOT_ENABLED',
  DRY_RUN_NOT_ENABLED: 'DRY_RUN_NOT_ENABLED',
  PAIR_UNDER_MAINTENANCE: 'PAIR_UNDER_MAINTENANCE',
  PRICING_UNAVAILABLE: 'PRICING_UNAVAILABLE',
  DEPOSITS_UNAVAILABLE: 'DEPOSITS_UNAVAILABLE',
  PAYOUTS_UNAVAILABLE: 'PAYOUTS_UNAVAILABLE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  SWAP_NOT_FOUND: 'SWAP_NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  EXCHANGE_NOT_POSSIBLE: 'EXCHANGE_NOT_POSSIBLE',
  REFUND_NOT_POSSIBLE: 'REFUND_NOT_POSSIBLE',
  OPERATOR_ACTION_NOT_POSSIBLE: 'OPERATOR_ACTION_NOT_POSSIBLE',
  DEPOSIT_RETURN_NOT_POSSIBLE: 'DEPOSIT_RETURN_NOT_POSSIBLE',
  REFUND_ADDRESS_REQUIRED: 'REFUND_ADDRESS_REQUIRED',
  REFUND_ADDRESS_ALREADY_SET: 'REFUND_ADDRESS_ALREADY_SET',
  UNDER_MANUAL_REVIEW: 'UNDER_MANUAL_REVIEW',
  DRY_RUN_NO_DECISION: 'DRY_RUN_NO_DECISION',
  NOT_DRY_RUN: 'NOT_DRY_RUN',
  DRY_RUN_ALREADY_DONE: 'DRY_RUN_ALREADY_DONE',
  INVALID_CHOICE: 'INVALID_CHOICE',
  INVALID_STATUS: 'INVALID_STATUS',
  INVALID_CURSOR: 'INVALID_CURSOR',
  INVALID_TIME_RANGE: 'INVALID_TIME_RANGE',
  INVALID_IDEMPOTENCY_KEY: 'INVALID_IDEMPOTENCY_KEY',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type SwapErrorCode = (typeof SwapErrorCode)[keyof typeof SwapErrorCode];

export type SwapErrorStatus = 400 | 401 | 404 | 429;

export class SwapError extends Error {
  override readonly name = 'SwapError';

  constructor(
    readonly code: SwapErrorCode,
    readonly status: SwapErrorStatus,
    message: string,
    /** Only for RATE_LIMITED: whole seconds to wait (D5). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function isSwapError(value: unknown): value is SwapError {
  return value instanceof SwapError;
}

export interface SwapErrorPayload {
  code: SwapErrorCode;
  message: string;
  status: SwapErrorStatus;
  retryAfter?: number;
}

export function toErrorPayload(error: SwapError): SwapErrorPayload {
  const payload: SwapErrorPayload = { code: error.code, message: error.message, status: error.status };
  if (error.retryAfter !== undefined) payload.retryAfter = error.retryAfter;
  return payload;
}

/**
 * Echoes caller input safely: bounded length, quoted so odd characters stay visible. Only strings,
 * numbers and booleans are echoed; anything else is named by its kind (String() of an object can
 * throw, or recurse through a deeply nested array).
 */
function quoted(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
  }
  const text = String(value);
  return JSON.stringify(text.length > 32 ? `${text.slice(0, 32)}…` : text);
}

function chain(code: CurrencyCode): string {
  const { network } = CURRENCIES[code];
  return network === code ? code : `${code} (${network} chain)`;
}

const bad = (code: SwapErrorCode, message: string) => new SwapError(code, 400, message);

/** One factory per case, so call sites read as the problem they report. */
export const SwapErrors = {
  missingField: (field: string) => bad(SwapErrorCode.MISSING_FIELD, `Missing required field: ${field}`),
  wrongType: (field: string, expected: string) =>
    bad(SwapErrorCode.WRONG_TYPE, `Field ${field} must be ${expected}`),
  malformedJson: () => bad(SwapErrorCode.MALFORMED_JSON, 'Malformed JSON body'),
  unknownCurrency: (code: unknown) =>
    bad(SwapErrorCode.UNKNOWN_CURRENCY, `Unknown currency code ${quoted(code)}`),
  sameCurrency: (code: CurrencyCode) =>
    bad(SwapErrorCode.SAME_CURRENCY, `from and to must be different currencies (both are ${code})`),
  invalidRateType: (value: unknown) =>
    bad(SwapErrorCode.INVALID_RATE_TYPE, `Invalid type ${quoted(value)}: must be float or fixed`),
  invalidDirection: (value: unknown) =>
    bad(SwapErrorCode.INVALID_DIRECTION, `Invalid direction ${quoted(value)}: must be from or to`),
  /** `min` is a decimal string in `code`. */
  belowMinimum: (min: string, code: CurrencyCode) =>
    bad(SwapErrorCode.BELOW_MINIMUM, `Amount is below the minimum of ${min} ${code}`),
  /** The output would open an account below the chain's floor (`min`, a decimal string in `code`). */
  payoutBelowAccountMinimum: (min: string, code: CurrencyCode) =>
    bad(
      SwapErrorCode.BELOW_MINIMUM,
      `The ${code} payout is below ${min} ${code}, the least a new ${chain(code)} account can receive`,
    ),
  /** `max` is a decimal string in `code`. */
  aboveMaximum: (max: string, code: CurrencyCode) =>
    bad(SwapErrorCode.ABOVE_MAXIMUM, `Amount is above the current maximum of ${max} ${code}`),
  tooManyDecimals: (precision: number, code: CurrencyCode) =>
    bad(
      SwapErrorCode.TOO_MANY_DECIMALS,
      `Amount has more than ${precision} decimal places allowed for ${code}`,
    ),
  invalidToAddress: (code: CurrencyCode) =>
    bad(SwapErrorCode.INVALID_TO_ADDRESS, `Invalid toAddress for ${chain(code)}`),
  invalidRefundAddress: (code: CurrencyCode) =>
    bad(SwapErrorCode.INVALID_REFUND_ADDRESS, `Invalid refund address for ${chain(code)}`),
  fixedRateNotEnabled: () =>
    bad(
      SwapErrorCode.FIXED_RATE_NOT_ENABLED,
      'Fixed rate is not enabled for this API key (direction to is always fixed-rate)',
    ),
  dryRunNotEnabled: () => bad(SwapErrorCode.DRY_RUN_NOT_ENABLED, 'Dry-run is not enabled for this API key'),
  pairUnderMaintenance: (from: CurrencyCode, to: CurrencyCode) =>
    bad(SwapErrorCode.PAIR_UNDER_MAINTENANCE, `Pair ${from}/${to} is under maintenance`),
  pricingUnavailable: (coin: string) =>
    bad(SwapErrorCode.PRICING_UNAVAILABLE, `Pricing for ${coin} is temporarily unavailable`),
  depositsUnavailable: (code: CurrencyCode) =>
    bad(SwapErrorCode.DEPOSITS_UNAVAILABLE, `Deposits of ${code} are temporarily unavailable`),
  /** The treasury's balance in the currency is not known lately: nothing is promised against it. */
  payoutsUnavailable: (code: CurrencyCode) =>
    bad(SwapErrorCode.PAYOUTS_UNAVAILABLE, `Payouts in ${code} are temporarily unavailable`),
  // D2: the two 401 messages are fixed and deliberately say no more.
  invalidCredentials: () => new SwapError(SwapErrorCode.INVALID_CREDENTIALS, 401, 'Invalid credentials'),
  invalidSignature: () => new SwapError(SwapErrorCode.INVALID_SIGNATURE, 401, 'Invalid signature'),
  swapNotFound: () => new SwapError(SwapErrorCode.SWAP_NOT_FOUND, 404, 'Swap not found'),
  /** D5: a whole number of seconds, at least 1. */
  rateLimited: (retryAfterSeconds: number) =>
    new SwapError(
      SwapErrorCode.RATE_LIMITED,
      429,
      'Rate limit exceeded',
      Math.max(1, Math.ceil(Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 1)),
    ),
  exchangeNotPossible: (status: SwapStatus) =>
    bad(
      SwapErrorCode.EXCHANGE_NOT_POSSIBLE,
      `EXCHANGE is only possible while RATE_CHANGED (swap is ${status})`,
    ),
  refundNotPossible: (status: SwapStatus) =>
    bad(
      SwapErrorCode.REFUND_NOT_POSSIBLE,
      `REFUND is only possible while RATE_CHANGED or REFUNDING without a refund address (swap is ${status})`,
    ),
  /** swapctl: an operator's resolution refused by the state machine (D4). */
  operatorActionNotPossible: (action: string, status: SwapStatus) =>
    bad(
      SwapErrorCode.OPERATOR_ACTION_NOT_POSSIBLE,
      `Cannot ${action} a swap in ${status}: only a FAILED swap whose payout or refund is no longer under way`,
    ),
  /** swapctl swaps return-deposit: why this deposit cannot be sent back (now). */
  depositReturnNotPossible: (why: string) =>
    bad(SwapErrorCode.DEPOSIT_RETURN_NOT_POSSIBLE, `Cannot return the deposit: ${why}`),
  refundAddressRequired: () =>
    bad(SwapErrorCode.REFUND_ADDRESS_REQUIRED, 'A refund address is required: send it in address'),
  refundAddressAlreadySet: () =>
    bad(
      SwapErrorCode.REFUND_ADDRESS_ALREADY_SET,
      'A refund address is already set; contact support to change it',
    ),
  underManualReview: () =>
    bad(
      SwapErrorCode.UNDER_MANUAL_REVIEW,
      'Swap is under manual review by the operators; no action is possible',
    ),
  dryRunNoDecision: () => bad(SwapErrorCode.DRY_RUN_NO_DECISION, 'Dry-run swaps never need a decision'),
  notDryRun: () => bad(SwapErrorCode.NOT_DRY_RUN, 'Not a dry-run swap: real swaps move on their own'),
  dryRunAlreadyDone: () => bad(SwapErrorCode.DRY_RUN_ALREADY_DONE, 'Dry-run swap is already DONE'),
  invalidChoice: (value: unknown) =>
    bad(SwapErrorCode.INVALID_CHOICE, `Invalid choice ${quoted(value)}: must be EXCHANGE or REFUND`),
  /** D14: a status filter names no status of section 5. */
  invalidStatus: (value: unknown) => bad(SwapErrorCode.INVALID_STATUS, `Invalid status ${quoted(value)}`),
  /** D14: a cursor not handed out by /swap/list (or of another filter). */
  invalidCursor: () =>
    bad(SwapErrorCode.INVALID_CURSOR, 'Invalid cursor: pass the next value of a previous page'),
  /** D14 and stats: since after until, or a time that is not whole unix seconds. */
  invalidTimeRange: (detail: string) =>
    bad(SwapErrorCode.INVALID_TIME_RANGE, `Invalid time range: ${detail}`),
  /** D13: the Idempotency-Key header is not 1–64 characters of [A-Za-z0-9_-]. */
  invalidIdempotencyKey: () =>
    bad(
      SwapErrorCode.INVALID_IDEMPOTENCY_KEY,
      'Invalid Idempotency-Key header: 1-64 characters of A-Z, a-z, 0-9, _ and -',
    ),
  /** D13: the same Idempotency-Key was used with another body within 24 h. */
  idempotencyKeyReused: () =>
    bad(SwapErrorCode.IDEMPOTENCY_KEY_REUSED, 'Idempotency-Key reused with a different request'),
} as const;
