import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { SwapSnapshot } from '@swap/contracts';
import { SWAP_STATUSES, type SwapError, type SwapStatus } from '@swap/domain';
import {
  GATEWAY_MIGRATIONS,
  GATEWAY_SCHEMA,
  SWAP_HISTORY_STATEMENTS,
  SwapHistoryRepository,
  SwapViewRepository,
} from '@swap/gateway-data';
import { openSchemaDatabase, type SchemaDatabase } from '@swap/test-database';
import { swapSnapshotFixture } from '@swap/testing';
import { ListCursors } from './list-cursor';
import { parseListRequest } from './list-filter';
import { ListSwaps } from './list-swaps.use-case';
import { swapListView } from './swap-list.view';

const ME = 'ak_history_me';
const OTHER = 'ak_history_other';
const T0 = 1_764_000_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Mixed-case ids as the engine makes them, so ties in time are ordered by the database's collation. */
const swapId = () => Array.from(randomBytes(10), (byte) => ALNUM[byte % ALNUM.length]).join('');

describe('order history on PostgreSQL (D14)', () => {
  let db: SchemaDatabase;
  let ds: DataSource;
  let history: SwapHistoryRepository;
  let list: ListSwaps;
  const stored: SwapSnapshot[] = [];

  beforeAll(async () => {
    db = await openSchemaDatabase({ schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS, tables: [] });
    ds = db.dataSource;
    history = new SwapHistoryRepository(ds);
    list = new ListSwaps(history, new ListCursors('s'.repeat(64)), {
      publicUrl: 'https://swap.example',
      clock: () => (T0 + 10_000) * 1000,
    });
    // 4,000 swaps of two keys, four created in each second (ties broken by id), every status.
    for (let i = 0; i < 4000; i++) {
      stored.push(
        swapSnapshotFixture({
          id: swapId(),
          apiKey: i % 5 === 0 ? OTHER : ME,
          status: SWAP_STATUSES[(i * 7) % SWAP_STATUSES.length],
          dryrun: i % 3 === 0,
          time: { reg: T0 + Math.floor(i / 4), start: null, finish: null, update: T0, expiration: T0 + 3600 },
        }),
      );
    }
    const views = new SwapViewRepository(ds);
    for (let i = 0; i < stored.length; i += 500) {
      await Promise.all(stored.slice(i, i + 500).map((swap) => views.upsert(swap)));
    }
    await ds.query('ANALYZE swap_views');
  });
  afterAll(() => db?.close());

  /** Every page of a listing, followed through `next`. */
  async function everyPage(body: Record<string, unknown>, key = ME) {
    const pages: Array<{ ids: string[]; regs: number[] }> = [];
    let cursor: string | undefined;
    do {
      const page = await list.execute(parseListRequest({ ...body, ...(cursor ? { cursor } : {}) }, key));
      pages.push({ ids: page.items.map((item) => item.id), regs: page.items.map((item) => item.time.reg) });
      cursor = page.next ?? undefined;
    } while (cursor);
    return pages;
  }

  const idsOf = (match: (swap: SwapSnapshot) => boolean) =>
    stored
      .filter(match)
      .map((swap) => swap.id)
      .sort();

  it("pages cover every one of the key's swaps once, newest first, and no other key's", async () => {
    const pages = await everyPage({ limit: 100 });
    const ids = pages.flatMap((page) => page.ids);
    const regs = pages.flatMap((page) => page.regs);
    expect(pages.slice(0, -1).every((page) => page.ids.length === 100)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(idsOf((swap) => swap.apiKey === ME));
    expect(regs).toEqual([...regs].sort((a, b) => b - a));
  });

  it('filters by statuses and time, across pages of any size', async () => {
    const statuses: SwapStatus[] = ['FAILED', 'DONE', 'NEW'];
    const since = T0 + 100;
    const until = T0 + 700;
    const pages = await everyPage({ status: statuses, since, until, limit: 37 });
    const ids = pages.flatMap((page) => page.ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      idsOf(
        (swap) =>
          swap.apiKey === ME &&
          statuses.includes(swap.status) &&
          swap.time.reg >= since &&
          swap.time.reg < until,
      ),
    );
    expect((await everyPage({ status: 'REFUNDED', limit: 100 })).flatMap((page) => page.ids).sort()).toEqual(
      idsOf((swap) => swap.apiKey === ME && swap.status === 'REFUNDED'),
    );
  });

  it('lists swaps created within one second in creation order, newest first, across pages', async () => {
    const key = 'ak_history_same_second';
    const at = { reg: T0 + 2000, start: null, finish: null, update: T0, expiration: T0 + 3600 };
    // Created in this order (seq), with ids that sort the other way: id order is not creation order.
    const created = Array.from({ length: 9 }, (_, i) =>
      swapSnapshotFixture({ id: `Zz${9 - i}${swapId().slice(3)}`, apiKey: key, seq: 70 + i, time: at }),
    );
    const old = swapSnapshotFixture({ id: swapId(), apiKey: key, seq: 0, time: { ...at, reg: at.reg - 1 } });
    const views = new SwapViewRepository(ds);
    for (const swap of [created[4], old, created[0], created[8], ...created]) await views.upsert(swap);

    const newestFirst = [...created.map((swap) => swap.id).reverse(), old.id];
    for (const limit of [100, 4, 1]) {
      expect((await everyPage({ limit }, key)).flatMap((page) => page.ids)).toEqual(newestFirst);
    }
    const filtered = await everyPage({ status: ['PENDING', 'DONE'], limit: 2 }, key);
    expect(filtered.flatMap((page) => page.ids)).toEqual(newestFirst);
  });

  it('renders the items as /swap/status does, and ends with next null', async () => {
    const page = await list.execute(parseListRequest({ limit: 1 }, OTHER));
    const newest = stored.filter((swap) => swap.apiKey === OTHER).sort((a, b) => b.time.reg - a.time.reg)[0];
    expect(page.items[0]).toMatchObject({
      status: newest.status,
      time: { reg: newest.time.reg },
      dryrun: newest.dryrun,
    });
    expect(page.next).toEqual(expect.any(String));
    expect(swapListView.parse(page)).toEqual(page); // the declared shape, the OpenAPI SwapList
    expect(await list.execute(parseListRequest({ since: T0 + 5000 }, ME))).toEqual({ items: [], next: null });
  });

  it("refuses a cursor of another filter or another key's", async () => {
    const { next } = await list.execute(parseListRequest({ status: 'DONE', limit: 5 }, ME));
    const refusal = (body: Record<string, unknown>, key = ME) =>
      list.execute(parseListRequest({ ...body, cursor: next }, key)).then(
        () => 'accepted',
        (err: SwapError) => err.code,
      );
    expect(await refusal({ status: 'DONE' })).toBe('accepted');
    expect(await refusal({ status: 'DONE', limit: 50 })).toBe('accepted'); // the page size may change
    expect(await refusal({ status: 'NEW' })).toBe('INVALID_CURSOR');
    expect(await refusal({})).toBe('INVALID_CURSOR');
    expect(await refusal({ status: 'DONE' }, OTHER)).toBe('INVALID_CURSOR');
  });

  it("sums a key's real swaps per pair: deposits in, payouts landed, statuses", async () => {
    const key = 'ak_history_stats';
    const at = (reg: number) => ({ reg, start: null, finish: null, update: reg, expiration: reg + 3600 });
    const later = (amount: string, state: 'DONE' | 'FAILED' | 'SENT' | null) => ({
      id: `d${amount}`,
      tx: `tx${amount}`,
      amount,
      time: T0,
      handling: state === null ? ('RETURNED' as const) : ('PAID' as const),
      payout:
        state === null
          ? null
          : { id: 'p', rate: '1', amountTo: `${amount}0`, feeAmount: '1', state, tx: null },
    });
    const swap = (overrides: Partial<SwapSnapshot>) =>
      swapSnapshotFixture({ id: swapId(), apiKey: key, time: at(T0), ...overrides });
    const swaps = [
      swap({ status: 'DONE', amountDeposited: '100', amountTo: '7', partnerPercent: '0.1' }),
      swap({
        status: 'DONE',
        amountDeposited: '200',
        amountTo: '9',
        later: [later('5', 'DONE'), later('6', 'FAILED'), later('8', null)],
      }),
      swap({ status: 'SENDING', amountDeposited: '300', amountTo: '11', later: [later('4', 'SENT')] }),
      swap({ status: 'EXPIRED', partnerPercent: '0.1' }),
      swap({ status: 'REFUNDED', amountDeposited: '50', amountTo: '3' }),
      swap({ status: 'FAILED', from: 'ETH', to: 'XMR', amountDeposited: '70', partnerPercent: '0.2' }),
      swap({ status: 'DONE', amountDeposited: '1000', dryrun: true }), // a dry run moves no money
      swap({ status: 'DONE', amountDeposited: '1000', time: at(T0 + 10) }), // outside the range
    ];
    const views = new SwapViewRepository(ds);
    await Promise.all(swaps.map((view) => views.upsert(view)));

    const range = { apiKey: key, since: T0, until: T0 + 10 };
    expect(await history.totalsByPair(range)).toEqual([
      {
        from: 'ETH',
        to: 'XMR',
        total: 1,
        done: 0,
        refunded: 0,
        expired: 0,
        failed: 1,
        deposited: 70n,
        paid: 0n,
      },
      // deposits 100 + 200 + 5 + 300 + 4 + 50, payouts 7 + 9 + 50 (the later DONE one's 10 × 5)
      {
        from: 'LTC',
        to: 'BTC',
        total: 5,
        done: 2,
        refunded: 1,
        expired: 1,
        failed: 0,
        deposited: 659n,
        paid: 66n,
      },
    ]);
  });

  describe('the plans', () => {
    /** The plan PostgreSQL makes for a statement with these values, as JSON text. */
    async function plan(text: string, values: unknown[]): Promise<string> {
      const rows: Array<{ 'QUERY PLAN': unknown }> = await ds.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
      return JSON.stringify(rows[0]['QUERY PLAN']);
    }
    const { PAGE, PAGE_OF_STATUSES, STATS } = SWAP_HISTORY_STATEMENTS;
    const middle = [ME, 0, T0 + 500, 0, 'zzzzzzzzzz', 51];

    it('reads a page from the index, in its order: no scan of the table, no sort', async () => {
      const page = await plan(PAGE.text, middle);
      expect(page).toContain('"Index Name":"swap_views_newest"');
      expect(page).not.toContain('Seq Scan');
      expect(page).not.toContain('"Node Type":"Sort"');
    });

    it("reads a status filter as one index range per status, sorting only the pages' rows", async () => {
      const filtered = await plan(PAGE_OF_STATUSES.text, [...middle, ['FAILED', 'REFUNDED']]);
      expect(filtered).toContain('"Index Name":"swap_views_status_newest"');
      expect(filtered).not.toContain('Seq Scan');
    });

    it('sums a range of a key from the index', async () => {
      const stats = await plan(STATS.text, [ME, T0 + 100, T0 + 110]);
      expect(stats).toContain('swap_views_newest');
      expect(stats).not.toContain('Seq Scan');
    });
  });
});
