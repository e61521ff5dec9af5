import { EngineDb, openEngineDb, outboxRows } from '../test/engine-db';
import { OutboxRepository, PendingOutboxMessage, UndeliverableMessageError } from './outbox.repository';
import { OutboxWriter } from './outbox.writer';

describe('OutboxRepository and OutboxWriter', () => {
  let engine: EngineDb;
  let outbox: OutboxRepository;
  const writer = new OutboxWriter();

  beforeAll(async () => {
    engine = await openEngineDb();
    outbox = new OutboxRepository(engine.dataSource);
  });
  afterAll(async () => {
    await engine?.close();
  });
  beforeEach(async () => {
    await engine.reset();
  });

  const write = (...msgIds: string[]) =>
    engine.dataSource.transaction(async (manager) => {
      for (const msgId of msgIds) {
        await writer.write(manager, {
          msgId,
          contract: 'swapUpdated',
          subject: `swap.${msgId}.updated`,
          payload: { msgId, n: 1 },
        });
      }
    });
  const collect = (into: PendingOutboxMessage[]) => async (message: PendingOutboxMessage) => {
    into.push(message);
  };

  it('keeps one row per message id', async () => {
    await write('m1', 'm2', 'm1');
    await write('m2');
    expect((await outboxRows(engine.dataSource)).map((row) => row.msg_id)).toEqual(['m1', 'm2']);
  });

  it('counts the pending messages and dates the oldest, for the metrics', async () => {
    expect(await outbox.pending()).toEqual({ count: 0, oldestAt: null });
    const before = Date.now();
    await write('m1', 'm2', 'm3');
    await outbox.relayBatch(1, async () => undefined);
    const { count, oldestAt } = await outbox.pending();
    expect(count).toBe(2);
    expect(oldestAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('hands out pending messages in order, in batches, and marks them published', async () => {
    await write('m1', 'm2', 'm3');
    const seen: PendingOutboxMessage[] = [];

    expect(await outbox.relayBatch(2, collect(seen))).toBe(2);
    expect(await outbox.relayBatch(2, collect(seen))).toBe(1);
    expect(await outbox.relayBatch(2, collect(seen))).toBe(0);

    expect(seen).toEqual([
      {
        id: '1',
        msgId: 'm1',
        contract: 'swapUpdated',
        subject: 'swap.m1.updated',
        payload: { msgId: 'm1', n: 1 },
      },
      {
        id: '2',
        msgId: 'm2',
        contract: 'swapUpdated',
        subject: 'swap.m2.updated',
        payload: { msgId: 'm2', n: 1 },
      },
      {
        id: '3',
        msgId: 'm3',
        contract: 'swapUpdated',
        subject: 'swap.m3.updated',
        payload: { msgId: 'm3', n: 1 },
      },
    ]);
    expect((await outboxRows(engine.dataSource)).every((row) => row.published)).toBe(true);
  });

  it('hands out a row written before rows named their contract with none', async () => {
    await engine.dataSource.query(
      `INSERT INTO outbox (msg_id, subject, payload) VALUES ('old', 'swap.old.updated', '{"n":1}')`,
    );
    const seen: PendingOutboxMessage[] = [];
    expect(await outbox.relayBatch(10, collect(seen))).toBe(1);
    expect(seen).toEqual([
      { id: '1', msgId: 'old', contract: null, subject: 'swap.old.updated', payload: { n: 1 } },
    ]);
  });

  it('keeps what was published before a failure marked, and the rest pending', async () => {
    await write('m1', 'm2', 'm3');
    const attempts: string[] = [];
    const failing = outbox.relayBatch(10, async (message) => {
      attempts.push(message.msgId);
      if (message.msgId === 'm2') throw new Error('bus down');
    });
    await expect(failing).rejects.toThrow('bus down');

    expect(attempts).toEqual(['m1', 'm2']);
    expect((await outboxRows(engine.dataSource)).map((row) => row.published)).toEqual([true, false, false]);
    // The next pass starts where the failure was; m1 is not sent again.
    const seen: PendingOutboxMessage[] = [];
    expect(await outbox.relayBatch(10, collect(seen))).toBe(2);
    expect(seen.map((message) => message.msgId)).toEqual(['m2', 'm3']);
  });

  it('publishes different lanes at once and each lane in order, never past its failure', async () => {
    await write('a1', 'b1', 'a2', 'b2', 'a3');
    const started: string[] = [];
    const finished: string[] = [];
    const failing = outbox.relayBatch(
      10,
      async (message) => {
        started.push(message.msgId);
        await new Promise((resolve) => setTimeout(resolve, message.msgId === 'a1' ? 30 : 1));
        if (message.msgId === 'b2') throw new Error('bus down');
        finished.push(message.msgId);
      },
      (message) => message.msgId[0],
    );
    await expect(failing).rejects.toThrow('bus down');

    // b1 went out while a1 was still under way; a3 waited for a2, which b2's failure stopped.
    expect(started.slice(0, 2)).toEqual(['a1', 'b1']);
    expect(finished).toEqual(['b1', 'a1']);
    expect((await outboxRows(engine.dataSource)).map((row) => [row.msg_id, row.published])).toEqual([
      ['a1', true],
      ['b1', true],
      ['a2', false],
      ['b2', false],
      ['a3', false],
    ]);
  });

  it('sets an undeliverable message aside with its error and goes on with the rest', async () => {
    await write('m1', 'bad', 'm3');
    const seen: PendingOutboxMessage[] = [];
    const handled = await outbox.relayBatch(10, async (message) => {
      if (message.msgId === 'bad') throw new UndeliverableMessageError('payload breaks swap.updated v1');
      seen.push(message);
    });

    expect(handled).toBe(3);
    expect(seen.map((message) => message.msgId)).toEqual(['m1', 'm3']);
    const rows: Array<{
      msg_id: string;
      published_at: Date | null;
      failed_at: Date | null;
      last_error: string | null;
    }> = await engine.dataSource.query(
      'SELECT msg_id, published_at, failed_at, last_error FROM outbox ORDER BY id',
    );
    expect(
      rows.map((row) => [row.msg_id, row.published_at !== null, row.failed_at !== null, row.last_error]),
    ).toEqual([
      ['m1', true, false, null],
      ['bad', false, true, 'payload breaks swap.updated v1'],
      ['m3', true, false, null],
    ]);
    // Never handed out again.
    expect(await outbox.relayBatch(10, collect([]))).toBe(0);
  });

  it('never hands the same row to two relays at once', async () => {
    await write('m1', 'm2', 'm3');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstHasRows!: () => void;
    const firstLocked = new Promise<void>((resolve) => (firstHasRows = resolve));
    const first: string[] = [];

    // The first relay takes two rows and holds their locks while "publishing".
    const slow = outbox.relayBatch(2, async (message) => {
      first.push(message.msgId);
      firstHasRows();
      await held;
    });
    await firstLocked;
    // The second skips the locked rows instead of waiting for them or publishing them too.
    const other: PendingOutboxMessage[] = [];
    try {
      expect(await outbox.relayBatch(10, collect(other))).toBe(1);
    } finally {
      release();
    }
    expect(await slow).toBe(2);

    expect(first).toEqual(['m1', 'm2']);
    expect(other.map((message) => message.msgId)).toEqual(['m3']);
    expect((await outboxRows(engine.dataSource)).every((row) => row.published)).toBe(true);
  });

  it('prunes published messages older than the cutoff, oldest first, and keeps the rest', async () => {
    await write('old1', 'old2', 'old3', 'recent', 'pending', 'undeliverable');
    await outbox.relayBatch(10, async (message) => {
      if (message.msgId === 'pending') return false;
      if (message.msgId === 'undeliverable') throw new UndeliverableMessageError('breaks its contract');
    });
    await engine.dataSource.query(
      `UPDATE outbox SET published_at = now() - interval '2 days' WHERE msg_id LIKE 'old%'`,
    );
    const cutoff = new Date(Date.now() - 86_400_000);

    expect(await outbox.prunePublished(cutoff, 2)).toBe(2);
    expect(await outbox.prunePublished(cutoff, 2)).toBe(1);
    expect(await outbox.prunePublished(cutoff, 2)).toBe(0);

    expect((await outboxRows(engine.dataSource)).map((row) => row.msg_id)).toEqual([
      'recent',
      'pending',
      'undeliverable',
    ]);
  });
});
