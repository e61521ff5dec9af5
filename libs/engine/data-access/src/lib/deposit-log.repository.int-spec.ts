import { aSwap, EngineDb, openEngineDb, testEvent } from '../test/engine-db';
import { DepositLogRepository, type DepositRecord } from './deposit-log.repository';
import { SwapRepository } from './swap.repository';

describe('DepositLogRepository', () => {
  let engine: EngineDb;
  let swaps: SwapRepository;
  let deposits: DepositLogRepository;

  beforeAll(async () => {
    engine = await openEngineDb();
    swaps = new SwapRepository(engine.dataSource);
    deposits = new DepositLogRepository(engine.dataSource);
  });
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    await engine.reset();
  });

  const newSwap = (requestId: string) => swaps.insertNew(requestId, () => aSwap(), 'BTC', testEvent);
  const deposit = (swapId: string, n: number, overrides: Partial<DepositRecord> = {}): DepositRecord => ({
    depositId: `BTC:${swapId}${n}:0`,
    swapId,
    currency: 'BTC',
    address: `bc1q${swapId}`,
    txid: `${swapId}${n}`,
    index: 0,
    amount: 1_000_000n * BigInt(n),
    confirmations: 0,
    blockHeight: null,
    blockHash: null,
    reverted: false,
    replacedBy: null,
    ...overrides,
  });

  it('stores the reports of one turn with one statement, and refuses one older than what is stored', async () => {
    const a = await newSwap('a');
    const b = await newSwap('b');
    await deposits.record(deposit(a.id, 1, { confirmations: 2, blockHeight: 10, blockHash: 'h10' }), 5);
    const query = jest.spyOn(engine.dataSource, 'createQueryRunner');

    const answers = await Promise.all([
      // Older than the report of seq 5 already stored.
      deposits.record(deposit(a.id, 1), 4),
      deposits.record(deposit(a.id, 2), 6),
      deposits.record(deposit(b.id, 1, { amount: 123_456_789_012_345_678_901_234_567_890n }), 7),
    ]);

    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(answers).toEqual([null, { credited: false }, { credited: false }]);
    expect(await deposits.forSwap(a.id)).toMatchObject([
      { depositId: deposit(a.id, 1).depositId, confirmations: 2, blockHeight: 10 },
      { depositId: deposit(a.id, 2).depositId, confirmations: 0, amount: 2_000_000n },
    ]);
    expect(await deposits.forSwap(b.id)).toMatchObject([
      { amount: 123_456_789_012_345_678_901_234_567_890n },
    ]);
  });

  it("reads the deposits of the swaps of one turn with one statement, each swap's oldest first", async () => {
    const a = await newSwap('a');
    const b = await newSwap('b');
    const c = await newSwap('c');
    for (const [swapId, n] of [
      [a.id, 1],
      [b.id, 1],
      [a.id, 2],
    ] as const)
      await deposits.record(deposit(swapId, n), n);
    const query = jest.spyOn(engine.dataSource, 'createQueryRunner');

    const [ofA, ofB, ofC] = await Promise.all([a, b, c].map((swap) => deposits.forSwap(swap.id)));

    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(ofA.map((d) => d.txid)).toEqual([`${a.id}1`, `${a.id}2`]);
    expect(ofB.map((d) => d.txid)).toEqual([`${b.id}1`]);
    expect(ofC).toEqual([]);
  });

  it('marks the deposits a crediting transition added up, only for a transition that took its row', async () => {
    const a = await newSwap('a');
    const b = await newSwap('b');
    await deposits.record(deposit(a.id, 1), 1);
    await deposits.record(deposit(b.id, 1), 2);

    await Promise.allSettled([
      swaps.saveTransition({ ...a, status: 'EXCHANGING' }, testEvent, {}, [deposit(a.id, 1).depositId]),
      // Stale (version 0): its credit must not be marked.
      swaps.saveTransition({ ...b, version: 0, status: 'EXCHANGING' }, testEvent, {}, [
        deposit(b.id, 1).depositId,
      ]),
    ]);

    expect(await deposits.forSwap(a.id)).toMatchObject([{ credited: true }]);
    expect(await deposits.forSwap(b.id)).toMatchObject([{ credited: false }]);
  });
});
