import { parseJsonExact, quoteNumbers, stringifyJsonExact } from './exact-json';

describe('parseJsonExact', () => {
  it('keeps every number as its exact source text', () => {
    expect(parseJsonExact('[["tBTCUSD",64990.123456789012345,-0.0055,1.2e-7,3E+2,0,null,true]]')).toEqual([
      ['tBTCUSD', '64990.123456789012345', '-0.0055', '1.2e-7', '3E+2', '0', null, true],
    ]);
  });

  it('leaves digits inside strings alone, escapes included', () => {
    const text = '{"a\\"1":"x 12.5 \\\\","b":[1,{"c":-2}]}';
    expect(parseJsonExact(text)).toEqual({ 'a"1': 'x 12.5 \\', b: ['1', { c: '-2' }] });
  });

  it('handles whitespace between tokens', () => {
    expect(quoteNumbers('[ 1 ,\n 2.50 ]')).toBe('[ "1" ,\n "2.50" ]');
  });

  it('rejects malformed JSON', () => {
    expect(() => parseJsonExact('[1,')).toThrow(SyntaxError);
    expect(() => parseJsonExact('[-]')).toThrow(SyntaxError);
    expect(() => parseJsonExact('["abc')).toThrow(SyntaxError);
  });
});

describe('stringifyJsonExact', () => {
  it('writes bigints beyond 2^53 as exact number literals', () => {
    const amount = 18_446_744_073_709_551_615n;
    const text = stringifyJsonExact({ destinations: [{ amount, address: '4abc' }], count: 2 });
    expect(text).toBe('{"destinations":[{"amount":18446744073709551615,"address":"4abc"}],"count":2}');
    expect(parseJsonExact(text)).toEqual({
      destinations: [{ amount: '18446744073709551615', address: '4abc' }],
      count: '2',
    });
  });

  it('leaves strings that merely look like the marker alone', () => {
    expect(stringifyJsonExact({ note: 'bigint:5' })).toBe('{"note":"bigint:5"}');
  });
});
