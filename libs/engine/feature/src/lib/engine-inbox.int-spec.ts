import { Bus } from '@swap/bus';
import {
  type EngineInput,
  DepositObserved,
  ENGINE_INBOX_STREAM,
  engineInbox,
  engineInputId,
  engineLeasesKv,
  enginePartition,
  ENGINE_PARTITIONS,
} from '@swap/contracts';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { quietLogger } from '@swap/domain/testing';
import { createRequest, EngineHarness, recordingLogger, useEngineHarness } from '../test/engine-harness';
import { EngineInbox } from './engine-inbox';
import { PartitionLeases } from './partition-leases';

const silent = quietLogger();

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('engine partitions', () => {
  let nats: NatsServerHandle;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await Bus.connect({ url: nats.url, name: 'engine-inbox-test', logger: silent });
    await bus.ensureStream(ENGINE_INBOX_STREAM);
  });
  afterAll(async () => {
    await bus?.close();
    await nats?.stop();
  });

  describe('PartitionLeases', () => {
    let clock: number;
    const now = () => clock;
    const settings = { partitions: 8, leaseMs: 10_000 };

    beforeEach(async () => {
      clock = 1_000_000;
      const store = await bus.kv(engineLeasesKv);
      for (const key of await store.keys()) await store.delete(key);
    });

    const leases = async (owner: string) =>
      new PartitionLeases(await bus.kv(engineLeasesKv), owner, settings, now);

    it('one instance takes every partition', async () => {
      const a = await leases('a');
      expect(await a.round()).toEqual({ acquired: [0, 1, 2, 3, 4, 5, 6, 7], lost: [], surplus: [] });
      expect((await a.round()).acquired).toEqual([]);
    });

    it('two instances share them, never owning one partition twice', async () => {
      const a = await leases('a');
      const b = await leases('b');
      await a.round();
      await b.round(); // b is live now; a's share halves
      const { surplus } = await a.round();
      expect(surplus).toEqual([4, 5, 6, 7]);
      for (const p of surplus) await a.release(p);
      await b.round();
      expect(a.partitions).toEqual([0, 1, 2, 3]);
      expect(b.partitions).toEqual([4, 5, 6, 7]);
    });

    it("a dead instance's partitions are taken over once its lease expires, and it loses them", async () => {
      const a = await leases('a');
      const b = await leases('b');
      await a.round();
      await b.round();
      expect(b.partitions).toEqual([]); // all held, none expired

      clock += settings.leaseMs + 1; // a stops renewing
      await b.round();
      expect(b.partitions).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

      const back = await a.round(); // a wakes up: its leases were taken
      expect(back.lost).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(a.partitions).toEqual([]);
    });

    it('releaseAll hands everything over at once', async () => {
      const a = await leases('a');
      const b = await leases('b');
      await a.round();
      await a.releaseAll();
      await b.round();
      expect(b.partitions).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });
  });

  describe('EngineInbox', () => {
    const opened = useEngineHarness();
    let engine: EngineHarness;
    beforeEach(async () => {
      engine = opened();
      const store = await bus.kv(engineLeasesKv);
      for (const key of await store.keys()) await store.delete(key);
    });

    const handle = (input: EngineInput) => engine.handleInput.execute(input);
    const inbox = async (owner: string, leaseMs = 10_000) =>
      new EngineInbox(
        bus,
        new PartitionLeases(await bus.kv(engineLeasesKv), owner, {
          partitions: ENGINE_PARTITIONS,
          leaseMs,
        }),
        { roundMs: 200, concurrency: 8 },
        recordingLogger(),
      );

    const report = (
      swap: { id: string; depositAddress: string },
      confirmations: number,
      txid = 'e5'.repeat(32),
    ): DepositObserved => {
      return {
        kind: 'deposit',
        swapId: swap.id,
        network: 'BTC',
        currency: 'BTC',
        address: swap.depositAddress,
        depositId: `BTC:${txid}:0`,
        txid,
        index: 0,
        amount: '1000000',
        confirmations,
        blockHeight: confirmations ? 7 : null,
        blockHash: confirmations ? 'f6'.repeat(32) : null,
        reverted: false,
        observedAt: Date.now(),
      };
    };

    it("applies a swap's reports in order, through the partition of its id", async () => {
      const swap = await engine.createSwap.execute(createRequest());
      const engineA = await inbox('a');
      await engineA.start(handle);
      try {
        for (const message of [report(swap, 0), report(swap, 1)])
          await bus.publish(engineInbox, [swap.id], message, { msgId: engineInputId(message) });
        engine.setPrices();
        await waitFor(async () => (await engine.swaps.find(swap.id))?.status === 'EXCHANGING');
        expect(engineA.partitions).toContain(enginePartition(swap.id));
        // Mempool first, then BTC's one required confirmation: PENDING and CONFIRMING were passed
        // through, not skipped.
        const statuses = (await engine.outboxRows())
          .filter((row) => row.subject.startsWith('swap.'))
          .map((row) => row.payload['status']);
        expect(statuses).toEqual(['NEW', 'PENDING', 'CONFIRMING', 'EXCHANGING']);
      } finally {
        await engineA.stop();
      }
    });

    it('a second instance takes over the partitions of one that stopped', async () => {
      const engineA = await inbox('a');
      const engineB = await inbox('b');
      await engineA.start(handle);
      await engineB.start(handle);
      try {
        await waitFor(() => engineA.partitions.length + engineB.partitions.length === ENGINE_PARTITIONS);
        await waitFor(() => engineA.partitions.length === ENGINE_PARTITIONS / 2);
        expect(engineA.partitions.filter((p) => engineB.partitions.includes(p))).toEqual([]);

        await engineA.stop();
        await waitFor(() => engineB.partitions.length === ENGINE_PARTITIONS);
      } finally {
        await engineA.stop();
        await engineB.stop();
      }
    });

    it('an input a dead instance had pulled is applied once its partitions moved, not 30 s later', async () => {
      const swap = await engine.createSwap.execute(createRequest());
      const partition = enginePartition(swap.id);
      const engineA = await inbox('a', 1_000);
      await engineA.start(handle);
      await waitFor(() => engineA.partitions.includes(partition));
      await engineA.stop();
      const message = report(swap, 0, 'a7'.repeat(32)); // its own msgId: not a duplicate of another test's
      await bus.publish(engineInbox, [swap.id], message, { msgId: engineInputId(message) });
      // The dead instance: it pulled the input and never acknowledged it.
      const pulled = await (
        await bus.js.consumers.get(ENGINE_INBOX_STREAM.name, `engine-p${partition}`)
      ).fetch({
        max_messages: 1,
        expires: 2000,
      });
      const subjects: string[] = [];
      for await (const m of pulled) subjects.push(m.subject);
      expect(subjects).toEqual([`engine.in.${partition}.${swap.id}`]);

      const engineB = await inbox('b', 1_000);
      await engineB.start(handle);
      try {
        await waitFor(async () => (await engine.swaps.find(swap.id))?.status === 'PENDING', 5_000);
      } finally {
        await engineB.stop();
      }
    });
  });
});
