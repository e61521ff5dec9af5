import { signedFetch, Stack, TestKey } from '@swap/stack';

describe('authentication (D2), rate limits (D5)', () => {
  let stack: Stack;
  let key: TestKey;

  beforeAll(async () => {
    stack = await Stack.start({ gateways: 2 });
    key = await stack.createKey();
  });
  afterAll(() => stack?.stop());

  const call = (overrides: Parameters<typeof signedFetch>[2], gateway = 0, k = key) =>
    signedFetch(`${stack.gateways[gateway].url}/v1`, k, overrides);

  it('accepts a correctly signed request', async () => {
    const answer = await call({ path: '/swap/currencies' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ code: 0, msg: '' });
  });

  it.each(['X-API-KEY', 'X-API-SIGN', 'X-API-TIMESTAMP', 'X-API-NONCE'])(
    'refuses a request without %s',
    async (name) => {
      const answer = await call({ path: '/swap/currencies', headers: { [name]: undefined } });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        code: 1,
        msg: name === 'X-API-KEY' ? 'Invalid credentials' : 'Invalid signature',
        data: null,
      });
    },
  );

  it('refuses a bad signature', async () => {
    const answer = await call({ path: '/swap/currencies', headers: { 'X-API-SIGN': 'ab'.repeat(32) } });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('refuses a signature made with another secret', async () => {
    const answer = await call({ path: '/swap/currencies' }, 0, { key: key.key, secret: 'not-the-secret' });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it.each([-31, 31, -3600])('refuses a timestamp %i s off', async (offset) => {
    const answer = await call({
      path: '/swap/currencies',
      timestamp: Math.floor(Date.now() / 1000) + offset,
    });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('accepts a timestamp within the ±30 s window', async () => {
    const answer = await call({ path: '/swap/currencies', timestamp: Math.floor(Date.now() / 1000) - 25 });
    expect(answer.status).toBe(200);
  });

  it('refuses a reused nonce on the same gateway', async () => {
    const nonce = 'reuse-same-gateway-0001';
    expect((await call({ path: '/swap/currencies', nonce })).status).toBe(200);
    const again = await call({ path: '/swap/currencies', nonce });
    expect([again.status, again.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('refuses a nonce already used on another gateway replica', async () => {
    const nonce = 'reuse-across-gateways-01';
    expect((await call({ path: '/swap/currencies', nonce }, 0)).status).toBe(200);
    const elsewhere = await call({ path: '/swap/currencies', nonce }, 1);
    expect([elsewhere.status, elsewhere.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it("answers a swap's latest state on every replica, whichever one changed it", async () => {
    // Each replica answers recent swaps from memory, kept current by the swap's events.
    const tester = await stack.createKey({ dryrunEnabled: true });
    await stack.pricesReady(tester);
    const replicas = [stack.client(tester, 0), stack.client(tester, 1)];
    const order = await replicas[0].create({
      from: 'ETH',
      to: 'BTC',
      amount: 1,
      toAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      dryrun: true,
    });
    for (const replica of replicas) expect((await replica.status(order.id)).status).toBe('NEW');
    const steps = ['PENDING', 'CONFIRMING', 'EXCHANGING', 'SENDING', 'DONE'];
    for (const [i, step] of steps.entries()) {
      expect((await replicas[i % 2].advance(order.id)).status).toBe(step);
      for (const replica of replicas) expect((await replica.status(order.id)).status).toBe(step);
    }
  });

  it('refuses a malformed nonce', async () => {
    const answer = await call({ path: '/swap/currencies', nonce: 'short' });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('refuses an unknown key', async () => {
    const answer = await call({ path: '/swap/currencies' }, 0, {
      key: 'ak_unknownunknownunknown0',
      secret: key.secret,
    });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid credentials']);
  });

  it('refuses a disabled key on every replica, and accepts it again once enabled', async () => {
    const other = await stack.createKey();
    expect((await call({ path: '/swap/currencies' }, 1, other)).status).toBe(200);
    await stack.setDisabled(other.key, true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const gateway of [0, 1]) {
      const answer = await call({ path: '/swap/currencies' }, gateway, other);
      expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid credentials']);
    }
    await stack.setDisabled(other.key, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await call({ path: '/swap/currencies' }, 1, other)).status).toBe(200);
  });

  it('refuses a caller outside the key’s IP whitelist and accepts one inside', async () => {
    const outside = await stack.createKey({ ipWhitelist: ['203.0.113.0/24'] });
    const refused = await call({ path: '/swap/currencies' }, 0, outside);
    expect([refused.status, refused.json.msg]).toEqual([401, 'Invalid credentials']);
    const inside = await stack.createKey({ ipWhitelist: ['127.0.0.0/8', '::1'] });
    expect((await call({ path: '/swap/currencies' }, 0, inside)).status).toBe(200);
  });

  it('refuses a body changed after signing', async () => {
    const answer = await call({
      path: '/swap/price',
      signedBody: JSON.stringify({ from: 'BTC', to: 'ETH', amount: 1 }),
      body: JSON.stringify({ from: 'BTC', to: 'ETH', amount: 100 }),
    });
    expect([answer.status, answer.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('signs the path with its query string', async () => {
    expect((await call({ path: '/swap/pairs?x=1' })).status).toBe(200);
    const forged = await call({ path: '/swap/pairs?x=1', signedPath: '/v1/swap/pairs' });
    expect([forged.status, forged.json.msg]).toEqual([401, 'Invalid signature']);
  });

  it('accepts GET for currencies and pairs, signed with GET and an empty body', async () => {
    for (const path of ['/swap/currencies', '/swap/pairs']) {
      const answer = await call({ method: 'GET', path });
      expect([answer.status, answer.json.code]).toEqual([200, 0]);
    }
  });

  it('answers 429 with retry_after and Retry-After past the per-endpoint limit, shared by replicas', async () => {
    const limited = await stack.createKey({ rateLimit: 3 });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call({ path: '/swap/currencies' }, i % 2, limited));
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    const refused = answers[3];
    expect(refused.json).toEqual({
      code: 1,
      msg: 'Rate limit exceeded',
      data: null,
      retry_after: expect.any(Number),
    });
    expect(refused.json.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('retry-after')).toBe(String(refused.json.retry_after));
    // Another endpoint has its own bucket.
    expect((await call({ path: '/swap/pairs' }, 0, limited)).status).toBe(200);
  });

  it('counts a percent-encoded spelling of an endpoint in that endpoint’s bucket', async () => {
    const limited = await stack.createKey({ rateLimit: 2 });
    const paths = ['/swap/price', '/swap/%70rice', '/swap/pric%65', '/swap/%70%72ice'];
    const answers = [];
    for (const path of paths) answers.push(await call({ path, body: '{}' }, 0, limited));
    // The first two reach the endpoint (and fail its validation), the other spellings are over the limit.
    expect(answers.map((a) => a.status)).toEqual([400, 400, 429, 429]);
  });

  it('serves the probes without a signature', async () => {
    expect((await fetch(`${stack.gateways[0].url}/livez`)).status).toBe(200);
    expect((await fetch(`${stack.gateways[0].url}/readyz`)).status).toBe(200);
  });
});
