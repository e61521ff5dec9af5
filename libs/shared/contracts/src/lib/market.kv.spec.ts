import { noncesKv } from './market.kv';

describe('the nonce bucket (D2)', () => {
  it('remembers a nonce at least 10 minutes, as D2 promises integrators', () => {
    expect(noncesKv.ttlSeconds).toBeGreaterThanOrEqual(600);
    expect(noncesKv.history).toBe(1);
  });
});
