import {
  constantTimeEqual,
  isAnySwapId,
  isApiKeyId,
  isApiSecret,
  isDryRunId,
  isSwapId,
  isSwapToken,
  newApiKeyId,
  newApiSecret,
  newDryRunId,
  newSwapId,
  newSwapToken,
  randomBase62,
} from './ids';

const many = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

describe('generators', () => {
  it.each([
    ['newSwapId', newSwapId, /^[A-Za-z0-9]{10}$/, isSwapId],
    ['newDryRunId', newDryRunId, /^DR[A-Za-z0-9]{8}$/, isDryRunId],
    ['newSwapToken', newSwapToken, /^[A-Za-z0-9]{22}$/, isSwapToken],
    ['newApiKeyId', newApiKeyId, /^ak_[A-Za-z0-9]{24}$/, isApiKeyId],
    ['newApiSecret', newApiSecret, /^[A-Za-z0-9]{43}$/, isApiSecret],
  ])('%s has the documented format and passes its validator', (_name, make, format, validate) => {
    for (const value of many(500, make)) {
      expect(value).toMatch(format);
      expect(validate(value)).toBe(true);
    }
  });

  it('never starts a real swap id with DR', () => {
    expect(many(5000, newSwapId).some((id) => id.startsWith('DR'))).toBe(false);
  });

  it('does not repeat tokens', () => {
    const tokens = many(10000, newSwapToken);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('uses every base62 character with roughly equal frequency (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const char of randomBase62(62 * 2000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a biased mapping of bytes 248..255 onto '0'..'7' would give ~2130.
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(250);
    const low = ['0', '1', '2', '3', '4', '5', '6', '7'].reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);
    expect(low / 8).toBeLessThan(2090);
  });
});

describe('validators', () => {
  it.each([
    ['aB3dE6gH9k', true, false, true],
    ['DRaB3dE6gH', false, true, true],
    ['DR12345678', false, true, true],
    ['aB3dE6gH9', false, false, false],
    ['aB3dE6gH9kX', false, false, false],
    ['aB3dE6gH9-', false, false, false],
    ['DR1234567', false, false, false],
    ['dr12345678', true, false, true],
    ['', false, false, false],
  ])('%j: swap id %s, dry-run id %s, any %s', (value, swap, dryRun, any) => {
    expect(isSwapId(value)).toBe(swap);
    expect(isDryRunId(value)).toBe(dryRun);
    expect(isAnySwapId(value)).toBe(any);
  });

  it.each([
    ['0123456789abcdefghijkl', true],
    ['0123456789abcdefghijk', false],
    ['0123456789abcdefghijklm', false],
    ['0123456789abcdefghijk_', false],
  ])('token %j → %s', (value, ok) => {
    expect(isSwapToken(value)).toBe(ok);
  });

  it.each([null, undefined, 12345678901, {}, ['aB3dE6gH9k']])('rejects non-string %j', (value) => {
    expect(isSwapId(value)).toBe(false);
    expect(isDryRunId(value)).toBe(false);
    expect(isSwapToken(value)).toBe(false);
    expect(isApiKeyId(value)).toBe(false);
    expect(isApiSecret(value)).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  it.each([
    ['abc', 'abc', true],
    ['', '', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['abc', '', false],
    ['é', 'é', true],
    ['e\u0301', 'é', false],
  ])('%j vs %j → %s', (a, b, equal) => {
    expect(constantTimeEqual(a, b)).toBe(equal);
  });
});
