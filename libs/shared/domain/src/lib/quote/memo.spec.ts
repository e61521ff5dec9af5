import { memoByString } from './memo';
import { parseDecimal, pow10 } from './ratio';

describe('memoByString', () => {
  it('computes once per input and stays bounded', () => {
    const fn = jest.fn((s: string) => s.length);
    const memo = memoByString(fn, 2);
    expect([memo('a'), memo('a'), memo('bb')]).toEqual([1, 1, 2]);
    expect(fn).toHaveBeenCalledTimes(2);
    memo('ccc'); // table full: dropped, then refilled
    memo('a');
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('does not remember a throw', () => {
    let fail = true;
    const memo = memoByString((s: string) => {
      if (fail) throw new Error('no');
      return s;
    });
    expect(() => memo('x')).toThrow('no');
    fail = false;
    expect(memo('x')).toBe('x');
  });
});

describe('remembered ratios', () => {
  it('are exact and cannot be changed by a caller', () => {
    expect(parseDecimal('60000.12')).toEqual({ num: 6000012n, den: 100n });
    expect(parseDecimal('60000.12')).toBe(parseDecimal('60000.12'));
    expect(Object.isFrozen(parseDecimal('1.5'))).toBe(true);
    expect(pow10(-3)).toEqual({ num: 1n, den: 1000n });
    expect(Object.isFrozen(pow10(2))).toBe(true);
    expect(() => parseDecimal('1e5')).toThrow();
  });
});
