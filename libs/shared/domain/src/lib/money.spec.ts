import fc from 'fast-check';
import {
  ceilUnits,
  decimalPlaces,
  DecimalFormatError,
  fromUnits,
  plainDecimal,
  toJsonNumber,
  toUnits,
  truncateUnits,
} from './money';

describe('decimalPlaces', () => {
  it.each([
    ['1', 0],
    ['1.250', 3],
    ['0.00000001', 8],
    ['007.5', 1],
  ])('%s has %i places', (text, places) => {
    expect(decimalPlaces(text)).toBe(places);
  });

  it.each(['', '-1', '1.', '.5', '1e5', 'abc', '1,5', ' 1'])('rejects %j', (text) => {
    expect(() => decimalPlaces(text)).toThrow(DecimalFormatError);
  });
});

describe('toUnits', () => {
  it.each([
    ['1.5', 8, 150000000n],
    ['0', 8, 0n],
    ['0.00000001', 8, 1n],
    ['100', 6, 100000000n],
    ['1', 18, 10n ** 18n],
    ['0.05', 12, 50000000000n],
    ['12345678901234567890.123456789012345678', 18, 12345678901234567890123456789012345678n],
    ['007', 0, 7n],
  ])('%s with %i decimals → %s', (text, decimals, units) => {
    expect(toUnits(text, decimals)).toBe(units);
  });

  it.each([
    ['0.000000001', 8],
    ['1.5', 0],
    ['-1', 8],
    ['1e3', 8],
    ['', 8],
  ])('rejects %j with %i decimals', (text, decimals) => {
    expect(() => toUnits(text, decimals)).toThrow(DecimalFormatError);
  });
});

describe('fromUnits', () => {
  it.each([
    [150000000n, 8, undefined, '1.50000000'],
    [1n, 8, undefined, '0.00000001'],
    [0n, 8, undefined, '0.00000000'],
    [100000000n, 6, undefined, '100.000000'],
    [123456789n, 8, 2, '1.23'],
    [199999999n, 8, 0, '1'],
    [-150000000n, 8, undefined, '-1.50000000'],
    [-1n, 8, 2, '0.00'],
    [10n ** 18n + 5n, 18, 8, '1.00000000'],
    [150n, 2, 4, '1.5000'],
    [7n, 0, undefined, '7'],
  ])('%s with %i decimals, %s places → %s', (units, decimals, places, text) => {
    expect(fromUnits(units, decimals, places)).toBe(text);
  });

  it('round-trips with toUnits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, decimals) => {
          expect(toUnits(fromUnits(units, decimals), decimals)).toBe(units);
        },
      ),
    );
  });
});

describe('truncateUnits and ceilUnits', () => {
  it.each([
    // units, decimals, places, truncated, ceiled
    [123456789n, 8, 6, 123456700n, 123456800n],
    [123456700n, 8, 6, 123456700n, 123456700n],
    [1n, 12, 8, 0n, 10000n],
    [0n, 18, 8, 0n, 0n],
    [5n, 8, 8, 5n, 5n],
    [5n, 6, 8, 5n, 5n],
    [-15n, 1, 0, -20n, -10n],
    [-20n, 1, 0, -20n, -20n],
  ])('%s (%i decimals) to %i places → %s / %s', (units, decimals, places, down, up) => {
    expect(truncateUnits(units, decimals, places)).toBe(down);
    expect(ceilUnits(units, decimals, places)).toBe(up);
  });

  it('brackets the value within one step', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        (units, decimals, places) => {
          const step = places >= decimals ? 1n : 10n ** BigInt(decimals - places);
          const down = truncateUnits(units, decimals, places);
          const up = ceilUnits(units, decimals, places);
          expect(down <= units && units <= up).toBe(true);
          expect(up - down).toBe(down === up ? 0n : step);
          expect(down % step).toBe(0n);
        },
      ),
    );
  });
});

describe('plainDecimal', () => {
  it.each([
    [1.5, '1.5'],
    [0, '0'],
    [-0, '0'],
    [100, '100'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [1e-7, '0.0000001'],
    ['1.5', '1.5'],
    [' 2.25 ', '2.25'],
    ['1.000', '1.000'],
    ['1e3', '1000'],
    ['1.5E-3', '0.0015'],
    ['1.50e-3', '0.0015'],
    ['0.5e1', '5'],
    ['100e-5', '0.001'],
    ['1.25e1', '12.5'],
    ['0e-5', '0'],
  ])('%j → %j', (value, text) => {
    expect(plainDecimal(value)).toBe(text);
  });

  it.each([
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '-1',
    'abc',
    '',
    '1.',
    '.5',
    '0x10',
    '1e999999999',
    '1e-1000',
    '1e401',
    null,
    undefined,
    true,
    {},
    [1],
  ])('%j → null', (value) => {
    expect(plainDecimal(value)).toBeNull();
  });

  it('is exact for every finite non-negative JS number', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e30, noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = plainDecimal(value);
        expect(text).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value);
      }),
    );
  });
});

describe('toJsonNumber', () => {
  it.each([
    ['1.50000000', 1.5],
    ['0.00000001', 1e-8],
    ['100', 100],
  ])('%s → %d', (text, value) => {
    expect(toJsonNumber(text)).toBe(value);
  });
});
