import { SwapRepository } from '@swap/engine-data';
import {
  createRequest,
  EngineHarness,
  PAYMENT_WINDOW_SECONDS,
  recordingLogger,
  T0,
  useEngineHarness,
} from '../test/engine-harness';
import { ApplySwapEvent } from './apply-event';
import { ExpiryJob } from './expiry.job';
import { SwapCommands } from './swap-commands';
import { SwapMailbox } from './swap-mailbox';

describe('ExpiryJob.runOnce', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  const createAt = async (seconds: number, dryrun = false) => {
    engine.clock.set(seconds);
    return engine.createSwap.execute(createRequest({ dryrun }));
  };
  const status = async (id: string) => {
    const swap = await engine.swaps.find(id);
    return swap && [swap.status, swap.version];
  };
  const events = async () =>
    (await engine.outboxRows()).map((row) => [row.msg_id, row.payload.status, row.payload.version]);

  it('waits out the grace past the window, for a deposit report still on its way', async () => {
    const due = await createAt(T0);
    const quiet = await createAt(T0 + 20);
    const job = new ExpiryJob(engine.swaps, engine.commands, recordingLogger(), engine.clock.now, 30);

    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS + 29);
    expect(await job.runOnce()).toBe(0);
    // The watcher saw the deposit before the window ended; its report arrives now.
    await engine.record(due.id, {
      kind: 'DepositSeen',
      now: T0 + PAYMENT_WINDOW_SECONDS + 29,
      tx: 'f'.repeat(64),
      amount: 1n,
    });
    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS + 30);
    expect(await job.runOnce()).toBe(0);
    expect(await status(due.id)).toEqual(['PENDING', 2]);

    engine.clock.set(T0 + 20 + PAYMENT_WINDOW_SECONDS + 30);
    expect(await job.runOnce()).toBe(1);
    expect(await status(quiet.id)).toEqual(['EXPIRED', 2]);
  });

  it('expires NEW swaps whose window has passed, and only those', async () => {
    const due = await createAt(T0);
    const open = await createAt(T0 + 10);
    const moved = await createAt(T0 + 10);
    const dry = await createAt(T0 + 10, true);
    await engine.record(moved.id, {
      kind: 'DepositSeen',
      now: T0 + 20,
      tx: 'f'.repeat(64),
      amount: 1_000_000n,
    });
    const logger = recordingLogger();
    const job = new ExpiryJob(engine.swaps, engine.commands, logger, engine.clock.now);

    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS - 1);
    expect(await job.runOnce()).toBe(0);
    expect(await status(due.id)).toEqual(['NEW', 1]);

    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS);
    expect(await job.runOnce()).toBe(1);

    const expired = await engine.swaps.find(due.id);
    expect(expired).toEqual({
      ...due,
      status: 'EXPIRED',
      version: 2,
      time: { ...due.time, update: T0 + PAYMENT_WINDOW_SECONDS },
    });
    expect(await status(open.id)).toEqual(['NEW', 1]);
    expect(await status(moved.id)).toEqual(['PENDING', 2]);
    expect(await status(dry.id)).toEqual(['NEW', 1]);
    expect(await events()).toEqual([
      [`swap:${due.id}:1`, 'NEW', 1],
      [`swap:${open.id}:1`, 'NEW', 1],
      [`swap:${moved.id}:1`, 'NEW', 1],
      [`swap:${dry.id}:1`, 'NEW', 1],
      [`swap:${moved.id}:2`, 'PENDING', 2],
      [`swap:${due.id}:2`, 'EXPIRED', 2],
    ]);
    expect(logger.entries).toEqual([
      { level: 'info', details: { expired: 1 }, message: 'expired swaps without a deposit' },
    ]);
  });

  it('is safe to run again: nothing more expires and no event is repeated', async () => {
    const due = await createAt(T0);
    const logger = recordingLogger();
    const job = new ExpiryJob(engine.swaps, engine.commands, logger, engine.clock.now);
    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS + 5);

    expect(await job.runOnce()).toBe(1);
    expect(await job.runOnce()).toBe(0);
    expect(await job.runOnce()).toBe(0);

    expect(await status(due.id)).toEqual(['EXPIRED', 2]);
    expect(await events()).toEqual([
      [`swap:${due.id}:1`, 'NEW', 1],
      [`swap:${due.id}:2`, 'EXPIRED', 2],
    ]);
    expect(logger.entries).toHaveLength(1);
  });

  it('expires each swap once when two engine instances run at the same time', async () => {
    const due = [await createAt(T0), await createAt(T0), await createAt(T0)];
    const otherCommands = new SwapCommands(
      new ApplySwapEvent(engine.swaps, new SwapMailbox()),
      engine.market,
      engine.clock.now,
    );
    const jobs = [
      new ExpiryJob(engine.swaps, engine.commands, recordingLogger(), engine.clock.now),
      new ExpiryJob(engine.swaps, otherCommands, recordingLogger(), engine.clock.now),
    ];
    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS);

    const counts = await Promise.all(jobs.map((job) => job.runOnce()));

    expect(counts[0] + counts[1]).toBe(3);
    for (const swap of due) expect(await status(swap.id)).toEqual(['EXPIRED', 2]);
    const expiredEvents = (await events()).filter(([, state]) => state === 'EXPIRED');
    expect(expiredEvents.map(([msgId]) => msgId).sort()).toEqual(
      due.map((swap) => `swap:${swap.id}:2`).sort(),
    );
  });

  it('leaves a swap alone whose deposit arrives between the query and the command', async () => {
    const due = await createAt(T0);
    class DepositArrives extends SwapRepository {
      override async findExpiredIds(now: number, limit: number): Promise<string[]> {
        const ids = await super.findExpiredIds(now, limit);
        for (const id of ids) {
          await engine.record(id, { kind: 'DepositSeen', now, tx: 'c'.repeat(64), amount: 1_000_000n });
        }
        return ids;
      }
    }
    const logger = recordingLogger();
    const job = new ExpiryJob(
      new DepositArrives(engine.dataSource),
      engine.commands,
      logger,
      engine.clock.now,
    );
    engine.clock.set(T0 + PAYMENT_WINDOW_SECONDS);

    expect(await job.runOnce()).toBe(0);

    expect(await status(due.id)).toEqual(['PENDING', 2]);
    expect((await events()).map(([, state]) => state)).toEqual(['NEW', 'PENDING']);
    expect(logger.entries).toEqual([]);
  });
});
