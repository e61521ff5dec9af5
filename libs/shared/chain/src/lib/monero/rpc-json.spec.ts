import { parseJsonExact } from '@swap/domain';
import { encodeJson } from './rpc-json';

describe('encodeJson', () => {
  it('writes bigints beyond 2^53 as exact number literals', () => {
    const amount = 18_446_744_073_709_551_615n;
    const text = encodeJson({ destinations: [{ amount, address: '4abc' }], count: 2 });
    expect(text).toBe('{"destinations":[{"amount":18446744073709551615,"address":"4abc"}],"count":2}');
    expect(parseJsonExact(text)).toEqual({
      destinations: [{ amount: '18446744073709551615', address: '4abc' }],
      count: '2',
    });
  });

  it('leaves strings that merely look like the marker alone', () => {
    expect(encodeJson({ note: 'bigint:5' })).toBe('{"note":"bigint:5"}');
  });
});
