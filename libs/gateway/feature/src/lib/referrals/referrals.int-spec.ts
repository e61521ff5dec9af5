import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Bus, rpcOk } from '@swap/bus';
import { engineCreateSwap, type ApiKeyInfo, type EngineCreateSwapRequest } from '@swap/contracts';
import { newSwapId, newSwapToken, type SwapError } from '@swap/domain';
import { quietLogger } from '@swap/domain/testing';
import {
  ApiKeyRepository,
  GATEWAY_ENTITIES,
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  IdempotencyKeyRepository,
  RecentSwapViews,
  ReferralCodeRepository,
  SwapHistoryRepository,
  SwapViewRepository,
  SwapViews,
} from '@swap/gateway-data';
import { SecretBox } from '@swap/persistence';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { startNatsServer, swapSnapshotFixture, type NatsServerHandle } from '@swap/testing';
import { ListCursors } from '../history/list-cursor';
import { parseListRequest, parseStatsRequest } from '../history/list-filter';
import { ListSwaps } from '../history/list-swaps.use-case';
import { TreasuryPartnerFees } from '../history/partner-fees.client';
import { SwapStats } from '../history/swap-stats.use-case';
import { ApiKeyCache } from '../keys/api-key.cache';
import { KeyUseCases } from '../keys/key.use-cases';
import { CreateSwap } from '../swap/create-swap.use-case';
import { EngineClient } from '../swap/engine.client';
import { IdempotencyClaims } from '../swap/idempotency/idempotency-claims';
import { SwapStatus } from '../swap/swap-status.use-case';
import { CreateReferredSwap } from './create-referred-swap.use-case';
import { ReferralCodes } from './referral-codes.use-cases';

const PUBLIC_URL = 'https://swap.example/';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The public page's form, as the API's create body. */
const FORM = { from: 'BTC', to: 'ETH', amount: '0.01', toAddress: ETH };
const T0 = 1_800_000_000;

describe('referral codes and the public create on their behalf (D19), on PostgreSQL and NATS', () => {
  let db: SchemaDatabase;
  let ds: DataSource;
  let nats: NatsServerHandle;
  let gatewayBus: Bus;
  let engineBus: Bus;
  /** What the engine was asked to create, in order. */
  const asked: EngineCreateSwapRequest[] = [];
  let keys: KeyUseCases;
  let codes: ReferralCodes;
  let referred: CreateReferredSwap;
  let signedCreate: CreateSwap;
  let list: ListSwaps;
  let status: SwapStatus;
  let stats: SwapStats;
  let keyCache: ApiKeyCache;
  let now = T0 * 1000;
  const clock = () => now;

  beforeAll(async () => {
    db = await openSchemaDatabase({
      schema: GATEWAY_SCHEMA,
      entities: GATEWAY_ENTITIES,
      migrations: GATEWAY_MIGRATIONS,
      tables: [],
    });
    ds = db.dataSource;
    nats = await startNatsServer();
    gatewayBus = await Bus.connect({ url: nats.url, name: 'gateway-test', logger: quietLogger() });
    engineBus = await Bus.connect({ url: nats.url, name: 'engine-test', logger: quietLogger() });
    // The engine as far as the gateway sees it: the swap it makes carries the key's terms and the code.
    await engineBus.serve(
      engineCreateSwap,
      async (request) => {
        asked.push(request);
        return rpcOk(
          swapSnapshotFixture({
            id: newSwapId(),
            token: newSwapToken(),
            apiKey: request.key.apiKey,
            ref: request.ref,
            type: request.type,
            from: request.from,
            to: request.to,
            toAddress: request.toAddress,
            status: 'NEW',
            partnerPercent: request.key.partnerPercent,
            feeShare: request.key.feeShare,
            seq: asked.length,
            time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600 },
          }),
        );
      },
      { queue: 'engine' },
    );
    const secrets = new SecretBox('42'.repeat(32));
    const apiKeys = new ApiKeyRepository(ds);
    const views = new SwapViews(new SwapViewRepository(ds), new RecentSwapViews(0));
    const rendering = { publicUrl: PUBLIC_URL, clock };
    keys = new KeyUseCases(apiKeys, secrets, gatewayBus, clock);
    codes = new ReferralCodes(new ReferralCodeRepository(ds), apiKeys, PUBLIC_URL, clock);
    keyCache = new ApiKeyCache(apiKeys, secrets, clock);
    signedCreate = new CreateSwap({
      claims: new IdempotencyClaims(new IdempotencyKeyRepository(ds), { clock }),
      engine: new EngineClient(gatewayBus),
      views,
      rendering,
    });
    referred = new CreateReferredSwap({
      codes: new ReferralCodeRepository(ds),
      keys: keyCache,
      createSwap: signedCreate,
      chains: {},
    });
    const history = new SwapHistoryRepository(ds);
    list = new ListSwaps(history, new ListCursors('c'.repeat(64)), rendering);
    status = new SwapStatus(views, rendering);
    stats = new SwapStats(history, new TreasuryPartnerFees(gatewayBus));
  });
  afterAll(async () => {
    await gatewayBus?.close();
    await engineBus?.close();
    await nats?.stop();
    await db?.close();
  });

  async function newKey(settings: {
    fixedRateEnabled?: boolean;
    feeShare?: string;
    partnerPercent?: string;
  }) {
    const { key } = await keys.create({
      label: 'partner',
      fixedRateEnabled: settings.fixedRateEnabled ?? false,
      dryrunEnabled: false,
      autoExecuteOnMismatch: false,
      ipWhitelist: [],
      partnerPercent: settings.partnerPercent ?? '0',
      feeShare: settings.feeShare ?? '0',
      rateLimit: 30,
    });
    return (await keyCache.get(key))?.info as ApiKeyInfo;
  }
  const pageCreate = (ref: string | undefined, body: Record<string, unknown> = FORM) =>
    referred.execute({ ref, body, requestId: `page:${randomUUID()}` });
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'accepted',
      (error: SwapError) => `${error.status} ${error.message}`,
    );

  it('issues several unguessable, URL-safe codes per key, each with its link, and lists them', async () => {
    const key = await newKey({});
    const first = await codes.issue(key.key);
    now += 5000;
    const second = await codes.issue(key.key);

    for (const issued of [first, second]) {
      expect(issued?.code).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(issued).toEqual({
        key: key.key,
        code: issued?.code,
        url: `https://swap.example/swap/new?ref=${issued?.code}`,
      });
    }
    expect(first?.code).not.toBe(second?.code);
    expect(await codes.list(key.key)).toEqual([
      { ...first, createdAt: T0, revokedAt: null },
      { ...second, createdAt: T0 + 5, revokedAt: null },
    ]);
    expect(await codes.issue('ak_nobody')).toBeNull();
    expect(await codes.list('ak_nobody')).toBeNull();
  });

  it("creates a swap of the code's key with its fee share, marked with the code, that the key lists, reads and counts", async () => {
    const partner = await newKey({ feeShare: '30' });
    const other = await newKey({});
    const { code } = (await codes.issue(partner.key)) ?? { code: '' };

    const order = await pageCreate(code);

    expect(order.ref).toBe(code);
    expect(order.fee.partnerPercent).toBe(0);
    expect(asked[asked.length - 1]).toMatchObject({
      ref: code,
      key: { apiKey: partner.key, partnerPercent: '0', feeShare: '30', fixedRateEnabled: false },
    });
    // The key lists it, marked with its code, and reads it without the token; another key does not.
    const listed = await list.execute(parseListRequest({}, partner.key));
    expect(listed.items.map((item) => [item.id, item.ref])).toEqual([[order.id, code]]);
    expect((await status.execute({ id: order.id }, partner)).ref).toBe(code);
    expect(await refusal(status.execute({ id: order.id }, other))).toBe('404 Swap not found');
    expect((await stats.execute(parseStatsRequest({ since: T0, until: T0 + 1 }, partner.key))).pairs).toEqual(
      [expect.objectContaining({ from: 'BTC', to: 'ETH', swaps: expect.objectContaining({ total: 1 }) })],
    );
  });

  it("applies the key's rights: fixed rate only where the key allows it, as its signed create", async () => {
    const plain = await newKey({ partnerPercent: '0.1' });
    const fixed = await newKey({ fixedRateEnabled: true });
    const plainCode = (await codes.issue(plain.key))?.code;
    const fixedCode = (await codes.issue(fixed.key))?.code;

    expect(await refusal(pageCreate(plainCode, { ...FORM, type: 'fixed' }))).toMatch(
      /^400 Fixed rate is not enabled for this API key/,
    );
    const volume = await pageCreate(plainCode);
    expect(volume.fee.partnerPercent).toBe(0.1);
    expect((await pageCreate(fixedCode, { ...FORM, type: 'fixed' })).type).toBe('fixed');
    expect(await refusal(pageCreate(plainCode, { ...FORM, toAddress: 'nope' }))).toMatch(/^400 /);
  });

  it('creates the swap all the same for a code unknown, revoked or of a disabled key: of no key, unmarked', async () => {
    const partner = await newKey({ feeShare: '50' });
    const revoked = (await codes.issue(partner.key))?.code ?? '';
    const disabledKey = await newKey({});
    const ofDisabled = (await codes.issue(disabledKey.key))?.code;
    now += 1000;
    const revocation = await codes.revoke(partner.key, revoked);
    expect(revocation).toMatchObject({ code: revoked, revokedAt: Math.floor(now / 1000) });
    await keys.setDisabled(disabledKey.key, true);
    keyCache.evict(disabledKey.key);

    for (const ref of [revoked, 'AAAAAAAAAAAA', 'not a code!', undefined, ofDisabled]) {
      const order = await pageCreate(ref);
      expect(order.ref).toBeNull();
      expect(asked[asked.length - 1]).toMatchObject({
        ref: null,
        key: {
          apiKey: '',
          partnerPercent: '0',
          feeShare: '0',
          fixedRateEnabled: false,
          dryrunEnabled: false,
        },
      });
      expect(await refusal(status.execute({ id: order.id }, partner))).toBe('404 Swap not found');
    }
    expect((await list.execute(parseListRequest({}, partner.key))).items).toEqual([]);
    expect(await refusal(pageCreate(revoked, { ...FORM, type: 'fixed' }))).toMatch(
      /^400 Fixed rate is not enabled for this API key/,
    );
    // A revoked code keeps its first revocation; another key's code is not this key's to revoke.
    now += 1000;
    expect(await codes.revoke(partner.key, revoked)).toEqual(revocation);
    expect(await codes.revoke(disabledKey.key, revoked)).toBeNull();
    expect((await codes.list(partner.key))?.map((code) => code.revokedAt)).toEqual([revocation?.revokedAt]);
  });

  it('leaves a signed create unmarked', async () => {
    const key = await newKey({});
    const answer = await signedCreate.execute({
      key,
      request: {
        ...FORM,
        type: 'float',
        direction: 'from',
        amount: '1000000',
        dryrun: false,
        refundAddress: null,
      } as never,
      requestId: `${key.key}:nonce`,
      idempotencyKey: undefined,
    });
    expect(answer.swap.ref).toBeNull();
    expect(asked[asked.length - 1].ref).toBeNull();
  });
});
