import { Bus, VERSION_HEADER } from '@swap/bus';
import { MONEY_COMMANDS_STREAM, SWAP_EVENTS_STREAM, swapUpdated, SwapSnapshot } from '@swap/contracts';
import { OutboxRepository, PendingOutboxMessage } from '@swap/engine-data';
import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { quietLogger } from '@swap/domain/testing';
import { createRequest, EngineHarness, ETH_ADDRESS, recordingLogger, T0 } from '../test/engine-harness';
import { OutboxRelay } from './outbox.relay';

const silent = quietLogger();

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Publishes like the real repository, then dies before the rows are marked (a crash). */
class CrashAfterPublishing extends OutboxRepository {
  override relayBatch(limit: number, publish: (message: PendingOutboxMessage) => Promise<void>) {
    return super.relayBatch(limit, async (message) => {
      await publish(message);
      throw new Error('crashed after publishing');
    });
  }
}

describe('OutboxRelay', () => {
  let engine: EngineHarness;
  let nats: NatsServerHandle;
  let bus: Bus;

  beforeAll(async () => {
    engine = await EngineHarness.open();
    nats = await startNatsServer();
    bus = await Bus.connect({ url: nats.url, name: 'engine-relay-test', logger: silent });
  });
  afterAll(async () => {
    await bus?.close();
    await nats?.stop();
    await engine?.close();
  });
  beforeEach(async () => {
    await engine.reset();
    // A fresh stream per test: sequences start at 1 and nothing is left from an earlier test.
    const jsm = await bus.manager();
    await jsm.streams.delete(SWAP_EVENTS_STREAM.name).catch(() => undefined);
    await bus.ensureStream(SWAP_EVENTS_STREAM);
  });

  /** One relay pass, as a kick after a commit runs it. */
  const relayOnce = async (outbox: OutboxRepository = engine.outbox) => {
    const logger = recordingLogger();
    const relay = new OutboxRelay(outbox, bus, logger);
    relay.kick();
    await relay.stop();
    return logger.entries;
  };
  const streamCount = async () =>
    (await (await bus.manager()).streams.info(SWAP_EVENTS_STREAM.name)).state.messages;
  const streamMessages = async () => {
    const jsm = await bus.manager();
    const messages = [];
    for (let seq = 1; seq <= (await streamCount()); seq++) {
      const stored = await jsm.streams.getMessage(SWAP_EVENTS_STREAM.name, { seq });
      if (!stored) throw new Error(`no message ${seq}`);
      messages.push({
        subject: stored.subject,
        msgId: stored.header.get('Nats-Msg-Id'),
        version: stored.header.get(VERSION_HEADER),
        payload: stored.json<SwapSnapshot>(),
      });
    }
    return messages;
  };

  it('publishes committed rows with their stable id, marks them, and publishes nothing twice', async () => {
    const real = await engine.createSwap.execute(createRequest());
    const dry = await engine.createSwap.execute(createRequest({ dryrun: true }));
    await engine.commands.advance(dry.id);
    const rows = await engine.outboxRows();
    expect(rows.map((row) => row.msg_id)).toEqual([
      `swap:${real.id}:1`,
      `swap:${dry.id}:1`,
      `swap:${dry.id}:2`,
    ]);

    expect(await relayOnce()).toEqual([]);

    expect(await streamMessages()).toEqual(
      rows.map((row) => ({
        subject: row.subject,
        msgId: row.msg_id,
        version: String(swapUpdated.version),
        payload: row.payload,
      })),
    );
    expect(rows[2].payload).toMatchObject({ id: dry.id, status: 'PENDING', version: 2 });
    expect((await engine.outboxRows()).every((row) => row.published)).toBe(true);

    // A second pass finds nothing to send.
    expect(await relayOnce()).toEqual([]);
    expect(await streamCount()).toBe(3);

    // Even rows handed out again (their mark lost) do not reach the stream twice.
    await engine.dataSource.query('UPDATE outbox SET published_at = NULL');
    expect(await relayOnce()).toEqual([]);
    expect(await streamCount()).toBe(3);
    expect((await engine.outboxRows()).every((row) => row.published)).toBe(true);
  });

  it('sets aside a row that breaks the contract and still delivers the events behind it', async () => {
    await engine.dataSource.query(
      `INSERT INTO outbox (msg_id, subject, payload) VALUES ('swap:Corrupt001:1', 'swap.Corrupt001.updated', '{"id":"Corrupt001"}')`,
    );
    const swap = await engine.createSwap.execute(createRequest());

    const logged = await relayOnce();

    expect(logged).toEqual([
      expect.objectContaining({ level: 'error', message: 'outbox message is undeliverable' }),
    ]);
    expect((await streamMessages()).map((message) => message.msgId)).toEqual([`swap:${swap.id}:1`]);
    const [corrupt] = await engine.dataSource.query(
      `SELECT failed_at IS NOT NULL AS failed, published_at IS NULL AS pending, last_error FROM outbox WHERE msg_id = 'swap:Corrupt001:1'`,
    );
    expect(corrupt).toMatchObject({
      failed: true,
      pending: true,
      last_error: expect.stringContaining('swap.updated'),
    });
    // It is not retried.
    expect(await relayOnce()).toEqual([]);
  });

  it('sets aside a row whose contract it does not know, and still delivers the events behind it', async () => {
    const first = await engine.createSwap.execute(createRequest());
    const second = await engine.createSwap.execute(createRequest());
    await engine.dataSource.query(`UPDATE outbox SET contract = 'swapRemoved' WHERE msg_id = $1`, [
      `swap:${first.id}:1`,
    ]);

    expect(await relayOnce()).toEqual([
      expect.objectContaining({ level: 'error', message: 'outbox message is undeliverable' }),
    ]);
    expect((await streamMessages()).map((message) => message.msgId)).toEqual([`swap:${second.id}:1`]);
    const [unknown] = await engine.dataSource.query(
      `SELECT failed_at IS NOT NULL AS failed, last_error FROM outbox WHERE msg_id = $1`,
      [`swap:${first.id}:1`],
    );
    expect(unknown).toEqual({
      failed: true,
      last_error: `no outbox contract swapRemoved (subject swap.${first.id}.updated)`,
    });
  });

  it('relays rows written before rows named their contract by the contract their subject matches', async () => {
    const jsm = await bus.manager();
    await jsm.streams.delete(MONEY_COMMANDS_STREAM.name).catch(() => undefined);
    await bus.ensureStream(MONEY_COMMANDS_STREAM);
    const swap = await engine.createSwap.execute(createRequest());
    const payout = {
      payoutId: `${swap.id}-payout-2`,
      swapId: swap.id,
      network: 'ETH',
      currency: 'ETH',
      address: ETH_ADDRESS,
      amount: '149625000000000000',
      requestedAt: T0,
    };
    // As an engine of the version before wrote them (and an older replica may, during an upgrade).
    await engine.dataSource.query('UPDATE outbox SET contract = NULL');
    await engine.dataSource.query(
      `INSERT INTO outbox (msg_id, subject, payload) VALUES ($1, 'treasury.payout.ETH', $2)`,
      [payout.payoutId, JSON.stringify(payout)],
    );

    expect(await relayOnce()).toEqual([]);
    expect((await streamMessages()).map((message) => [message.subject, message.msgId])).toEqual([
      [`swap.${swap.id}.updated`, `swap:${swap.id}:1`],
    ]);
    const command = await jsm.streams.getMessage(MONEY_COMMANDS_STREAM.name, { seq: 1 });
    expect([command?.subject, command?.header.get('Nats-Msg-Id'), command?.json()]).toEqual([
      'treasury.payout.ETH',
      payout.payoutId,
      payout,
    ]);
    expect((await engine.outboxRows()).every((row) => row.published)).toBe(true);
  });

  it('re-sends after a crash between publishing and marking, and JetStream drops the repeat', async () => {
    const first = await engine.createSwap.execute(createRequest());
    const second = await engine.createSwap.execute(createRequest());

    const errors = await relayOnce(new CrashAfterPublishing(engine.dataSource));
    expect(errors).toEqual([
      {
        level: 'error',
        details: { err: new Error('crashed after publishing') },
        message: 'outbox relay failed',
      },
    ]);
    expect(await streamCount()).toBe(1);
    expect((await engine.outboxRows()).map((row) => row.published)).toEqual([false, false]);

    expect(await relayOnce()).toEqual([]);
    expect((await streamMessages()).map((message) => message.msgId)).toEqual([
      `swap:${first.id}:1`,
      `swap:${second.id}:1`,
    ]);
    expect((await engine.outboxRows()).map((row) => row.published)).toEqual([true, true]);
  });

  it('delivers each change to consumers promptly when kicked after every commit', async () => {
    const logger = recordingLogger();
    // A long timer: only the kicks after the commits can deliver within the wait below.
    const relay = new OutboxRelay(engine.outbox, bus, logger);
    relay.start(60_000);
    engine.afterCommit = () => relay.kick();
    const received: Array<[string | undefined, string, number]> = [];
    const consumer = await bus.consume(swapUpdated, {
      durable: 'relay-test',
      handler: async (snapshot, meta) => {
        received.push([meta.msgId, snapshot.status, snapshot.version]);
      },
    });
    try {
      const dry = await engine.createSwap.execute(createRequest({ dryrun: true }));
      await engine.commands.advance(dry.id);
      await engine.commands.advance(dry.id);

      await waitFor(() => received.length >= 3);
      expect(received).toEqual([
        [`swap:${dry.id}:1`, 'NEW', 1],
        [`swap:${dry.id}:2`, 'PENDING', 2],
        [`swap:${dry.id}:3`, 'CONFIRMING', 3],
      ]);
      await waitFor(async () => (await engine.outboxRows()).every((row) => row.published));
    } finally {
      await consumer.stop();
      await relay.stop();
    }
    expect(logger.entries).toEqual([]);
  });

  it('publishes a commit at once once the outbox was found drained; a pass then only marks it', async () => {
    const relay = new OutboxRelay(engine.outbox, bus, recordingLogger());
    relay.start(60_000);
    await waitFor(() => relay.publishesDirectly);
    engine.afterCommit = (messages) => relay.publishCommitted(messages);
    try {
      const dry = await engine.createSwap.execute(createRequest({ dryrun: true }));
      await engine.commands.advance(dry.id);

      expect((await streamMessages()).map((m) => [m.msgId, m.payload.status])).toEqual([
        [`swap:${dry.id}:1`, 'NEW'],
        [`swap:${dry.id}:2`, 'PENDING'],
      ]);
      expect((await engine.outboxRows()).map((row) => row.published)).toEqual([false, false]);
    } finally {
      relay.kick();
      await relay.stop();
    }
    expect((await engine.outboxRows()).every((row) => row.published)).toBe(true);
    expect(await streamCount()).toBe(2);
  });

  it('marks what commits published with one read when it finds fewer than a batch', async () => {
    const relay = new OutboxRelay(engine.outbox, bus, recordingLogger());
    relay.start(60_000);
    await waitFor(() => relay.publishesDirectly);
    engine.afterCommit = (messages) => relay.publishCommitted(messages);
    const reads = jest.spyOn(engine.outbox, 'relayBatch');
    try {
      for (let i = 0; i < 3; i++) await engine.createSwap.execute(createRequest({ dryrun: true }));
      relay.kick();
      await waitFor(async () => (await engine.outboxRows()).every((row) => row.published));
      // One read found all three (fewer than a batch): no second read to find nothing.
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      await relay.stop();
    }
    expect(await streamCount()).toBe(3);
  });

  it('leaves a swap to the passes after a failed publish, in order, until the outbox is drained', async () => {
    const logger = recordingLogger();
    const relay = new OutboxRelay(engine.outbox, bus, logger);
    relay.start(60_000);
    await waitFor(() => relay.publishesDirectly);
    let broken = true; // the first commit's publish breaks the contract: it fails
    engine.afterCommit = (messages) =>
      relay.publishCommitted(
        broken ? messages.map((m) => ({ ...m, payload: { id: 'Broken0001' } })) : messages,
      );
    try {
      const dry = await engine.createSwap.execute(createRequest({ dryrun: true }));
      broken = false;
      expect(relay.publishesDirectly).toBe(false);
      await engine.commands.advance(dry.id);

      await waitFor(async () => (await streamCount()) === 2 && relay.publishesDirectly);
      expect((await streamMessages()).map((m) => m.msgId)).toEqual([`swap:${dry.id}:1`, `swap:${dry.id}:2`]);
      // The second commit may have come after the pass found the outbox drained, and published
      // itself: the next pass marks it.
      relay.kick();
      await waitFor(async () => (await engine.outboxRows()).every((row) => row.published));
    } finally {
      await relay.stop();
    }
    expect(logger.entries.map((entry) => entry.message)).toContain(
      'publishing a commit failed; the outbox relay takes over',
    );
  });
});
