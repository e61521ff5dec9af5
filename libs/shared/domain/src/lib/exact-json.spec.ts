import { parseJsonExact, quoteNumbers } from './exact-json';

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
