import { SwapApiError, SwapWaitError } from './errors';
import { computeSignature } from './signature';
import { SwapClient, type SwapClientOptions } from './client';
import type { SwapOrder } from './types';

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch that records what it was sent and answers from a script, in order. */
function scripted(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({
      path: new URL(String(url)).pathname,
      headers: init?.headers as Record<string, string>,
      body: String(init?.body),
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer scripted');
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body ?? ok(null)), {
      status: answer.status,
      headers: answer.headers,
    });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const ok = (data: unknown) => ({ code: 0, msg: '', data });
const fail = (msg: string, extra: object = {}) => ({ code: 1, msg, data: null, ...extra });
const order = (status: SwapOrder['status']) => ({ id: 'DRabcdefgh', status }) as SwapOrder;
const networkError = () => new TypeError('fetch failed');

function client(fetch: typeof globalThis.fetch, options: Partial<SwapClientOptions> = {}) {
  return new SwapClient({
    baseUrl: 'http://127.0.0.1:8080/v1',
    key: 'ak_test',
    secret: 's3cret',
    fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    ...options,
  });
}

describe('SwapClient', () => {
  it('signs each request over its path and exact body (D2) and unwraps the envelope', async () => {
    const { sent, fetch } = scripted({ status: 200, body: ok({ rateType: 'float' }) });
    const quote = await client(fetch).price({ from: 'BTC', to: 'ETH', amount: '0.1' });

    expect(quote).toEqual({ rateType: 'float' });
    const [request] = sent;
    expect(request.path).toBe('/v1/swap/price');
    expect(request.headers['X-API-KEY']).toBe('ak_test');
    expect(request.headers['X-API-SIGN']).toBe(
      computeSignature('s3cret', {
        timestamp: request.headers['X-API-TIMESTAMP'],
        nonce: request.headers['X-API-NONCE'],
        method: 'POST',
        path: '/v1/swap/price',
        body: request.body,
      }),
    );
  });

  it('throws SwapApiError with the status and envelope of an error answer', async () => {
    const { fetch } = scripted({ status: 404, body: fail('Swap not found') });
    const error = await client(fetch)
      .status('unknown123')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwapApiError);
    expect(error).toMatchObject({ status: 404, envelope: { msg: 'Swap not found' } });
  });

  it('retries a create after a network error and a 503 with the same Idempotency-Key and fresh nonces', async () => {
    const { sent, fetch } = scripted(
      networkError(),
      { status: 503, body: fail('unavailable') },
      {
        status: 201,
        body: ok(order('NEW')),
      },
    );
    const created = await client(fetch).create({ from: 'BTC', to: 'ETH', amount: 1, toAddress: '0xabc' });

    expect(created.status).toBe('NEW');
    expect(sent).toHaveLength(3);
    const keys = sent.map((request) => request.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(sent.map((request) => request.headers['X-API-NONCE'])).size).toBe(3);
  });

  it('sends the caller’s Idempotency-Key, and a new one for each create otherwise', async () => {
    const { sent, fetch } = scripted(...[1, 2, 3].map(() => ({ status: 201, body: ok(order('NEW')) })));
    const api = client(fetch);
    const request = { from: 'BTC', to: 'ETH', amount: 1, toAddress: '0xabc' } as const;
    await api.create(request, { idempotencyKey: 'order-42' });
    await api.create(request);
    await api.create(request);
    expect(sent.map((r) => r.headers['Idempotency-Key'])).toEqual([
      'order-42',
      expect.any(String),
      expect.any(String),
    ]);
    expect(sent[1].headers['Idempotency-Key']).not.toBe(sent[2].headers['Idempotency-Key']);
  });

  it('waits Retry-After seconds after a 429, for any call', async () => {
    const { sent, fetch } = scripted(
      { status: 429, body: fail('Rate limit exceeded', { retry_after: 1 }), headers: { 'Retry-After': '1' } },
      { status: 200, body: ok(order('PENDING')) },
    );
    const started = Date.now();
    const advanced = await client(fetch).advance('DRabcdefgh');
    expect(advanced.status).toBe('PENDING');
    expect(sent).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('never retries an advance or a resolve after a 503 or a network error: it may have acted', async () => {
    for (const failure of [{ status: 503, body: fail('unavailable') }, networkError()]) {
      const { sent, fetch } = scripted(failure, { status: 200, body: ok(order('PENDING')) });
      await expect(client(fetch).advance('DRabcdefgh')).rejects.toBeDefined();
      await expect(
        client(scripted(failure).fetch).resolve({ id: 'DRabcdefgh', choice: 'REFUND' }),
      ).rejects.toBeDefined();
      expect(sent).toHaveLength(1);
    }
  });

  it('retries a read after 503s and network errors up to maxAttempts, then throws the last error', async () => {
    const { sent, fetch } = scripted(
      networkError(),
      { status: 503, body: fail('unavailable') },
      networkError(),
    );
    await expect(client(fetch, { retry: { maxAttempts: 3, baseDelayMs: 1 } }).currencies()).rejects.toThrow(
      'fetch failed',
    );
    expect(sent).toHaveLength(3);
  });

  it('does not retry a 400 nor anything with maxAttempts 1', async () => {
    const bad = scripted({ status: 400, body: fail('Unknown currency') }, { status: 200 });
    await expect(client(bad.fetch).pairs()).rejects.toThrow('400: Unknown currency');
    const once = scripted({ status: 503, body: fail('unavailable') }, { status: 200 });
    await expect(client(once.fetch, { retry: { maxAttempts: 1 } }).pairs()).rejects.toThrow('503');
    expect([bad.sent.length, once.sent.length]).toEqual([1, 1]);
  });

  it('pages through D14 lists with the cursor of each page', async () => {
    const { sent, fetch } = scripted(
      { status: 200, body: ok({ items: [order('DONE'), order('NEW')], next: 'c1' }) },
      { status: 200, body: ok({ items: [order('EXPIRED')], next: null }) },
    );
    const seen: string[] = [];
    for await (const swap of client(fetch).listAll({ status: ['DONE', 'NEW', 'EXPIRED'], limit: 2 }))
      seen.push(swap.status);
    expect(seen).toEqual(['DONE', 'NEW', 'EXPIRED']);
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([
      { status: ['DONE', 'NEW', 'EXPIRED'], limit: 2 },
      { status: ['DONE', 'NEW', 'EXPIRED'], limit: 2, cursor: 'c1' },
    ]);
  });

  it('sends validate-address and stats to their endpoints', async () => {
    const { sent, fetch } = scripted(
      { status: 200, body: ok({ valid: false, reason: 'bad checksum' }) },
      { status: 200, body: ok({}) },
    );
    const api = client(fetch);
    expect(await api.validateAddress({ code: 'ETH', address: '0xabc' })).toEqual({
      valid: false,
      reason: 'bad checksum',
    });
    await api.stats({ since: 0, until: 100 });
    expect(sent.map((request) => request.path)).toEqual(['/v1/swap/validate-address', '/v1/swap/stats']);
  });

  describe('waitFor', () => {
    it('polls until the swap reaches one of the statuses', async () => {
      const { sent, fetch } = scripted(
        ...(['NEW', 'PENDING', 'CONFIRMING', 'DONE'] as const).map((status) => ({
          status: 200,
          body: ok(order(status)),
        })),
      );
      const done = await client(fetch).waitFor('DRabcdefgh', ['DONE', 'REFUNDED'], { intervalMs: 1 });
      expect(done.status).toBe('DONE');
      expect(sent).toHaveLength(4);
    });

    it('gives up at the timeout, and at once on a final status it was not waiting for', async () => {
      const pending = scripted(
        ...Array.from({ length: 50 }, () => ({ status: 200, body: ok(order('NEW')) })),
      );
      const late = await client(pending.fetch)
        .waitFor('DRabcdefgh', 'DONE', { intervalMs: 5, timeoutMs: 30 })
        .catch((e: unknown) => e);
      expect(late).toBeInstanceOf(SwapWaitError);
      expect((late as SwapWaitError).last?.status).toBe('NEW');

      const expired = scripted({ status: 200, body: ok(order('EXPIRED')) });
      await expect(client(expired.fetch).waitFor('DRabcdefgh', 'DONE')).rejects.toThrow('ended EXPIRED');
    });

    it('stops when its signal aborts', async () => {
      const { fetch } = scripted(
        ...Array.from({ length: 5 }, () => ({ status: 200, body: ok(order('NEW')) })),
      );
      const controller = new AbortController();
      const waiting = client(fetch).waitFor('DRabcdefgh', 'DONE', { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('stop waiting')), 20);
      await expect(waiting).rejects.toThrow('stop waiting');
    });
  });
});
