import type { ApiKeyInfo } from '@swap/contracts';
import { SwapErrorCode, type SwapError } from '@swap/domain';
import {
  parseCreateRequest,
  parseQuoteRequest,
  parseResolveRequest,
  parseSwapLookup,
} from './swap-request.parser';

const refusal = (parse: () => unknown): [string, number] => {
  try {
    parse();
  } catch (err) {
    const error = err as SwapError;
    return [error.code, error.status];
  }
  throw new Error('accepted');
};

describe('swap lookups (§4.5, §4.6, §4.7)', () => {
  it('an id of no swap shape is an unknown swap (404), a missing one a 400', () => {
    for (const id of ['abc', 'AAAAAAAAAAA', 'AAAAAAAAA!', 'DR1234567', ''])
      expect(refusal(() => parseSwapLookup({ id }))).toEqual(
        id === '' ? [SwapErrorCode.MISSING_FIELD, 400] : [SwapErrorCode.SWAP_NOT_FOUND, 404],
      );
    expect(refusal(() => parseSwapLookup({}))).toEqual([SwapErrorCode.MISSING_FIELD, 400]);
    expect(parseSwapLookup({ id: 'AbCdEfGhIj', token: 't' })).toEqual({ id: 'AbCdEfGhIj', token: 't' });
  });

  it('a decision names a swap the same way', () => {
    expect(refusal(() => parseResolveRequest({ id: 'nope', choice: 'REFUND' }))).toEqual([
      SwapErrorCode.SWAP_NOT_FOUND,
      404,
    ]);
  });
});

describe('request bodies parsed from their schemas (§4, §7)', () => {
  const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const key = { fixedRateEnabled: true, dryrunEnabled: false, partnerPercent: '0' } as ApiKeyInfo;
  const answer = (parse: () => unknown): [string, string] => {
    try {
      parse();
    } catch (err) {
      return [(err as SwapError).code, (err as SwapError).message];
    }
    return ['OK', ''];
  };
  const quote = (body: Record<string, unknown>) => answer(() => parseQuoteRequest(body, key));
  const create = (body: Record<string, unknown>) => answer(() => parseCreateRequest(body, key));
  const pair = { from: 'BTC', to: 'ETH', amount: '1' };

  it.each<[Record<string, unknown>, string, string]>([
    [{}, 'MISSING_FIELD', 'Missing required field: from'],
    // A missing field comes before any other fault, in the order the body declares them.
    [{ type: 'spot', from: 7, to: 'ETH' }, 'MISSING_FIELD', 'Missing required field: amount'],
    [{ ...pair, to: null }, 'MISSING_FIELD', 'Missing required field: to'],
    [{ ...pair, amount: '' }, 'MISSING_FIELD', 'Missing required field: amount'],
    [{ ...pair, from: 7 }, 'WRONG_TYPE', 'Field from must be a string'],
    [{ ...pair, from: 'DOGE' }, 'UNKNOWN_CURRENCY', 'Unknown currency code "DOGE"'],
    [{ ...pair, to: 'BTC' }, 'SAME_CURRENCY', 'from and to must be different currencies (both are BTC)'],
    // A rate type or a direction of any other value, whatever its JSON type, is named as such.
    [{ ...pair, type: '' }, 'INVALID_RATE_TYPE', 'Invalid type "": must be float or fixed'],
    [
      { ...pair, type: { toString: 1 } },
      'INVALID_RATE_TYPE',
      'Invalid type a value of type object: must be float or fixed',
    ],
    [{ ...pair, type: null }, 'OK', ''],
    [{ ...pair, direction: [[]] }, 'INVALID_DIRECTION', 'Invalid direction an array: must be from or to'],
    [{ ...pair, amount: true }, 'WRONG_TYPE', 'Field amount must be a non-negative number or numeric string'],
    [
      { ...pair, amount: 'abc' },
      'WRONG_TYPE',
      'Field amount must be a non-negative number or numeric string',
    ],
    [
      { ...pair, amount: '0.123456789' },
      'TOO_MANY_DECIMALS',
      'Amount has more than 8 decimal places allowed for BTC',
    ],
  ])('price %j: %s', (body, code, message) => {
    expect(quote(body)).toEqual([code, message]);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [pair, 'MISSING_FIELD', 'Missing required field: toAddress'],
    [{ ...pair, toAddress: 7 }, 'WRONG_TYPE', 'Field toAddress must be a string'],
    [{ ...pair, toAddress: '  ' }, 'INVALID_TO_ADDRESS', 'Invalid toAddress for ETH'],
    [
      { ...pair, toAddress: ETH, refundAddress: ETH },
      'INVALID_REFUND_ADDRESS',
      'Invalid refund address for BTC',
    ],
    [{ ...pair, toAddress: ETH, refundAddress: '' }, 'OK', ''],
    [{ ...pair, toAddress: ETH, dryrun: '' }, 'WRONG_TYPE', 'Field dryrun must be a boolean'],
    [
      { ...pair, toAddress: ETH, dryrun: true },
      'DRY_RUN_NOT_ENABLED',
      'Dry-run is not enabled for this API key',
    ],
  ])('create %j: %s', (body, code, message) => {
    expect(create(body)).toEqual([code, message]);
  });

  it.each<[Record<string, unknown>, string]>([
    // A key with no rights: the dry run is judged first, then the pair, the rate type, the amount.
    [{ ...pair, to: 'BTC', type: 'fixed', dryrun: true }, 'DRY_RUN_NOT_ENABLED'],
    [{ ...pair, to: 'BTC', type: 'fixed' }, 'SAME_CURRENCY'],
    [{ ...pair, direction: 'to', amount: '0.1234567891' }, 'FIXED_RATE_NOT_ENABLED'],
    [{ ...pair, type: 'fixed', toAddress: 'nowhere' }, 'FIXED_RATE_NOT_ENABLED'],
    [{ ...pair, amount: '0.123456789', toAddress: 'nowhere' }, 'TOO_MANY_DECIMALS'],
  ])('create %j by a key without rights: %s', (body, code) => {
    const rightless = { ...key, fixedRateEnabled: false, dryrunEnabled: false };
    expect(answer(() => parseCreateRequest({ toAddress: ETH, ...body }, rightless))[0]).toBe(code);
  });

  it('hands the engine its create request: base units, a trimmed address, the defaults', () => {
    expect(parseCreateRequest({ ...pair, direction: 'to', toAddress: ` ${ETH} `, extra: 1 }, key)).toEqual({
      type: 'fixed',
      from: 'BTC',
      to: 'ETH',
      direction: 'to',
      amount: '1000000000000000000',
      toAddress: ETH,
      refundAddress: null,
      dryrun: false,
    });
  });

  it('takes a decision with a trimmed address, and names a choice of another type as such', () => {
    expect(parseResolveRequest({ id: 'AbCdEfGhIj', choice: 'REFUND', address: ' a ', token: '' })).toEqual({
      id: 'AbCdEfGhIj',
      choice: 'REFUND',
      address: 'a',
    });
    expect(answer(() => parseResolveRequest({ id: 'AbCdEfGhIj', choice: 'MAYBE' }))).toEqual([
      'INVALID_CHOICE',
      'Invalid choice "MAYBE": must be EXCHANGE or REFUND',
    ]);
    expect(answer(() => parseResolveRequest({ id: 'AbCdEfGhIj', choice: 1 }))).toEqual([
      'WRONG_TYPE',
      'Field choice must be a string',
    ]);
    expect(answer(() => parseResolveRequest({ id: 7, choice: 'REFUND' }))).toEqual([
      'WRONG_TYPE',
      'Field id must be a string',
    ]);
  });
});
