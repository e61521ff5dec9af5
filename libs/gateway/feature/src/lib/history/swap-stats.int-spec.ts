import { quietLogger } from '@swap/domain/testing';
import type { DataSource } from 'typeorm';
import { Bus, rpcOk, type ServeHandle } from '@swap/bus';
import { treasuryPartnerFees, type PartnerFeesRequest } from '@swap/contracts';
import {
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  SwapHistoryRepository,
  SwapViewRepository,
} from '@swap/gateway-data';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { startNatsServer, swapSnapshotFixture, type NatsServerHandle } from '@swap/testing';
import { TreasuryPartnerFees, TreasuryUnavailableError } from './partner-fees.client';
import { parseStatsRequest } from './list-filter';
import { SwapStats } from './swap-stats.use-case';

const KEY = 'ak_stats_partner';
const T0 = 1_764_000_000;
const SWAPS = 2_000;

describe('/swap/stats over the read model and the bus', () => {
  let db: SchemaDatabase;
  let ds: DataSource;
  let nats: NatsServerHandle;
  let gateway: Bus;
  let treasury: Bus;
  let stats: SwapStats;

  beforeAll(async () => {
    db = await openSchemaDatabase({ schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS, tables: [] });
    ds = db.dataSource;
    nats = await startNatsServer();
    const logger = quietLogger();
    gateway = await Bus.connect({ url: nats.url, name: 'gateway-test', logger });
    treasury = await Bus.connect({ url: nats.url, name: 'treasury-test', logger });
    stats = new SwapStats(new SwapHistoryRepository(ds), new TreasuryPartnerFees(gateway));
    // A busy partner: every swap of the day earned a share (the old client asked about 500 at a time).
    const views = new SwapViewRepository(ds);
    const swaps = Array.from({ length: SWAPS }, (_, i) =>
      swapSnapshotFixture({
        id: `S${String(i).padStart(9, '0')}`,
        apiKey: KEY,
        status: 'DONE',
        amountDeposited: '100',
        amountTo: '7',
        partnerPercent: '0.1',
        time: { reg: T0 + i, start: null, finish: null, update: T0 + i, expiration: T0 + i + 3600 },
      }),
    );
    for (let i = 0; i < swaps.length; i += 500) {
      await Promise.all(swaps.slice(i, i + 500).map((swap) => views.upsert(swap)));
    }
  });
  afterAll(async () => {
    await gateway?.close();
    await treasury?.close();
    await nats?.stop();
    await db?.close();
  });

  /** A treasury that answers every request with `amount` of LTC → BTC partner share, and records them. */
  async function treasuryAnswering(
    amount: string,
  ): Promise<{ asked: PartnerFeesRequest[]; handle: ServeHandle }> {
    const asked: PartnerFeesRequest[] = [];
    const handle = await treasury.serve(
      treasuryPartnerFees,
      async (request) => {
        asked.push(request);
        return rpcOk([{ from: 'LTC', currency: 'BTC', amount }]);
      },
      { queue: 'treasury' },
    );
    return { asked, handle };
  }

  it("asks the treasury once for the key and the range, whatever the range's number of swaps", async () => {
    const { asked, handle } = await treasuryAnswering('123456789012345678901');
    try {
      const view = await stats.execute(parseStatsRequest({ since: T0, until: T0 + SWAPS }, KEY));
      expect(asked).toEqual([{ apiKey: KEY, since: T0, until: T0 + SWAPS }]);
      expect(view).toEqual({
        since: T0,
        until: T0 + SWAPS,
        pairs: [
          {
            from: 'LTC',
            to: 'BTC',
            swaps: { total: SWAPS, done: SWAPS, refunded: 0, expired: 0, failed: 0, inProgress: 0 },
            sent: '0.00200000',
            received: '0.00014000',
            partnerFee: '1234567890123.45678901',
          },
        ],
      });
    } finally {
      await handle.stop();
    }
  });

  it('answers 503 (TreasuryUnavailableError) while no treasury answers, and asks nothing for an empty range', async () => {
    await expect(stats.execute(parseStatsRequest({ since: T0, until: T0 + 10 }, KEY))).rejects.toBeInstanceOf(
      TreasuryUnavailableError,
    );
    expect((await stats.execute(parseStatsRequest({ since: 0, until: 10 }, KEY))).pairs).toEqual([]);
  });
});
