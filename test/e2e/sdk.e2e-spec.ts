import { SwapApiError, type SwapClient, type SwapOrder } from '@swap/sdk';
import { Stack, type TestKey } from '@swap/stack';
import { ADDRESSES } from './support/swap-driver';

/** The SDK's own behaviour against the running service: retries, idempotent creates, paging, polling. */
describe('the SDK, as an integrator uses it', () => {
  let stack: Stack;
  let key: TestKey;
  let api: SwapClient;

  const dryRun = (client = api) =>
    client.create({ dryrun: true, from: 'ETH', to: 'BTC', amount: 1, toAddress: ADDRESSES.BTC });

  beforeAll(async () => {
    stack = await Stack.start();
    key = await stack.createKey({ dryrunEnabled: true });
    api = stack.client(key, 0, { retry: { baseDelayMs: 50 } });
    await stack.pricesReady(key);
  });
  afterAll(() => stack?.stop());

  it('retries a create whose answer was lost with the same Idempotency-Key: one swap (D13)', async () => {
    let calls = 0;
    const losesFirstAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (++calls === 1) throw new TypeError('fetch failed'); // the swap was created, its answer lost
      return response;
    };
    const client = stack.client(key, 0, { fetch: losesFirstAnswer, retry: { baseDelayMs: 50 } });
    const before = await api.list({ limit: 100 });

    const created = await dryRun(client);

    expect(calls).toBe(2);
    const after = await api.list({ limit: 100 });
    expect(after.items.length - before.items.length).toBe(1);
    expect(after.items[0].id).toBe(created.id);
  });

  it('waits out a 429 (Retry-After) instead of failing', async () => {
    const limited = await stack.createKey({ rateLimit: 1 });
    const client = stack.client(limited, 0, { retry: { maxAttempts: 4 } });
    const started = Date.now();
    const quotes = await Promise.all(
      [1, 2, 3].map(() => client.price({ from: 'ETH', to: 'BTC', amount: 1 })),
    );
    expect(quotes.map((quote) => quote.rateType)).toEqual(['float', 'float', 'float']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    // Without retries the same burst meets the 429 itself.
    const once = stack.client(limited, 0);
    const answers = await Promise.allSettled(
      [1, 2].map(() => once.price({ from: 'ETH', to: 'BTC', amount: 1 })),
    );
    const refused = answers.find((answer) => answer.status === 'rejected');
    expect((refused as PromiseRejectedResult | undefined)?.reason).toBeInstanceOf(SwapApiError);
  });

  it('pages through every swap of the key, newest first (D14)', async () => {
    const fresh = await stack.createKey({ dryrunEnabled: true });
    const client = stack.client(fresh);
    const created: SwapOrder[] = [];
    for (let i = 0; i < 5; i++) created.push(await dryRun(client));

    const pages: number[] = [];
    for await (const page of client.listPages({ limit: 2 })) pages.push(page.items.length);
    const listed: SwapOrder[] = [];
    for await (const swap of client.listAll({ limit: 2, status: 'NEW' })) listed.push(swap);

    expect(pages).toEqual([2, 2, 1]);
    // Newest first by creation time (seconds: swaps of the same second in the service's own order).
    expect(listed.map((swap) => swap.id).sort()).toEqual(created.map((swap) => swap.id).sort());
    const times = listed.map((swap) => swap.time.reg);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('validates addresses (D15) and reads the key’s statistics', async () => {
    expect(await api.validateAddress({ code: 'ETH', address: ADDRESSES.ETH })).toEqual({
      valid: true,
      reason: null,
    });
    const invalid = await api.validateAddress({ code: 'BTC', address: ADDRESSES.ETH });
    expect(invalid.valid).toBe(false);
    expect(invalid.reason).toEqual(expect.any(String));

    const now = Math.floor(Date.now() / 1000);
    const stats = await api.stats({ since: now - 3600, until: now + 60 });
    expect(stats).toMatchObject({ since: now - 3600, until: now + 60, pairs: expect.any(Array) });
  });

  it('waits for a status while the swap moves', async () => {
    const swap = await dryRun();
    const steps = (async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await api.advance(swap.id);
      }
    })();
    const done = await api.waitFor(swap.id, 'DONE', { intervalMs: 50, timeoutMs: 20_000 });
    await steps;
    expect(done).toMatchObject({ id: swap.id, status: 'DONE', to: { tx: { id: expect.any(String) } } });
  });
});
