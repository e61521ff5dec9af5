import type { SignedRequest } from '@swap/gateway';
import { streamSignature } from './stream-signature';

const request = (path: string, headers: Partial<SignedRequest> = {}): SignedRequest => ({
  apiKey: undefined,
  timestamp: undefined,
  nonce: undefined,
  signature: undefined,
  method: 'GET',
  path,
  body: '',
  ip: '127.0.0.1',
  ...headers,
});

describe("the stream upgrade's signature (D18)", () => {
  it('takes the four values from the query, and signs the path without it', () => {
    const signed = streamSignature(request('/v1/swap/stream?key=ak_1&ts=100&nonce=n0n0n0n0n0n0n0n0&sign=ab'));
    expect(signed).toMatchObject({
      apiKey: 'ak_1',
      timestamp: '100',
      nonce: 'n0n0n0n0n0n0n0n0',
      signature: 'ab',
      path: '/v1/swap/stream',
    });
  });

  it('uses the headers as sent when they are there', () => {
    const headers = { apiKey: 'ak_2', timestamp: '1', nonce: 'x'.repeat(16), signature: 'cd' };
    expect(streamSignature(request('/v1/swap/stream?key=ak_1&sign=ab', headers))).toEqual(
      request('/v1/swap/stream?key=ak_1&sign=ab', headers),
    );
  });
});
