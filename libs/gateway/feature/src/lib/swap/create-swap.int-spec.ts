import type { DataSource } from 'typeorm';
import type { ApiKeyInfo, EngineCreateSwapRequest, SwapSnapshot } from '@swap/contracts';
import { SwapErrorCode, SwapErrors } from '@swap/domain';
import {
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  IDEMPOTENCY_DEFAULTS,
  IdempotencyKeyRepository,
  RecentSwapViews,
  SwapViewRepository,
  SwapViews,
  type IdempotencyKeySettings,
  type IdempotencyScope,
} from '@swap/gateway-data';
import { createDataSource } from '@swap/persistence';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { swapSnapshotFixture } from '@swap/testing';
import { CreateSwap } from './create-swap.use-case';
import { EngineClient, EngineUnavailableError } from './engine.client';
import { createRequestHash } from './idempotency/idempotency-key';
import { IdempotencyClaims, type IdempotencyStore } from './idempotency/idempotency-claims';
import { pruneIdempotencyKeys } from './idempotency/idempotency-prune.task';
import type { CreateRequest } from './swap-request.parser';

/** The engine as the gateway sees it: one swap per request id, whoever asks how often (CreateSwap). */
class FakeEngine implements Pick<EngineClient, 'create'> {
  readonly swaps = new Map<string, SwapSnapshot>();
  readonly calls: string[] = [];
  failNext: Error | undefined;
  private next = 0;

  constructor(
    private readonly delayMs = 30,
    private readonly onCall: () => Promise<void> = async () => undefined,
  ) {}

  async create({ requestId }: EngineCreateSwapRequest): Promise<SwapSnapshot> {
    this.calls.push(requestId);
    await this.onCall();
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    let swap = this.swaps.get(requestId);
    if (!swap) {
      swap = swapSnapshotFixture({ id: `Idem${String(++this.next).padStart(6, '0')}` });
      this.swaps.set(requestId, swap);
    }
    return swap;
  }
}

const NOW = 1_800_000_000_000;
const keyOf = (key: string) =>
  ({
    key,
    fixedRateEnabled: false,
    dryrunEnabled: false,
    autoExecuteOnMismatch: false,
    partnerPercent: '0',
  }) as ApiKeyInfo;
const order = (amount = '10000000'): CreateRequest => ({
  from: 'BTC',
  to: 'ETH',
  amount,
  type: 'float',
  direction: 'from',
  dryrun: false,
  toAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  refundAddress: null,
});

describe('create on PostgreSQL: claim, engine, view, complete (D13)', () => {
  let database: SchemaDatabase;
  let otherReplica: DataSource;
  let nonce = 0;
  const requestId = (apiKey: string) => `${apiKey}:nonce-${++nonce}`;

  beforeAll(async () => {
    database = await openSchemaDatabase({
      schema: GATEWAY_SCHEMA,
      migrations: GATEWAY_MIGRATIONS,
      tables: ['idempotency_keys', 'swap_views'],
    });
    // A second pool on the same database: what another gateway replica holds.
    otherReplica = await createDataSource({ url: database.db.url, schema: GATEWAY_SCHEMA });
  });
  afterAll(async () => {
    await otherReplica?.destroy();
    await database?.close();
  });
  beforeEach(() => database.reset());

  const createOn = (
    dataSource: DataSource,
    engine: FakeEngine,
    settings: IdempotencyKeySettings = IDEMPOTENCY_DEFAULTS,
    keys: IdempotencyStore = new IdempotencyKeyRepository(dataSource, settings),
    stored = new SwapViewRepository(dataSource),
  ) =>
    new CreateSwap({
      claims: new IdempotencyClaims(keys),
      engine,
      views: new SwapViews(stored, new RecentSwapViews(100)),
      rendering: { publicUrl: 'http://gw', clock: () => NOW },
    });
  const replicas = (engine: FakeEngine, settings = IDEMPOTENCY_DEFAULTS) =>
    [database.dataSource, otherReplica].map((dataSource) => createOn(dataSource, engine, settings));
  const send = (create: CreateSwap, apiKey: string, idempotencyKey: string | undefined, amount?: string) =>
    create.execute({
      request: order(amount),
      key: keyOf(apiKey),
      requestId: requestId(apiKey),
      idempotencyKey,
    });

  it('claims the key, asks the engine, records the view, then stores the answer under the key', async () => {
    const steps: string[] = [];
    const keys = new IdempotencyKeyRepository(database.dataSource);
    const noted: IdempotencyStore = {
      claim: async (...args) => {
        const claim = await keys.claim(...args);
        steps.push(`claim: ${claim.kind}`);
        return claim;
      },
      complete: async (...args) => {
        steps.push('complete');
        return keys.complete(...args);
      },
      abandon: async (...args) => {
        steps.push('abandon');
        return keys.abandon(...args);
      },
    };
    class NotedViews extends SwapViewRepository {
      override async upsert(snapshot: SwapSnapshot): Promise<void> {
        steps.push('view');
        await super.upsert(snapshot);
      }
    }
    const pending = async () => {
      steps.push('engine');
      // The key is held, with no answer yet, while the engine works; no view is stored yet.
      expect(await database.dataSource.query('SELECT status, response FROM idempotency_keys')).toEqual([
        { status: null, response: null },
      ]);
      expect(await database.dataSource.query('SELECT id FROM swap_views')).toEqual([]);
    };
    const create = createOn(
      database.dataSource,
      new FakeEngine(0, pending),
      IDEMPOTENCY_DEFAULTS,
      noted,
      new NotedViews(database.dataSource),
    );

    const answer = await send(create, 'ak_shop', 'order-0000');

    expect(steps).toEqual(['claim: run', 'engine', 'view', 'complete']);
    expect(answer.replayed).toBe(false);
    expect(await database.dataSource.query('SELECT id FROM swap_views')).toEqual([{ id: answer.swap.id }]);
    const [row] = await database.dataSource.query('SELECT status, response FROM idempotency_keys');
    expect(row).toEqual({ status: 201, response: JSON.parse(JSON.stringify(answer.swap)) });
  });

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
    await expect(send(b, 'ak_shop', 'order-0002', '20000000')).rejects.toMatchObject({
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
    await expect(send(b, 'ak_shop', 'order-0003', '20000000')).rejects.toMatchObject({
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

  it('creates every time without the key, and claims nothing', async () => {
    const engine = new FakeEngine();
    const [a] = replicas(engine);
    const [one, two] = [await send(a, 'ak_shop', undefined), await send(a, 'ak_shop', undefined)];
    expect(one.swap.id).not.toBe(two.swap.id);
    expect(await database.dataSource.query('SELECT 1 FROM idempotency_keys')).toEqual([]);
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
    await expect(send(b, 'ak_shop', 'order-0005', '20000000')).rejects.toMatchObject({
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
    const claim = await dead.claim(scope, createRequestHash(order()), 'ak_shop:dead-nonce');
    expect(claim).toEqual({ kind: 'run', requestId: 'ak_shop:dead-nonce' });
    const made = await engine.create({
      ...order(),
      requestId: 'ak_shop:dead-nonce',
      key: { ...keyOf('ak_shop'), apiKey: 'ak_shop' },
      ref: null,
    });

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
    const later = await send(a, 'ak_shop', 'order-0008', '30000000'); // another body is no reuse once expired
    expect(later.replayed).toBe(false);
    expect(later.swap.id).not.toBe(first.swap.id);

    await database.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'`);
    await send(a, 'ak_shop', 'order-0010');
    expect(await pruneIdempotencyKeys(new IdempotencyKeyRepository(database.dataSource))).toBe(2);
    const left = await database.dataSource.query('SELECT idempotency_key FROM idempotency_keys');
    expect(left).toEqual([{ idempotency_key: 'order-0010' }]);
  });
});
