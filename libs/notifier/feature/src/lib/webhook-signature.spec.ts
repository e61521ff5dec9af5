import { verifyWebhook, webhookSignature } from '@swap/sdk';
import {
  newWebhookSecret,
  PREVIOUS_SECRET_OVERLAP_MS,
  webhookHeaders,
  type SigningSecrets,
} from './webhook-signature';

const one = (current: string): SigningSecrets => ({ current, previous: null });

describe('webhook signatures (D12)', () => {
  it('gives every attempt the event id, its own timestamp and the signature over both', () => {
    const headers = webhookHeaders('evt_a', one('whsec_test'), 1_700_000_000_999, '{"id":"evt_a"}');
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-id': 'evt_a',
      'x-webhook-timestamp': '1700000000',
      // HMAC-SHA256 of timestamp "." body, lowercase hex after v1=; the vector from openssl:
      // printf '%s' '1700000000.{"id":"evt_a"}' | openssl dgst -sha256 -hmac whsec_test
      'x-webhook-signature': 'v1=6a01ad812679823880d10f2895da8e9d30ee92efc4c28e3c315b60abd549c54b',
    });
    expect(
      webhookHeaders('evt_a', one('whsec_test'), 1_700_000_001_000, '{"id":"evt_a"}')['x-webhook-signature'],
    ).not.toBe(headers['x-webhook-signature']);
  });

  it('makes whsec_ secrets of 32+ base62 characters, never twice the same', () => {
    const secrets = new Set(Array.from({ length: 100 }, newWebhookSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32,}$/);
  });
});

describe('webhook signatures during a secret rotation', () => {
  const rotatedAt = Date.UTC(2026, 0, 1, 12);
  const secrets: SigningSecrets = {
    current: 'whsec_new',
    previous: { secret: 'whsec_old', until: rotatedAt + PREVIOUS_SECRET_OVERLAP_MS },
  };
  const body = JSON.stringify({ id: 'evt_r', type: 'swap.updated', created: 1, data: { id: 'x' } });
  const v1 = (secret: string, now: number) =>
    `v1=${webhookSignature(secret, String(Math.floor(now / 1000)), body)}`;

  it('overlaps for 24 h', () => {
    expect(PREVIOUS_SECRET_OVERLAP_MS).toBe(24 * 60 * 60 * 1000);
  });

  it.each([
    ['just after the rotation', 0, ['whsec_new', 'whsec_old']],
    ['an hour later', 60 * 60 * 1000, ['whsec_new', 'whsec_old']],
    ['a second before the 24 h are over', PREVIOUS_SECRET_OVERLAP_MS - 1000, ['whsec_new', 'whsec_old']],
    ['at 24 h', PREVIOUS_SECRET_OVERLAP_MS, ['whsec_new']],
    ['a day after that', 2 * PREVIOUS_SECRET_OVERLAP_MS, ['whsec_new']],
  ])('%s, signs with %j', (_when, elapsed, signers) => {
    const now = rotatedAt + elapsed;
    const headers = webhookHeaders('evt_r', secrets, now, body);
    expect(headers['x-webhook-signature']).toBe(signers.map((secret) => v1(secret, now)).join(','));
  });

  it('within the overlap, a receiver holding either secret accepts the delivery; after it, only the new one', () => {
    const during = rotatedAt + 1000;
    const after = rotatedAt + PREVIOUS_SECRET_OVERLAP_MS + 1000;
    const verify = (secret: string, now: number) =>
      verifyWebhook(secret, webhookHeaders('evt_r', secrets, now, body), body, { now }).id;
    expect(verify('whsec_new', during)).toBe('evt_r');
    expect(verify('whsec_old', during)).toBe('evt_r');
    expect(verify('whsec_new', after)).toBe('evt_r');
    expect(() => verify('whsec_old', after)).toThrow('X-Webhook-Signature does not match');
  });
});
