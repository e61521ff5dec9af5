import type { DataSource } from 'typeorm';
import { fromSnapshot, type ApiKeyInfo } from '@swap/contracts';
import { renderSwapOrder, SwapErrorCode, SwapErrors, type SwapOrderView } from '@swap/domain';
import {
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  IDEMPOTENCY_DEFAULTS,
  IdempotencyKeyRepository,
  type IdempotencyScope,
} from '@swap/gateway-data';
import { createDataSource } from '@swap/persistence';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { swapSnapshotFixture } from '@swap/testing';
import { EngineUnavailableError } from '../engine.client';
import type { CreateRequest } from '../swap-request.parser';
import { createRequestHash } from './idempotency-key';
import { IdempotentCreate, type SwapCreates } from './idempotent-create';
import { pruneIdempotencyKeys } from './idempotency-prune.task';

/** The engine as the gateway sees it: one swap per request id, whoever asks how often (CreateSwap). */
class FakeEngine implements SwapCreates {
  readonly swaps = new Map<string, SwapOrderView>();
  readonly calls: string[] = [];
  failNext: Error | undefined;
  private next = 0;

  constructor(private readonly delayMs = 30) {}

  parseCreate(body: Record<string, unknown>): CreateRequest {
    if (typeof body['amount'] !== 'string') throw SwapErrors.missingField('amount');
    return body as unknown as CreateRequest;
  }

  async createParsed(_request: CreateRequest, _key: ApiKeyInfo, requestId: string): Promise<SwapOrderView> {
    this.calls.push(requestId);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    let swap = this.swaps.get(requestId);
    if (!swap) {
      const id = `Idem${String(++this.next).padStart(6, '0')}`;
      swap = renderSwapOrder(fromSnapshot(swapSnapshotFixture({ id })), {
        now: 1_800_000_000,
        publicUrl: 'http://gw',
      });
      this.swaps.set(requestId, swap);
    }
    return swap;
  }
}

const keyOf = (key: string) => ({ key }) as ApiKeyInfo;
const body = (amount = '0.1') => ({ from: 'BTC', to: 'ETH', amount });

describe('idempotent create on PostgreSQL (D13)', () => {
  let database: SchemaDatabase;
  let otherReplica: DataSource;
  let nonce = 0;
  const requestId = (apiKey: string) => `${apiKey}:nonce-${++nonce}`;

  beforeAll(async () => {
    database = await openSchemaDatabase({
      schema: GATEWAY_SCHEMA,
      migrations: GATEWAY_MIGRATIONS,
      tables: ['idempotency_keys'],
    });
    // A second pool on the same database: what another gateway replica holds.
    otherReplica = await createDataSource({ url: database.db.url, schema: GATEWAY_SCHEMA });
  });
  afterAll(async () => {
    await otherReplica?.destroy();
    await database?.close();
  });
  beforeEach(() => database.reset());

  const replicas = (engine: SwapCreates, settings = IDEMPOTENCY_DEFAULTS) =>
    [database.dataSource, otherReplica].map(
      (dataSource) => new IdempotentCreate(engine, new IdempotencyKeyRepository(dataSource, settings)),
    );
  const send = (create: IdempotentCreate, apiKey: string, header: string | undefined, amount?: string) =>
    create.execute(body(amount), keyOf(apiKey), requestId(apiKey), header);

  it('makes one swap of 20 concurrent requests with one key on two replicas; 19 replay its answer', async () => {
    const engine = new FakeEngine();
    const [a, b] = replicas(engine);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? a : b, 'ak_shop', 'order-0001')),
    );
    expect(engine.swaps.size).toBe(1);
    expect(engine.calls).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.swap.id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    // The replay is the first answer itself, every field, through PostgreSQL's json.
    for (const answer of answers) expect(answer.swap).toEqual(answers[0].swap);
  });

  it('replays the stored answer after completion, and refuses another body with the same key', async () => {
    const engine = new FakeEngine();
    const [a, b] = replicas(engine);
    const first = await send(a, 'ak_shop', 'order-0002');
    const again = await send(b, 'ak_shop', 'order-0002');
    expect(again).toEqual({ swap: first.swap, replayed: true });
    await expect(send(b, 'ak_shop', 'order-0002', '0.2')).rejects.toMatchObject({
      status: 400,
      code: SwapErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
    expect(engine.swaps.size).toBe(1);
  });

  it('refuses another body at once while the first request is still creating', async () => {
    const engine = new FakeEngine(300);
    const [a, b] = replicas(engine);
    const first = send(a, 'ak_shop', 'order-0003');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await expect(send(b, 'ak_shop', 'order-0003', '0.2')).rejects.toMatchObject({
      status: 400,
      code: SwapErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
    expect(Date.now() - started).toBeLessThan(250);
    expect((await first).replayed).toBe(false);
  });

  it('keeps the keys of different API keys apart', async () => {
    const engine = new FakeEngine();
    const [a] = replicas(engine);
    const [shop, other] = await Promise.all([
      send(a, 'ak_shop', 'same-key'),
      send(a, 'ak_other', 'same-key'),
    ]);
    expect(shop.swap.id).not.toBe(other.swap.id);
    expect([shop.replayed, other.replayed]).toEqual([false, false]);
  });

  it('creates every time without the header', async () => {
    const engine = new FakeEngine();
    const [a] = replicas(engine);
    const [one, two] = [await send(a, 'ak_shop', undefined), await send(a, 'ak_shop', undefined)];
    expect(one.swap.id).not.toBe(two.swap.id);
  });

  it('checks the header and the body before it claims the key', async () => {
    const engine = new FakeEngine();
    const [a] = replicas(engine);
    await expect(send(a, 'ak_shop', 'bad key')).rejects.toMatchObject({
      status: 400,
      code: SwapErrorCode.INVALID_IDEMPOTENCY_KEY,
    });
    await expect(a.execute({}, keyOf('ak_shop'), requestId('ak_shop'), 'order-0004')).rejects.toMatchObject({
      status: 400,
      code: SwapErrorCode.MISSING_FIELD,
    });
    expect(await send(a, 'ak_shop', 'order-0004')).toMatchObject({ replayed: false });
  });

  it('keeps the key when the engine refuses the create (4xx): a retry creates under its request id', async () => {
    const engine = new FakeEngine();
    const [a, b] = replicas(engine);
    engine.failNext = SwapErrors.pairUnderMaintenance('BTC', 'ETH');
    await expect(send(a, 'ak_shop', 'order-0005')).rejects.toMatchObject({
      status: 400,
      code: SwapErrorCode.PAIR_UNDER_MAINTENANCE,
    });
    // Never forgotten, however the attempt ended: another body with the key is still refused.
    await expect(send(b, 'ak_shop', 'order-0005', '0.2')).rejects.toMatchObject({
      code: SwapErrorCode.IDEMPOTENCY_KEY_REUSED,
    });
    const started = Date.now();
    const retry = await send(b, 'ak_shop', 'order-0005');
    expect(Date.now() - started).toBeLessThan(1_000); // no lease to wait out
    expect(retry.replayed).toBe(false);
    // The same request id: had the refused attempt followed one that made the swap, this is it.
    expect(engine.calls).toEqual([engine.calls[0], engine.calls[0]]);
    expect(await send(a, 'ak_shop', 'order-0005')).toMatchObject({ replayed: true, swap: retry.swap });
  });

  it('keeps the request id when the engine was unreachable, for the retry to finish what it may have made', async () => {
    const engine = new FakeEngine();
    const [a, b] = replicas(engine);
    engine.failNext = new EngineUnavailableError('order engine unavailable (timeout)');
    await expect(send(a, 'ak_shop', 'order-0006')).rejects.toBeInstanceOf(EngineUnavailableError);
    // Even a refusal now keeps that id: the first attempt may still have made the swap.
    engine.failNext = SwapErrors.pricingUnavailable('BTC');
    await expect(send(b, 'ak_shop', 'order-0006')).rejects.toMatchObject({ status: 400 });
    const started = Date.now();
    const retry = await send(b, 'ak_shop', 'order-0006');
    expect(Date.now() - started).toBeLessThan(1_000); // no lease to wait out
    expect(retry.replayed).toBe(false);
    expect(engine.calls).toEqual(Array(3).fill(engine.calls[0]));
  });

  it('takes over the key of a gateway that died mid-create once its lease ran out, with its request id', async () => {
    const engine = new FakeEngine();
    const settings = { ...IDEMPOTENCY_DEFAULTS, leaseSeconds: 0.3 };
    const [a, b] = replicas(engine, settings);
    const dead = new IdempotencyKeyRepository(database.dataSource, settings);
    const scope: IdempotencyScope = { apiKey: 'ak_shop', idempotencyKey: 'order-0007' };
    // The dead replica's create reached the engine, then nothing: no answer stored.
    const claim = await dead.claim(
      scope,
      createRequestHash(body() as unknown as CreateRequest),
      'ak_shop:dead-nonce',
    );
    expect(claim).toEqual({ kind: 'run', requestId: 'ak_shop:dead-nonce' });
    const made = await engine.createParsed(
      body() as unknown as CreateRequest,
      keyOf('ak_shop'),
      'ak_shop:dead-nonce',
    );

    const started = Date.now();
    const answers = await Promise.all([send(a, 'ak_shop', 'order-0007'), send(b, 'ak_shop', 'order-0007')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(answers.map((answer) => answer.swap.id)).toEqual([made.id, made.id]);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(engine.calls).toEqual(['ak_shop:dead-nonce', 'ak_shop:dead-nonce']);
    expect(engine.swaps.size).toBe(1);
  });

  it('forgets a key after 24 h: the same key then makes a new swap, and pruning deletes it', async () => {
    const engine = new FakeEngine();
    const [a] = replicas(engine);
    const first = await send(a, 'ak_shop', 'order-0008');
    await send(a, 'ak_shop', 'order-0009');
    await database.dataSource.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '24 hours' WHERE idempotency_key = 'order-0008'`,
    );
    const later = await send(a, 'ak_shop', 'order-0008', '0.3'); // another body is no reuse once expired
    expect(later.replayed).toBe(false);
    expect(later.swap.id).not.toBe(first.swap.id);

    await database.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'`);
    await send(a, 'ak_shop', 'order-0010');
    expect(await pruneIdempotencyKeys(new IdempotencyKeyRepository(database.dataSource))).toBe(2);
    const left = await database.dataSource.query('SELECT idempotency_key FROM idempotency_keys');
    expect(left).toEqual([{ idempotency_key: 'order-0010' }]);
  });
});
