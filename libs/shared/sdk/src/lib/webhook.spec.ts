import { WebhookVerificationError } from './errors';
import { verifyWebhook, webhookSignature } from './webhook';

const secret = 'whsec_0123456789abcdefghijklmnopqrstuv';
const now = Date.UTC(2026, 0, 1);
const timestamp = String(now / 1000);
const body = JSON.stringify({
  id: 'evt_1',
  type: 'swap.updated',
  created: now / 1000,
  data: { id: 'abcdefghij', status: 'PENDING' },
});
const headers = (signature = `v1=${webhookSignature(secret, timestamp, body)}`, at = timestamp) => ({
  'x-webhook-id': 'evt_1',
  'x-webhook-timestamp': at,
  'x-webhook-signature': signature,
});

describe('verifyWebhook (D12)', () => {
  it('signs timestamp "." body as openssl does', () => {
    // printf '%s' '1700000000.{"id":"evt_a"}' | openssl dgst -sha256 -hmac whsec_test
    expect(webhookSignature('whsec_test', '1700000000', '{"id":"evt_a"}')).toBe(
      '6a01ad812679823880d10f2895da8e9d30ee92efc4c28e3c315b60abd549c54b',
    );
  });

  it('returns the event of an authentic delivery, from node or fetch headers, string or bytes', () => {
    const event = verifyWebhook(secret, headers(), body, { now });
    expect(event).toMatchObject({ id: 'evt_1', type: 'swap.updated', data: { status: 'PENDING' } });
    expect(verifyWebhook(secret, new Headers(headers()), Buffer.from(body), { now })).toEqual(event);
  });

  it('accepts any of several v1= values, separated by spaces or commas (secret rotation)', () => {
    const good = `v1=${webhookSignature(secret, timestamp, body)}`;
    const old = `v1=${webhookSignature('whsec_old', timestamp, body)}`;
    for (const signature of [`${old} ${good}`, `${old},${good}`, `${good}, ${old}`])
      expect(verifyWebhook(secret, headers(signature), body, { now }).id).toBe('evt_1');
    // A receiver not yet switched to the new secret accepts the notifier's `v1=<new>,v1=<old>` too.
    expect(verifyWebhook('whsec_old', headers(`${good},${old}`), body, { now }).id).toBe('evt_1');
    expect(() => verifyWebhook('whsec_other', headers(`${good},${old}`), body, { now })).toThrow(
      WebhookVerificationError,
    );
  });

  it.each([
    ['a wrong secret', () => verifyWebhook('whsec_other', headers(), body, { now })],
    ['a changed body', () => verifyWebhook(secret, headers(), body.replace('PENDING', 'DONE'), { now })],
    [
      'no v1= value',
      () => verifyWebhook(secret, headers(webhookSignature(secret, timestamp, body)), body, { now }),
    ],
    ['a truncated signature', () => verifyWebhook(secret, headers('v1=abcd'), body, { now })],
    ['a missing header', () => verifyWebhook(secret, { 'x-webhook-id': 'evt_1' }, body, { now })],
    ['an old timestamp', () => verifyWebhook(secret, headers(), body, { now: now + 301_000 })],
    ['a timestamp ahead', () => verifyWebhook(secret, headers(), body, { now: now - 301_000 })],
  ])('refuses %s', (_case, verify) => {
    expect(verify).toThrow(WebhookVerificationError);
  });

  it('takes a wider tolerance when asked, and refuses an event whose id is not the header’s', () => {
    expect(verifyWebhook(secret, headers(), body, { now: now + 600_000, toleranceSeconds: 900 }).id).toBe(
      'evt_1',
    );
    const other = body.replace('evt_1', 'evt_2');
    const signed = headers(`v1=${webhookSignature(secret, timestamp, other)}`);
    expect(() => verifyWebhook(secret, signed, other, { now })).toThrow('X-Webhook-Id');
  });
});
