import { SwapErrorCode, type SwapError } from '@swap/domain';
import { parseResolveRequest, parseSwapLookup } from './swap-request.parser';

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
