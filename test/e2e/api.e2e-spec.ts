import { SwapClient, SwapOrder } from '@swap/sdk';
import { signedFetch, Stack, TestKey } from '@swap/stack';
import { failure } from './support/api-failure';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const XMR_ADDRESS =
  '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';

describe('the swap API, end to end', () => {
  let stack: Stack;
  let full: TestKey;
  let plain: TestKey;
  let api: SwapClient;

  beforeAll(async () => {
    // 2 ETH of liquidity makes the maximum of ETH payouts observable.
    stack = await Stack.start({ treasuryEnv: { TREASURY_LIQUIDITY_ETH: '2' } });
    full = await stack.createKey({ fixedRateEnabled: true, dryrunEnabled: true, partnerPercent: '0.1' });
    plain = await stack.createKey();
    api = stack.client(full);
    await stack.pricesReady(full);
  });
  afterAll(() => stack?.stop());

  it('each service told the harness its start-up steps as they finished, in order (issue 31)', () => {
    for (const service of stack.services) {
      const steps = service.startupSteps.map((s) => s.step);
      const wanted = [
        'modules loaded',
        'bus connected',
        'providers built',
        'modules initialised',
        'listening',
      ];
      if (service.name !== 'pricing') wanted.splice(2, 0, 'database migrated');
      expect({ service: service.name, steps: steps.filter((step) => wanted.includes(step)) }).toEqual({
        service: service.name,
        steps: wanted,
      });
      const times = service.startupSteps.map((s) => s.atMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  describe('/swap/currencies and /swap/pairs', () => {
    it('lists the 9 currencies of section 2.2', async () => {
      const currencies = await api.currencies();
      expect(currencies.map((c) => c.code)).toEqual([
        'BTC',
        'LTC',
        'XMR',
        'TRX',
        'ETH',
        'SOL',
        'AVAX',
        'USDTTRC',
        'USDTERC',
      ]);
      expect(currencies.find((c) => c.code === 'USDTTRC')).toEqual({
        code: 'USDTTRC',
        coin: 'USDT',
        network: 'TRX',
        name: expect.any(String),
        recv: true,
        send: true,
        precision: 6,
        reqConfirmations: 20,
        min: 20,
      });
    });

    it('lists 72 direct pairs; fixed follows the key', async () => {
      const pairs = await api.pairs();
      expect(pairs).toHaveLength(72);
      expect(pairs[0]).toEqual({
        from: 'BTC',
        to: 'LTC',
        type: 'direct',
        via: [],
        available: true,
        fixed: true,
        min: 0.001,
      });
      expect((await stack.client(plain).pairs()).every((p) => p.fixed === false)).toBe(true);
    });
  });

  describe('/swap/price', () => {
    it('quotes a float swap with the fee of section 2.4', async () => {
      const quote = await api.price({ from: 'BTC', to: 'ETH', amount: 0.05 });
      expect(quote.rateType).toBe('float');
      expect(quote.fee.percent).toBeCloseTo(0.35, 10); // 0.25 service + 0.1 partner share
      expect(quote.fee.partnerPercent).toBeCloseTo(0.1, 10);
      expect(quote.from).toMatchObject({ code: 'BTC', amount: 0.05, precision: 8, min: 0.001 });
      expect(quote.to.amount).toBeCloseTo(0.05 * quote.from.rate * (1 - 0.0035), 6);
      expect(quote.to.rate).toBeCloseTo(1 / quote.from.rate, 12);
      expect(quote.fee.amount).toBeCloseTo(0.05 * quote.from.rate * 0.0035, 6);
      expect(quote).toMatchObject({
        errors: [],
        slippage: 0,
        bufferPercent: 0,
        guaranteedAmount: null,
        expiresIn: 3600,
      });
      expect(quote.from.usd).toBeGreaterThan(0);
    });

    it('answers a repeated quote as the same JSON envelope', async () => {
      const ask = () =>
        signedFetch(stack.apiUrl, full, {
          path: '/swap/price',
          body: '{"from":"LTC","to":"ETH","amount":"3"}',
        });
      const [first, again] = [await ask(), await ask()];
      for (const answer of [first, again]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(answer.json).toMatchObject({ code: 0, msg: '', data: { rateType: 'float' } });
      }
      // The market may move between the two (a new quote), never the shape.
      expect(Object.keys(again.json.data as object)).toEqual(Object.keys(first.json.data as object));
    });

    it('quotes a fixed swap with a guaranteed amount', async () => {
      const quote = await api.price({ from: 'LTC', to: 'BTC', amount: '2', type: 'fixed' });
      expect(quote.rateType).toBe('fixed');
      expect(quote.fee.percent).toBeCloseTo(0.6, 10);
      expect(quote.guaranteedAmount).toBe(quote.to.amount);
    });

    it('quotes direction to: the user receives exactly the amount asked', async () => {
      const quote = await api.price({ from: 'BTC', to: 'USDTTRC', amount: 1000, direction: 'to' });
      expect(quote.rateType).toBe('fixed');
      expect(quote.to.amount).toBe(1000);
      expect(quote.from.amount).toBeGreaterThan(0);
    });

    it('reports the liquidity maximum and refuses above it', async () => {
      const quote = await api.price({ from: 'BTC', to: 'ETH', amount: 0.01 });
      expect(quote.to.max).toBeLessThanOrEqual(2);
      expect(quote.to.max).toBeGreaterThan(1.9);
      expect(quote.from.max).toBeGreaterThan(0);
      const tooMuch = await failure(api.price({ from: 'BTC', to: 'ETH', amount: 10 }));
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.msg).toMatch(/above the current maximum of [\d.]+ BTC/);
      // No operator cap on BTC: only the devnet's BTC hot wallet (100 BTC) limits it.
      expect((await api.price({ from: 'ETH', to: 'BTC', amount: 1 })).from.max).toBeGreaterThan(10);
    });
  });

  describe('validation: every bad request is a 400 that names the problem', () => {
    const cases: Array<[string, Record<string, unknown>, RegExp, string?]> = [
      ['missing from', { to: 'ETH', amount: 1, toAddress: ETH_ADDRESS }, /Missing required field: from/],
      [
        'missing amount',
        { from: 'BTC', to: 'ETH', toAddress: ETH_ADDRESS },
        /Missing required field: amount/,
      ],
      ['missing toAddress', { from: 'BTC', to: 'ETH', amount: 1 }, /Missing required field: toAddress/],
      [
        'wrong type of from',
        { from: 5, to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /from must be a string/,
      ],
      [
        'wrong type of amount',
        { from: 'BTC', to: 'ETH', amount: true, toAddress: ETH_ADDRESS },
        /amount must be/,
      ],
      [
        'non-numeric amount',
        { from: 'BTC', to: 'ETH', amount: 'abc', toAddress: ETH_ADDRESS },
        /amount must be/,
      ],
      [
        'unknown currency',
        { from: 'DOGE', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Unknown currency code "DOGE"/,
      ],
      [
        'same from and to',
        { from: 'BTC', to: 'BTC', amount: 1, toAddress: BTC_ADDRESS },
        /must be different/,
      ],
      [
        'below minimum',
        { from: 'BTC', to: 'ETH', amount: 0.0001, toAddress: ETH_ADDRESS },
        /below the minimum of 0.001 BTC/,
      ],
      [
        'above maximum (2 ETH of liquidity)',
        { from: 'BTC', to: 'ETH', amount: 10, toAddress: ETH_ADDRESS },
        /above the current maximum of [\d.]+ BTC/,
      ],
      [
        'too many decimals',
        { from: 'BTC', to: 'ETH', amount: 0.123456789, toAddress: ETH_ADDRESS },
        /more than 8 decimal places/,
      ],
      [
        'bad rate type',
        { type: 'spot', from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Invalid type "spot"/,
      ],
      [
        'bad direction',
        { direction: 'up', from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Invalid direction "up"/,
      ],
      [
        'address invalid for the chain',
        { from: 'BTC', to: 'ETH', amount: 1, toAddress: BTC_ADDRESS },
        /Invalid toAddress for ETH/,
      ],
      [
        'refund address invalid',
        { from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS, refundAddress: ETH_ADDRESS },
        /Invalid refund address for BTC/,
      ],
      [
        'fixed rate not enabled',
        { type: 'fixed', from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Fixed rate is not enabled/,
        'plain',
      ],
      [
        'direction to needs fixed rate',
        { direction: 'to', from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Fixed rate is not enabled/,
        'plain',
      ],
      [
        'dry-run not enabled',
        { dryrun: true, from: 'BTC', to: 'ETH', amount: 1, toAddress: ETH_ADDRESS },
        /Dry-run is not enabled/,
        'plain',
      ],
    ];

    // A rest parameter keeps the function's arity at 0: jest hands a `done` callback to a test
    // function with more parameters than its row has values, and that test then waits forever.
    it.each(cases)('create: %s', async (...row) => {
      const [, body, message, who] = row;
      const answer = await signedFetch(stack.apiUrl, who === 'plain' ? plain : full, {
        path: '/swap/create',
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      expect(answer.json.code).toBe(1);
      expect(answer.json.data).toBeNull();
      expect(answer.json.msg).toMatch(message);
    });

    it('malformed JSON', async () => {
      const answer = await signedFetch(stack.apiUrl, full, { path: '/swap/price', body: '{"from": "BTC",' });
      expect([answer.status, answer.json.msg]).toEqual([400, 'Malformed JSON body']);
    });

    it('a body that is not an object', async () => {
      const answer = await signedFetch(stack.apiUrl, full, { path: '/swap/price', body: '[1,2]' });
      expect(answer.status).toBe(400);
    });

    it.each([
      [
        'an object as the type',
        '{"from":"BTC","to":"ETH","amount":1,"type":{"toString":1}}',
        /^Invalid type a value of type object/,
      ],
      [
        'a deeply nested direction',
        `{"from":"BTC","to":"ETH","amount":1,"direction":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        /^Invalid direction an array/,
      ],
      [
        'more decimals than a double keeps',
        '{"from":"BTC","to":"ETH","amount":1.0000000000000000001}',
        /more than 8 decimal places/,
      ],
      [
        'an amount past any supply',
        '{"from":"BTC","to":"ETH","amount":"1e400"}',
        /must be a number below 1e15/,
      ],
    ])('price: %s is a 400', async (_name, body, message) => {
      const answer = await signedFetch(stack.apiUrl, full, { path: '/swap/price', body });
      expect([answer.status, answer.json.code, answer.json.data]).toEqual([400, 1, null]);
      expect(answer.json.msg).toMatch(message);
    });

    it('answers HTTP the framework refuses with the envelope too', async () => {
      const badUrl = await fetch(`${stack.apiUrl}/swap/price%`, { method: 'POST', body: '{}' });
      expect([badUrl.status, await badUrl.json()]).toEqual([
        400,
        { code: 1, msg: 'Bad request: the URL or headers could not be read', data: null },
      ]);
      const hugeHeaders = await fetch(`${stack.apiUrl}/swap/price`, {
        method: 'POST',
        headers: { 'X-Padding': 'x'.repeat(20_000) },
        body: '{}',
      });
      expect([hugeHeaders.status, await hugeHeaders.json()]).toEqual([
        431,
        { code: 1, msg: 'Request headers too large', data: null },
      ]);
    });

    it('price: below minimum and unknown currency', async () => {
      expect(await failure(api.price({ from: 'LTC', to: 'BTC', amount: 0.01 }))).toEqual({
        status: 400,
        msg: 'Amount is below the minimum of 0.1 LTC',
      });
      // The SDK's types take only known codes: the raw call sends what they would refuse.
      expect((await failure(api.call('swap/price', { from: 'LTC', to: 'XYZ', amount: 1 }))).msg).toMatch(
        /Unknown currency/,
      );
    });

    it('status: missing id is a 400, an unknown or malformed id a 404 (§4.5, §7)', async () => {
      expect(await failure(api.call('swap/status', {}))).toEqual({
        status: 400,
        msg: 'Missing required field: id',
      });
      expect(await failure(api.status('AAAAAAAAAA'))).toEqual({ status: 404, msg: 'Swap not found' });
      for (const id of ['abc', 'AAAAAAAAAAA', 'AAAAAAAAA!', 'DR1234567'])
        expect([id, await failure(api.status(id))]).toEqual([id, { status: 404, msg: 'Swap not found' }]);
    });
  });

  describe('real swaps', () => {
    let order: SwapOrder;

    beforeAll(async () => {
      order = await api.create({
        from: 'BTC',
        to: 'XMR',
        amount: 0.05,
        toAddress: XMR_ADDRESS,
        refundAddress: BTC_ADDRESS,
      });
    });

    it('creates a swap with a fresh deposit address (201)', async () => {
      expect(order.id).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(order.id.startsWith('DR')).toBe(false);
      expect(order.token).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(order).toMatchObject({ status: 'NEW', type: 'float', dryrun: false });
      expect(order.from).toMatchObject({
        code: 'BTC',
        amount: '0.05000000',
        amountDeposited: '0.00000000',
        reqConfirmations: 1,
        tx: null,
      });
      expect(order.from.address).toMatch(/^bc1q[a-z0-9]{38}$/);
      expect(order.to.address).toBe(XMR_ADDRESS);
      expect(order.refund).toEqual({ address: BTC_ADDRESS, tx: null });
      expect(order.time.expiration - order.time.reg).toBe(3600);
      expect(order.time.left).toBeGreaterThan(3590);
      expect(order.url).toBe(`${stack.gateways[0].url}/swap/${order.id}?token=${order.token}`);
      const other = await api.create({ from: 'BTC', to: 'XMR', amount: 0.05, toAddress: XMR_ADDRESS });
      expect(other.from.address).not.toBe(order.from.address);
    });

    it('answers 201 on create with the envelope', async () => {
      const answer = await signedFetch(stack.apiUrl, full, {
        path: '/swap/create',
        body: JSON.stringify({ from: 'ETH', to: 'BTC', amount: '0.5', toAddress: BTC_ADDRESS }),
      });
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ code: 0, msg: '' });
      expect((answer.json.data as SwapOrder).from.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    });

    it('shows the status to its key, to any key with the token, and to no one else', async () => {
      expect((await api.status(order.id)).id).toBe(order.id);
      const stranger = stack.client(plain);
      expect(await failure(stranger.status(order.id))).toEqual({ status: 404, msg: 'Swap not found' });
      expect((await stranger.status(order.id, order.token)).id).toBe(order.id);
      expect(await failure(stranger.status(order.id, 'x'.repeat(22)))).toEqual({
        status: 404,
        msg: 'Swap not found',
      });
    });

    it("serves the public status page behind the order's url to anyone with the link (D1)", async () => {
      const page = await fetch(order.url as string);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const text = await page.text();
      expect(text).toContain(`Swap ${order.id}`);
      expect(text).toContain(order.from.address);
      expect(text).toContain('NEW');

      const base = `${stack.gateways[0].url}/swap/${order.id}`;
      for (const url of [
        base,
        `${base}?token=${'x'.repeat(22)}`,
        `${stack.gateways[0].url}/swap/DRabcdefgh?token=x`,
      ]) {
        const refused = await fetch(url);
        expect([url, refused.status]).toEqual([url, 404]);
        expect(await refused.text()).toContain('Swap not found');
      }
    });

    it('refuses advance on a real swap and decisions while NEW', async () => {
      expect(await failure(api.advance(order.id))).toEqual({
        status: 400,
        msg: 'Not a dry-run swap: real swaps move on their own',
      });
      expect((await failure(api.resolve({ id: order.id, choice: 'EXCHANGE' }))).msg).toMatch(
        /only possible while RATE_CHANGED/,
      );
      expect((await failure(api.resolve({ id: order.id, choice: 'REFUND' }))).msg).toMatch(
        /REFUND is only possible/,
      );
      expect((await failure(api.resolve({ id: order.id, choice: 'MAYBE' as 'REFUND' }))).msg).toMatch(
        /Invalid choice/,
      );
      // §4.6: the choice and the state come before the address.
      const badAddress = { id: order.id, address: 'not-an-address' };
      expect((await failure(api.resolve({ ...badAddress, choice: 'EXCHANGE' }))).msg).toMatch(
        /only possible while RATE_CHANGED/,
      );
      expect((await failure(api.resolve({ ...badAddress, choice: 'REFUND' }))).msg).toMatch(
        /REFUND is only possible/,
      );
    });
  });

  describe('dry-run swaps (section 3, rules 4 and 5)', () => {
    it('walks NEW → PENDING → CONFIRMING → EXCHANGING → SENDING → DONE, one step per advance', async () => {
      const created = await api.create({
        from: 'ETH',
        to: 'BTC',
        amount: 1,
        toAddress: BTC_ADDRESS,
        dryrun: true,
      });
      expect(created.id).toMatch(/^DR[A-Za-z0-9]{8}$/);
      expect(created).toMatchObject({ status: 'NEW', dryrun: true, url: null });
      // It never expires (rule 4): no payment window counts down.
      expect(created.time.left).toBeNull();

      const pending = await api.advance(created.id);
      expect(pending.status).toBe('PENDING');
      expect(pending.from.tx).toMatchObject({ id: expect.any(String), confirmations: 0 });
      expect(pending.time.start).toEqual(expect.any(Number));
      expect(pending.time.left).toBeNull();

      const confirming = await api.advance(created.id);
      expect(confirming.status).toBe('CONFIRMING');
      expect(confirming.from.tx?.confirmations).toBe(1);

      const exchanging = await api.advance(created.id);
      expect(exchanging.status).toBe('EXCHANGING');
      expect(exchanging.from.tx?.confirmations).toBe(12);
      expect(exchanging.slippage).toBe(0);

      const sending = await api.advance(created.id);
      expect(sending.status).toBe('SENDING');

      const done = await api.advance(created.id);
      expect(done.status).toBe('DONE');
      expect(done.to.tx?.id).toEqual(expect.any(String));
      expect(done.time.finish).toEqual(expect.any(Number));
      expect(done.rateActual).toEqual(expect.any(String));

      expect(await failure(api.advance(created.id))).toEqual({
        status: 400,
        msg: 'Dry-run swap is already DONE',
      });
      expect((await api.status(created.id)).status).toBe('DONE');
    });

    it('refuses decisions on a dry-run swap, through both paths', async () => {
      const created = await api.create({
        from: 'ETH',
        to: 'BTC',
        amount: 1,
        toAddress: BTC_ADDRESS,
        dryrun: true,
      });
      expect(await failure(api.resolve({ id: created.id, choice: 'REFUND', address: ETH_ADDRESS }))).toEqual({
        status: 400,
        msg: 'Dry-run swaps never need a decision',
      });
      const alias = await signedFetch(stack.apiUrl, full, {
        path: '/swap/resolve',
        body: JSON.stringify({ id: created.id, choice: 'EXCHANGE' }),
      });
      expect([alias.status, alias.json.msg]).toEqual([400, 'Dry-run swaps never need a decision']);
    });

    it('lets another key advance with the token only', async () => {
      const created = await api.create({
        from: 'ETH',
        to: 'BTC',
        amount: 1,
        toAddress: BTC_ADDRESS,
        dryrun: true,
      });
      const stranger = stack.client(plain);
      expect(await failure(stranger.advance(created.id))).toEqual({ status: 404, msg: 'Swap not found' });
      expect((await stranger.advance(created.id, created.token)).status).toBe('PENDING');
    });
  });

  it('serves the OpenAPI document generated from the controllers', async () => {
    const document = (await (await fetch(`${stack.gateways[0].url}/v1/openapi.json`)).json()) as {
      paths: object;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/swap/create',
        '/v1/swap/status',
        '/v1/swap/price',
        '/v1/swap/emergency',
        '/v1/swap/advance',
      ]),
    );
  });

  it('answers an unknown path with the envelope', async () => {
    const answer = await signedFetch(stack.apiUrl, full, { path: '/swap/nothing' });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 1, msg: 'Not found', data: null });
  });
});
