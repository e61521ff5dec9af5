import type { ApiKeyInfo } from '@swap/contracts';
import { SwapErrorCode, type SwapError } from '@swap/domain';
import { parseBody } from '../request-body';
import { parseCreateRequest } from '../swap-request.parser';
import { canonicalJson, createRequestHash, parseIdempotencyKey } from './idempotency-key';

const refusal = (header: string | string[]): string => {
  try {
    parseIdempotencyKey(header);
  } catch (error) {
    return `${(error as SwapError).status} ${(error as SwapError).code}`;
  }
  throw new Error(`accepted ${JSON.stringify(header)}`);
};

describe('the Idempotency-Key header (D13)', () => {
  it.each(['a', 'Z', '0', '_', '-', 'order-2026_11_28-0001', 'x'.repeat(64)])('accepts %j', (header) => {
    expect(parseIdempotencyKey(header)).toBe(header);
  });

  it('is optional', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['a space', 'order 1'],
    ['a dot', 'order.1'],
    ['a slash', 'a/b'],
    ['a colon', 'ak:1'],
    ['non-ASCII', 'commandé'],
    ['a padded value', ' order1'],
    ['two values joined', 'a, b'],
    ['a repeated header', ['a', 'b']],
  ])('refuses %s with 400', (_name, header) => {
    expect(refusal(header)).toBe(`400 ${SwapErrorCode.INVALID_IDEMPOTENCY_KEY}`);
  });
});

describe('the hash of a create request (D13 "the same body")', () => {
  const key = { fixedRateEnabled: true, dryrunEnabled: true, partnerPercent: '0' } as ApiKeyInfo;
  const hashOf = (raw: string) => createRequestHash(parseCreateRequest(parseBody(raw), key));
  const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  const base = { from: 'BTC', to: 'ETH', amount: '0.1', toAddress: ETH, refundAddress: BTC };
  const original = hashOf(JSON.stringify(base));

  it('is a SHA-256 in hex', () => {
    expect(original).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [
      'keys in another order',
      JSON.stringify({ refundAddress: BTC, toAddress: ETH, amount: '0.1', to: 'ETH', from: 'BTC' }),
    ],
    ['other spacing', JSON.stringify(base, null, 2)],
    ['the amount as a number', JSON.stringify({ ...base, amount: 0.1 })],
    ['the amount with trailing zeros', JSON.stringify({ ...base, amount: '0.10000' })],
    [
      'the defaults spelled out',
      JSON.stringify({ ...base, type: 'float', direction: 'from', dryrun: false }),
    ],
    ['padded addresses', JSON.stringify({ ...base, toAddress: ` ${ETH} ` })],
    ['a field the API does not know', JSON.stringify({ ...base, note: 'ignored' })],
  ])('is the same for the same order with %s', (_name, raw) => {
    expect(hashOf(raw)).toBe(original);
  });

  it.each([
    ['another amount', { amount: '0.11' }],
    ['another pair', { to: 'AVAX' }],
    ['another payout address', { toAddress: '0x0000000000000000000000000000000000000001' }],
    ['no refund address', { refundAddress: undefined }],
    ['fixed rate', { type: 'fixed' }],
    ['the other direction', { direction: 'to' }],
    ['a dry run', { dryrun: true }],
  ])('changes with %s', (_name, change) => {
    expect(hashOf(JSON.stringify({ ...base, ...change }))).not.toBe(original);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members, as JSON.stringify does', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: null, e: 'x' }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":"x","f":null}]},"b":1}',
    );
    expect(canonicalJson([undefined, 'a'])).toBe(JSON.stringify([undefined, 'a']));
  });
});
