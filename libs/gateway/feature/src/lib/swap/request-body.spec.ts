import { SwapError } from '@swap/domain';
import { parseBody } from './request-body';

describe('parseBody', () => {
  it('keeps the exact text of an amount sent as a JSON number', () => {
    expect(parseBody('{"from":"BTC","amount":1.0000000000000000001}')).toEqual({
      from: 'BTC',
      amount: '1.0000000000000000001',
    });
    expect(parseBody('{"amount": 123456789012345678901234, "to": "ETH"}')).toEqual({
      amount: '123456789012345678901234',
      to: 'ETH',
    });
    expect(parseBody('{"amount":"0.5","id":7}')).toEqual({ amount: '0.5', id: 7 });
  });

  it('takes the last of repeated amounts, as JSON.parse does', () => {
    expect(parseBody('{"amount":1,"amount":2.50}')).toEqual({ amount: '2.50' });
  });

  it('refuses what is not a JSON object', () => {
    expect(parseBody('  ')).toEqual({});
    for (const raw of ['{"amount":', '[1]', '7', 'null']) expect(() => parseBody(raw)).toThrow(SwapError);
  });
});
