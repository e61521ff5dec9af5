import { newWebhookSecret, webhookHeaders } from './webhook-signature';

describe('webhook signatures (D12)', () => {
  it('gives every attempt the event id, its own timestamp and the signature over both', () => {
    const headers = webhookHeaders('evt_a', 'whsec_test', 1_700_000_000, '{"id":"evt_a"}');
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-id': 'evt_a',
      'x-webhook-timestamp': '1700000000',
      // HMAC-SHA256 of timestamp "." body, lowercase hex after v1=; the vector from openssl:
      // printf '%s' '1700000000.{"id":"evt_a"}' | openssl dgst -sha256 -hmac whsec_test
      'x-webhook-signature': 'v1=6a01ad812679823880d10f2895da8e9d30ee92efc4c28e3c315b60abd549c54b',
    });
    expect(
      webhookHeaders('evt_a', 'whsec_test', 1_700_000_001, '{"id":"evt_a"}')['x-webhook-signature'],
    ).not.toBe(headers['x-webhook-signature']);
  });

  it('makes whsec_ secrets of 32+ base62 characters, never twice the same', () => {
    const secrets = new Set(Array.from({ length: 100 }, newWebhookSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32,}$/);
  });
});
