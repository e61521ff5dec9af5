import { medianDecimal } from './median';

describe('medianDecimal', () => {
  it.each([
    [['1'], '1'],
    [['3', '1', '2'], '2'],
    [['1', '2'], '1.5'],
    [['65000.1', '64999.9', '65010', '1'], '65000'],
    [['0.12345678', '0.12345679'], '0.123456785'],
  ])('median of %j is %s', (values, expected) => {
    expect(medianDecimal(values)).toBe(expected);
  });

  it('refuses an empty list', () => {
    expect(() => medianDecimal([])).toThrow();
  });
});
