import { createBodyOf, parseNewSwapForm, queryParams, quoteBodyOf, refOf } from './new-swap.form';

describe("the swap page's form (D19)", () => {
  it('reads the urlencoded fields by the API body’s names, the first of repeated ones, nothing else', () => {
    const form = parseNewSwapForm(
      'from=LTC&to=ETH&amount=1.5&direction=from&type=float&toAddress=0xabc&refundAddress=&ref=PARTNER1&stamp=s' +
        '&dryrun=true&from=BTC&key=ak_x',
    );
    expect(form).toEqual({
      from: 'LTC',
      to: 'ETH',
      amount: '1.5',
      direction: 'from',
      type: 'float',
      toAddress: '0xabc',
      refundAddress: '',
      ref: 'PARTNER1',
      stamp: 's',
    });
    expect(createBodyOf(form)).not.toHaveProperty('dryrun');
  });

  it('decodes + and percent escapes, and cuts a field far longer than any address', () => {
    const form = parseNewSwapForm(`toAddress=a%2Bb+c&amount=${'9'.repeat(1000)}`);
    expect(form.toAddress).toBe('a+b c');
    expect(form.amount).toHaveLength(256);
  });

  it('sends the API only the fields filled in, so a missing one is named and the defaults apply', () => {
    const form = parseNewSwapForm(
      'from=LTC&to=ETH&amount=1&direction=&type=&toAddress=+&refundAddress=&ref=',
    );
    expect(createBodyOf(form)).toEqual({ from: 'LTC', to: 'ETH', amount: '1' });
    expect(quoteBodyOf(parseNewSwapForm('from=LTC&to=ETH&amount=2&type=fixed&toAddress=x'))).toEqual({
      from: 'LTC',
      to: 'ETH',
      amount: '2',
      direction: undefined,
      type: 'fixed',
    });
    expect(refOf(form)).toBeUndefined();
    expect(refOf(parseNewSwapForm('ref=+CODE+'))).toBe('CODE');
  });

  it('reads a GET query (Fastify’s object) the same way', () => {
    const params = queryParams({ from: ['BTC', 'LTC'], amount: '0.1', other: 3 });
    expect(parseNewSwapForm(params)).toMatchObject({ from: 'BTC', amount: '0.1', to: '' });
  });
});
