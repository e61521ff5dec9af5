import { Client } from 'pg';
import type { SwapOrder } from '@swap/sdk';
import { signedFetch, Stack, TestKey, type RawAnswer, type RawCall } from '@swap/stack';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const order = (amount = '0.5') => JSON.stringify({ from: 'ETH', to: 'BTC', amount, toAddress: BTC_ADDRESS });

describe('idempotent create (D13), over two gateway replicas', () => {
  let stack: Stack;
  let key: TestKey;
  let engineDb: Client;

  beforeAll(async () => {
    stack = await Stack.start({ gateways: 2 });
    key = await stack.createKey();
    await stack.pricesReady(key);
    engineDb = new Client({ connectionString: stack.databaseUrl });
    await engineDb.connect();
  });
  afterAll(async () => {
    await engineDb?.end();
    await stack?.stop();
  });

  /** A signed create, a fresh nonce each time (D2), with an Idempotency-Key. */
  const create = (idempotencyKey: string, gateway = 0, call: Partial<RawCall> = {}, k = key) =>
    signedFetch(`${stack.gateways[gateway].url}/v1`, k, {
      path: '/swap/create',
      body: order(),
      ...call,
      headers: { 'Idempotency-Key': idempotencyKey, ...call.headers },
    });
  const swap = (answer: RawAnswer) => answer.json.data as SwapOrder;
  const swapsOf = async (apiKey: string): Promise<string[]> =>
    (await engineDb.query('SELECT id FROM engine.swaps WHERE api_key = $1', [apiKey])).rows.map((r) => r.id);

  it('makes exactly one swap of 20 concurrent creates with one key spread over both replicas', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create('concurrent-0001', i % 2)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((answer) => swap(answer).id));
    expect(ids.size).toBe(1);
    const fresh = answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer !== fresh[0]) expect(answer.headers.get('Idempotent-Replayed')).toBe('true');
      expect(answer.json).toEqual(fresh[0].json); // the same data, not a later rendering
    }
    expect(await swapsOf(key.key)).toEqual([...ids]);
  });

  it('replays a completed create on either replica, with the same status and data', async () => {
    const first = await create('replay-0001', 0);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    for (const gateway of [0, 1]) {
      const again = await create('replay-0001', gateway);
      expect([again.status, again.headers.get('Idempotent-Replayed')]).toEqual([201, 'true']);
      expect(again.json).toEqual(first.json);
    }
  });

  it('refuses the same key with another body (400), and still replays the original', async () => {
    const first = await create('changed-0001', 0);
    expect(first.status).toBe(201);
    const changed = await create('changed-0001', 1, { body: order('0.6') });
    expect([changed.status, changed.json]).toEqual([
      400,
      { code: 1, msg: 'Idempotency-Key reused with a different request', data: null },
    ]);
    const same = await create('changed-0001', 1, { body: JSON.stringify(JSON.parse(order()), null, 2) });
    expect([same.status, swap(same).id, same.headers.get('Idempotent-Replayed')]).toEqual([
      201,
      swap(first).id,
      'true',
    ]);
  });

  it('keeps the same Idempotency-Key of different API keys apart', async () => {
    const other = await stack.createKey();
    const [mine, theirs] = await Promise.all([create('shared-0001', 0), create('shared-0001', 1, {}, other)]);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(swap(mine).id).not.toBe(swap(theirs).id);
    expect([mine.headers.get('Idempotent-Replayed'), theirs.headers.get('Idempotent-Replayed')]).toEqual([
      null,
      null,
    ]);
    expect(await swapsOf(other.key)).toEqual([swap(theirs).id]);
  });

  it('still wants a fresh nonce on every request, replays included (D2)', async () => {
    const nonce = 'idempotent-nonce-0001';
    expect((await create('nonce-0001', 0, { nonce })).status).toBe(201);
    for (const gateway of [0, 1]) {
      const reused = await create('nonce-0001', gateway, { nonce });
      expect([reused.status, reused.json.msg]).toEqual([401, 'Invalid signature']);
    }
    expect((await create('nonce-0001', 1)).headers.get('Idempotent-Replayed')).toBe('true');
  });

  it.each(['', 'x'.repeat(65), 'no spaces', 'dots.no'])(
    'refuses the Idempotency-Key %j (400)',
    async (bad) => {
      const answer = await create(bad);
      expect([answer.status, answer.json.msg]).toEqual([
        400,
        'Invalid Idempotency-Key header: 1-64 characters of A-Z, a-z, 0-9, _ and -',
      ]);
    },
  );

  it('creates a new swap each time without the header', async () => {
    const call = () => signedFetch(stack.apiUrl, key, { path: '/swap/create', body: order() });
    const [one, two] = [await call(), await call()];
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(swap(one).id).not.toBe(swap(two).id);
  });

  it('declares the header and the replay header in the OpenAPI document', async () => {
    const document = (await (await fetch(`${stack.gateways[0].url}/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        {
          post: {
            parameters?: Array<{ name: string; in: string; required?: boolean }>;
            responses: Record<string, { headers?: Record<string, unknown> }>;
          };
        }
      >;
    };
    const operation = document.paths['/v1/swap/create'].post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(operation.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
  });
});
