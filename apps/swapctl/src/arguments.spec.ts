import { InvalidArgumentError } from 'commander';
import {
  collectCidr,
  parseLabel,
  parseListLimit,
  parsePartnerPercent,
  parseRateLimit,
  parseStatus,
} from './arguments';

describe('option parsers', () => {
  it.each(['0', '0.5', '9.99', '09.5', '0.125'])(
    'accepts partner percent %s as the exact string',
    (value) => {
      expect(parsePartnerPercent(value)).toBe(value);
    },
  );

  it.each([
    ['10', 'below 10'],
    ['10.0', 'below 10'],
    ['123', 'below 10'],
    ['-1', 'plain decimal'],
    ['1e-1', 'plain decimal'],
    ['.5', 'plain decimal'],
    ['0.', 'plain decimal'],
    ['', 'plain decimal'],
    ['abc', 'plain decimal'],
  ])('rejects partner percent %j (%s)', (value, reason) => {
    expect(() => parsePartnerPercent(value)).toThrow(InvalidArgumentError);
    expect(() => parsePartnerPercent(value)).toThrow(reason);
  });

  it.each([
    ['1', 1],
    ['30', 30],
    ['100000', 100000],
  ])('accepts rate limit %s', (value, expected) => {
    expect(parseRateLimit(value)).toBe(expected);
  });

  it.each(['0', '-5', '1.5', '030', '1e3', '100001', 'ten', ''])('rejects rate limit %j', (value) => {
    expect(() => parseRateLimit(value)).toThrow('rate limit must be a whole number from 1 to 100000');
  });

  it('bounds the list limit by what the engine accepts', () => {
    expect(parseListLimit('1000')).toBe(1000);
    expect(() => parseListLimit('1001')).toThrow('limit must be a whole number from 1 to 1000');
  });

  it.each([
    ['DONE', 'DONE'],
    ['failed', 'FAILED'],
    ['Rate_Changed', 'RATE_CHANGED'],
  ])('accepts status %s as %s', (value, expected) => {
    expect(parseStatus(value)).toBe(expected);
  });

  it('rejects an unknown status and lists the eleven valid ones', () => {
    expect(() => parseStatus('FINISHED')).toThrow(
      'status must be one of NEW, PENDING, CONFIRMING, RATE_CHANGED, EXCHANGING, SENDING, REFUNDING, DONE, EXPIRED, REFUNDED, FAILED',
    );
  });

  it('collects repeated --ip values in order', () => {
    const once = collectCidr('203.0.113.7', []);
    expect(collectCidr('2001:db8::/32', collectCidr('10.0.0.0/8', once))).toEqual([
      '203.0.113.7',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  it.each(['10.0.0.0/33', '2001:db8::/129', '1.2.3', 'example.com', '10.0.0.0/8/1', '10.0.0.0/x'])(
    'rejects ip %s',
    (value) => {
      expect(() => collectCidr(value, [])).toThrow('ip must be an IP address or a CIDR block');
    },
  );

  it('limits the label to 100 characters', () => {
    expect(parseLabel('x'.repeat(100))).toHaveLength(100);
    expect(() => parseLabel('x'.repeat(101))).toThrow('at most 100 characters');
  });
});
