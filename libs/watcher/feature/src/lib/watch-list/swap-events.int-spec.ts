import { SWAP_EVENTS_STREAM, swapUpdated, type SwapSnapshot } from '@swap/contracts';
import { swapSnapshotFixture } from '@swap/testing';
import { WatchListRepository } from '@swap/watcher-data';
import { T0, waitFor, WatcherHarness } from '../../test/watcher-harness';
import { RecordSwap } from './record-swap.use-case';
import { SwapEventsConsumer } from './swap-events.consumer';

const swap = (overrides: Partial<SwapSnapshot>): SwapSnapshot =>
  swapSnapshotFixture({
    status: 'NEW',
    from: 'LTC',
    time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600 },
    version: 1,
    ...overrides,
  });

describe('the watch list from swap events (LTC)', () => {
  let h: WatcherHarness;
  let consumer: SwapEventsConsumer | undefined;

  beforeAll(async () => {
    h = await WatcherHarness.open('LTC');
  });
  afterEach(async () => {
    await consumer?.stop();
    consumer = undefined;
  });
  afterAll(async () => {
    await h?.close();
  });

  const publish = (snapshot: SwapSnapshot, msgId: string) =>
    h.bus.publish(swapUpdated, [snapshot.id], snapshot, { msgId });

  it('replays the stream into a fresh table: this network only, no dry runs, redeliveries harmless', async () => {
    await h.bus.ensureStream(SWAP_EVENTS_STREAM);
    const open = swap({ id: 'LtcSwap001', depositAddress: 'ltc1qopen' });
    const ended = {
      ...open,
      status: 'EXPIRED' as const,
      version: 2,
      time: { ...open.time, update: T0 + 3600 },
    };
    await publish(open, 'open:1');
    await publish(swap({ id: 'BtcSwap001', from: 'BTC', depositAddress: 'bc1qother' }), 'btc:1');
    await publish(swap({ id: 'DRdryrun01', dryrun: true, depositAddress: 'ltc1qdry' }), 'dry:1');
    await publish(ended, 'open:2');
    // The same event again (a redelivery after a lost ack), and an older one late.
    await publish(ended, 'open:2:again');
    await publish(open, 'open:1:late');

    const watchList = new WatchListRepository(h.dataSource);
    consumer = new SwapEventsConsumer(h.bus, 'LTC');
    await consumer.start(recording(watchList));
    await waitFor(() => consumer!.caughtUp());

    expect(await watchList.find('LTC', 'ltc1qopen')).toEqual({
      network: 'LTC',
      address: 'ltc1qopen',
      addressKey: 'ltc1qopen',
      swapId: 'LtcSwap001',
      currency: 'LTC',
      status: 'EXPIRED',
      swapVersion: 2,
      endedAt: T0 + 3600,
      registeredAt: T0 * 1000,
      depositIndex: 1,
    });
    expect(await watchList.find('LTC', 'ltc1qdry')).toBeNull();
    expect(await watchList.find('LTC', 'bc1qother')).toBeNull();
    const rows = await h.dataSource.query('SELECT count(*)::int AS n FROM watched_addresses');
    expect(rows).toEqual([{ n: 1 }]);
  });

  /** What the watcher's controller does with each event: record it in this watch list. */
  const recording = (watchList: WatchListRepository) => async (snapshot: SwapSnapshot) =>
    void (await new RecordSwap(watchList, 'LTC').execute(snapshot));

  /** A consumer that recorded every event so far, then stopped (its durable stays). */
  async function drained(watchList: WatchListRepository): Promise<SwapEventsConsumer> {
    await h.bus.ensureStream(SWAP_EVENTS_STREAM);
    const stopped = new SwapEventsConsumer(h.bus, 'LTC');
    await stopped.start(recording(watchList));
    await waitFor(() => stopped.caughtUp());
    await stopped.stop();
    return stopped;
  }

  it("tells the reader's wallet about an address before watching it; a wallet that fails retries the event", async () => {
    const told: number[] = [];
    let walletDown = true;
    const record = new RecordSwap(new WatchListRepository(h.dataSource), 'LTC', async (index) => {
      if (walletDown) throw new Error('wallet-rpc unreachable');
      told.push(index);
    });
    const snapshot = swap({ id: 'LtcSwap042', depositAddress: 'ltc1qtold', depositIndex: 42 });

    await expect(record.execute(snapshot)).rejects.toThrow('wallet-rpc unreachable');
    const watchList = new WatchListRepository(h.dataSource);
    expect(await watchList.findWatched('LTC', ['ltc1qtold'], 0)).toEqual([]);
    walletDown = false;
    expect(await record.execute(snapshot)).toBe(true);
    expect(told).toEqual([42]);
    expect(await watchList.findWatched('LTC', ['ltc1qtold'], 0)).toHaveLength(1);
  });

  it('is not caught up while events wait to be recorded', async () => {
    const watchList = new WatchListRepository(h.dataSource);
    consumer = await drained(watchList);

    await publish(swap({ id: 'LtcSwap002', depositAddress: 'ltc1qnext' }), 'next:1');
    expect(await consumer.caughtUp()).toBe(false);

    await consumer.start(recording(watchList));
    await waitFor(() => consumer!.caughtUp());
    expect(await watchList.find('LTC', 'ltc1qnext')).toMatchObject({
      swapId: 'LtcSwap002',
      status: 'NEW',
      endedAt: null,
    });
  });

  /** A replica killed with this event pulled and not acknowledged: it waits out the ack wait. */
  async function heldByDeadReplica(snapshot: SwapSnapshot, durable: string): Promise<void> {
    await publish(snapshot, `${snapshot.id}:held`);
    const consumer = await h.bus.js.consumers.get(SWAP_EVENTS_STREAM.name, durable);
    const subjects: string[] = [];
    for await (const message of await consumer.fetch({ max_messages: 1, expires: 2000 }))
      subjects.push(message.subject);
    expect(subjects).toEqual([`swap.${snapshot.id}.updated`]);
  }

  it('gets back the events a killed replica had pulled within seconds, not 30 s', async () => {
    const watchList = new WatchListRepository(h.dataSource);
    consumer = await drained(watchList);
    await heldByDeadReplica(swap({ id: 'LtcHeld001', depositAddress: 'ltc1qheld' }), consumer.durable);

    await consumer.start(recording(watchList));
    expect(await consumer.caughtUp()).toBe(false);
    await waitFor(() => consumer!.caughtUp(), 8_000);
    expect(await watchList.find('LTC', 'ltc1qheld')).toMatchObject({ swapId: 'LtcHeld001' });
  });

  it('is not caught up before its durable was ever started (a first start, before the transport)', async () => {
    await h.bus.ensureStream(SWAP_EVENTS_STREAM);
    expect(await new SwapEventsConsumer(h.bus, 'BTC').caughtUp()).toBe(false);
  });

  it('is caught up once what was published before it first asked is recorded, whatever came later', async () => {
    const watchList = new WatchListRepository(h.dataSource);
    await drained(watchList);

    const restarted = new SwapEventsConsumer(h.bus, 'LTC');
    expect(await restarted.caughtUp()).toBe(true);
    // A busy service: swaps keep changing, and some events are in flight at any moment.
    await heldByDeadReplica(swap({ id: 'LtcLater01', depositAddress: 'ltc1qlater' }), restarted.durable);
    expect(await restarted.caughtUp()).toBe(true);
  });
});
