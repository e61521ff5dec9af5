import { ChainTx, Swap } from '@swap/domain';
import { aSwap, counters, EngineDb, openEngineDb, outboxRows, T0, testEvent } from '../test/engine-db';
import { StaleSwapError, SwapRepository } from './swap.repository';

describe('SwapRepository', () => {
  let engine: EngineDb;
  let swaps: SwapRepository;

  beforeAll(async () => {
    engine = await openEngineDb();
    swaps = new SwapRepository(engine.dataSource);
  });
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    await engine.reset();
  });

  /** Inserts a swap built by `aSwap`, recording the index the counter handed out. */
  const insert = async (requestId: string, counter: string | null = 'BTC', overrides: Partial<Swap> = {}) => {
    const indices: Array<number | null> = [];
    const swap = await swaps.insertNew(
      requestId,
      (index) => {
        indices.push(index);
        return aSwap({ depositAddress: `bc1qtest${requestId}${index}`, ...overrides });
      },
      counter,
      testEvent,
    );
    return { swap, index: indices[0] };
  };

  describe('insertNew and load', () => {
    it('persists every field exactly, at version 1, with its event in the outbox', async () => {
      const depositTx: ChainTx = {
        id: 'd'.repeat(64),
        amount: 1_000_000n,
        fee: null,
        feeCurrency: null,
        timeReg: T0 + 10,
        timeBlock: T0 + 20,
        confirmations: 3,
        txKey: null,
      };
      const payoutTx: ChainTx = { ...depositTx, id: 'e'.repeat(64), fee: 21_000n, feeCurrency: 'ETH' };
      const built = aSwap({
        // Larger than 2^64: numeric(78,0) must keep it to the unit.
        amountTo: 123_456_789_012_345_678_901_234_567_890n,
        refundAddress: 'bc1qrefund',
        depositTx,
        payoutTx,
        proposed: { rate: '14.9', amount: 148_000_000_000_000_000n },
        issue: { type: 'LESS', reason: 'less', needsRefundAddress: false, choice: 'NONE' },
        slippage: '-0.5',
        rateActual: '14.95',
        autoExecuteOnMismatch: true,
        time: { reg: T0, start: T0 + 10, finish: null, update: T0 + 20, expiration: T0 + 3600 },
      });

      const saved = await swaps.insertNew('req-1', () => built, 'BTC', testEvent);

      // The database numbers the swap, whatever number it was built with.
      expect(saved.seq).toBeGreaterThan(built.seq);
      const stored = { ...built, seq: saved.seq, version: 1 };
      expect(saved).toEqual(stored);
      expect(await swaps.find(built.id)).toEqual(stored);
      expect(await swaps.findByRequestId('req-1')).toEqual(stored);
      expect(await outboxRows(engine.dataSource)).toEqual([
        {
          msg_id: `test:${built.id}:1`,
          subject: `swap.${built.id}.updated`,
          payload: { id: built.id, status: 'NEW', version: 1 },
          published: false,
        },
      ]);
      const [row] = await engine.dataSource.query(
        'SELECT request_id, deposit_network, deposit_index FROM swaps WHERE id = $1',
        [built.id],
      );
      expect(row).toEqual({ request_id: 'req-1', deposit_network: 'BTC', deposit_index: '1' });
    });

    it('answers null for unknown ids and request ids', async () => {
      await insert('known');
      expect(await swaps.find('NoSuchSwap')).toBeNull();
      expect(await swaps.findByRequestId('unknown')).toBeNull();
    });

    it('takes no index without a counter', async () => {
      const { swap, index } = await insert('no-counter', null);
      expect(index).toBeNull();
      const [row] = await engine.dataSource.query('SELECT deposit_index FROM swaps WHERE id = $1', [swap.id]);
      expect(row.deposit_index).toBeNull();
      expect(await counters(engine.dataSource)).toEqual({});
    });

    it('rolls the whole insert back, counter included, when the swap cannot be stored', async () => {
      await insert('dup');
      const attempt = insert('dup');
      await expect(attempt).rejects.toMatchObject({ code: '23505' });

      // The failed insert's index was given back: the next swap gets it, not a gap after it.
      expect(await counters(engine.dataSource)).toEqual({ BTC: 2 });
      expect((await insert('next')).index).toBe(2);
      const rows = await engine.dataSource.query('SELECT count(*)::int AS n FROM swaps');
      expect(rows).toEqual([{ n: 2 }]);
      expect((await outboxRows(engine.dataSource)).length).toBe(2);
    });
  });

  describe('countByStatus', () => {
    it('counts real swaps per status, dry-runs left out', async () => {
      const { swap } = await insert('r1');
      await insert('r2');
      await insert('r3', null, { dryrun: true });
      await swaps.saveTransition({ ...swap, status: 'PENDING' }, testEvent);
      expect(await swaps.countByStatus()).toEqual(
        new Map([
          ['NEW', 1],
          ['PENDING', 1],
        ]),
      );
    });
  });

  describe('saveTransition', () => {
    it('bumps the version and writes the event of the saved state', async () => {
      const { swap } = await insert('t-1');
      const next = {
        ...swap,
        status: 'PENDING' as const,
        time: { ...swap.time, start: T0 + 5, update: T0 + 5 },
      };

      const saved = await swaps.saveTransition(next, testEvent);

      expect(saved).toEqual({ ...next, version: 2 });
      expect(await swaps.find(swap.id)).toEqual({ ...next, version: 2 });
      expect((await outboxRows(engine.dataSource)).map((row) => [row.msg_id, row.payload])).toEqual([
        [`test:${swap.id}:1`, { id: swap.id, status: 'NEW', version: 1 }],
        [`test:${swap.id}:2`, { id: swap.id, status: 'PENDING', version: 2 }],
      ]);
    });

    it('refuses a transition computed from a stale version and changes nothing', async () => {
      const { swap } = await insert('t-2');
      const first = await swaps.saveTransition({ ...swap, status: 'PENDING' }, testEvent);

      // Computed from version 1, which another writer already replaced.
      const stale = swaps.saveTransition({ ...swap, status: 'EXPIRED' }, testEvent);
      await expect(stale).rejects.toBeInstanceOf(StaleSwapError);
      await expect(stale).rejects.toThrow(`swap ${swap.id} changed concurrently`);

      expect(await swaps.find(swap.id)).toEqual(first);
      expect(first.version).toBe(2);
      expect((await outboxRows(engine.dataSource)).map((row) => row.msg_id)).toEqual([
        `test:${swap.id}:1`,
        `test:${swap.id}:2`,
      ]);
    });

    it('treats a swap that does not exist as stale', async () => {
      await expect(swaps.saveTransition(aSwap({ version: 1 }), testEvent)).rejects.toBeInstanceOf(
        StaleSwapError,
      );
      expect(await outboxRows(engine.dataSource)).toEqual([]);
    });

    it('lets exactly one of two writers of the same version win', async () => {
      const { swap } = await insert('t-3');
      const results = await Promise.allSettled([
        swaps.saveTransition({ ...swap, status: 'PENDING' }, testEvent),
        swaps.saveTransition({ ...swap, status: 'EXPIRED' }, testEvent),
      ]);

      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleSwapError);
      const winner = (won[0] as PromiseFulfilledResult<Swap>).value;
      expect(await swaps.find(swap.id)).toEqual(winner);
      expect(winner.version).toBe(2);
      expect((await outboxRows(engine.dataSource)).map((row) => row.payload)).toEqual([
        { id: swap.id, status: 'NEW', version: 1 },
        { id: swap.id, status: winner.status, version: 2 },
      ]);
    });
  });

  describe('transitions of many swaps at once (group commit)', () => {
    it('writes the transitions of one turn in one statement, each answered as if alone', async () => {
      const a = (await insert('g-a')).swap;
      const b = (await insert('g-b')).swap;
      const c = (await insert('g-c')).swap;
      await swaps.saveTransition({ ...c, status: 'PENDING' }, testEvent);
      const query = jest.spyOn(engine.dataSource, 'createQueryRunner');
      const message = (swap: Swap, tag: string) => ({
        msgId: `${tag}:${swap.id}`,
        contract: 'swapUpdated',
        subject: `swap.${swap.id}.updated`,
        payload: { tag },
      });

      const results = await Promise.allSettled([
        swaps.saveTransition({ ...a, status: 'PENDING' }, (s) => [testEvent(s), message(s, 'a-command')]),
        // Computed from version 1, which the transition above replaced.
        swaps.saveTransition({ ...c, status: 'EXPIRED' }, testEvent),
        swaps.saveTransition({ ...b, status: 'EXPIRED' }, (s) => [testEvent(s), message(s, 'b-command')]),
      ]);

      expect(query).toHaveBeenCalledTimes(1);
      query.mockRestore();
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(StaleSwapError);
      expect(await swaps.find(a.id)).toMatchObject({ status: 'PENDING', version: 2 });
      expect(await swaps.find(b.id)).toMatchObject({ status: 'EXPIRED', version: 2 });
      expect(await swaps.find(c.id)).toMatchObject({ status: 'PENDING', version: 2 });
      // Each swap's messages in its order, the swaps in the order they were written.
      expect((await outboxRows(engine.dataSource)).map((row) => row.msg_id)).toEqual([
        `test:${a.id}:1`,
        `test:${b.id}:1`,
        `test:${c.id}:1`,
        `test:${c.id}:2`,
        `test:${a.id}:2`,
        `a-command:${a.id}`,
        `test:${b.id}:2`,
        `b-command:${b.id}`,
      ]);
    });

    it('reads the swaps of one turn with one statement', async () => {
      const a = (await insert('r-a')).swap;
      const b = (await insert('r-b')).swap;
      const query = jest.spyOn(engine.dataSource, 'createQueryRunner');

      const [foundA, missing, foundB] = await Promise.all([
        swaps.findWithAttempts(a.id),
        swaps.find('nope'),
        swaps.find(b.id),
      ]);

      expect(query).toHaveBeenCalledTimes(1);
      query.mockRestore();
      expect(foundA).toMatchObject({ swap: { id: a.id, token: a.token, version: 1 }, attempts: {} });
      expect(missing).toBeNull();
      expect(foundB).toMatchObject({ id: b.id, token: b.token, version: 1 });
    });
  });

  describe('list', () => {
    it('lists the newest swaps first, of one status when asked', async () => {
      const at = (reg: number) => ({
        time: { reg, start: null, finish: null, update: reg, expiration: reg + 3600 },
      });
      const old = (await insert('l-1', 'BTC', at(T0))).swap;
      const newest = (await insert('l-2', 'BTC', at(T0 + 20))).swap;
      const middle = (await insert('l-3', 'BTC', { ...at(T0 + 10), status: 'EXPIRED' })).swap;

      expect((await swaps.list(null, 10)).map((s) => s.id)).toEqual([newest.id, middle.id, old.id]);
      expect((await swaps.list(null, 2)).map((s) => s.id)).toEqual([newest.id, middle.id]);
      expect((await swaps.list('NEW', 10)).map((s) => s.id)).toEqual([newest.id, old.id]);
      expect(await swaps.list('DONE', 10)).toEqual([]);
    });
  });

  describe('address counters', () => {
    it('hand out 1, 2, 3… per network, independently', async () => {
      const indices: Array<[string, number | null]> = [];
      for (const [requestId, network] of [
        ['a', 'BTC'],
        ['b', 'BTC'],
        ['c', 'ETH'],
        ['d', 'BTC'],
        ['e', 'ETH'],
      ]) {
        indices.push([network, (await insert(requestId, network)).index]);
      }

      expect(indices).toEqual([
        ['BTC', 1],
        ['BTC', 2],
        ['ETH', 1],
        ['BTC', 3],
        ['ETH', 2],
      ]);
      expect(await counters(engine.dataSource)).toEqual({ BTC: 4, ETH: 3 });
    });

    it('never hand out an index twice under concurrent allocation', async () => {
      const n = 40;
      const created = await Promise.all(
        Array.from({ length: n }, (_, i) => {
          const network = i % 2 === 0 ? 'LTC' : 'SOL';
          return insert(`c-${i}`, network, { from: network });
        }),
      );

      const byNetwork = (network: string) =>
        created
          .filter((_, i) => (i % 2 === 0 ? 'LTC' : 'SOL') === network)
          .map((c) => c.index as number)
          .sort((a, b) => a - b);
      const expected = Array.from({ length: n / 2 }, (_, i) => i + 1);
      expect(byNetwork('LTC')).toEqual(expected);
      expect(byNetwork('SOL')).toEqual(expected);
      expect(await counters(engine.dataSource)).toEqual({ LTC: n / 2 + 1, SOL: n / 2 + 1 });
      const stored = await engine.dataSource.query(
        'SELECT count(*)::int AS n, count(DISTINCT (deposit_network, deposit_index))::int AS distinct FROM swaps',
      );
      expect(stored).toEqual([{ n, distinct: n }]);
    });
  });

  describe('findExpiredIds', () => {
    it('finds real NEW swaps whose window has ended, oldest expiry first', async () => {
      const at = (expiration: number, more: Partial<Swap> = {}) =>
        aSwap({ ...more, time: { reg: T0, start: null, finish: null, update: T0, expiration } });
      const put = (swap: Swap) => swaps.insertNew(`r-${swap.id}`, () => swap, 'BTC', testEvent);
      const later = await put(at(T0 + 100));
      const earlier = await put(at(T0 + 50));
      const exactlyNow = await put(at(T0 + 200));
      await put(at(T0 + 201)); // still open
      await put(at(T0 + 10, { dryrun: true, id: 'DRabcdefgh' })); // dry runs never expire
      await put(at(T0 + 10, { status: 'PENDING' })); // deposit seen

      expect(await swaps.findExpiredIds(T0 + 200, 10)).toEqual([earlier.id, later.id, exactlyNow.id]);
      expect(await swaps.findExpiredIds(T0 + 200, 2)).toEqual([earlier.id, later.id]);
      expect(await swaps.findExpiredIds(T0 + 49, 10)).toEqual([]);
    });
  });
});
