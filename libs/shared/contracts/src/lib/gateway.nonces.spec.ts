import { GATEWAY_NONCES_STREAM, nonceMsgId, nonceUsed } from './gateway.nonces';

describe('the nonce stream (D2)', () => {
  it('remembers a nonce at least 10 minutes, as D2 promises integrators', () => {
    expect(GATEWAY_NONCES_STREAM.duplicateWindowSeconds).toBeGreaterThanOrEqual(600);
    // The server keeps the window's ids only while their messages are kept (and rebuilds them from those).
    expect(GATEWAY_NONCES_STREAM.maxAgeSeconds).toBeGreaterThanOrEqual(
      GATEWAY_NONCES_STREAM.duplicateWindowSeconds,
    );
    expect(GATEWAY_NONCES_STREAM.subjects).toContain(nonceUsed.subject());
  });

  it('keeps one key’s nonce apart from the same nonce of another key', () => {
    expect(nonceMsgId('ak_a', 'n0nce-0000000001')).not.toBe(nonceMsgId('ak_b', 'n0nce-0000000001'));
  });
});
