import { createRequest, EngineHarness, recordingLogger, useEngineHarness } from '../test/engine-harness';
import { OutboxPruneJob } from './outbox-prune.job';

describe('OutboxPruneJob.runOnce', () => {
  const opened = useEngineHarness();
  let engine: EngineHarness;
  beforeEach(() => {
    engine = opened();
  });

  it('deletes published messages past the retention, in batches, and nothing else', async () => {
    // 1,203 published a week ago (more than one batch), one published now, one not yet published.
    await engine.dataSource.query(
      `INSERT INTO outbox (msg_id, subject, payload, published_at)
       SELECT 'old-' || n, 'swap.x.updated', '{}'::jsonb, now() - interval '8 days'
       FROM generate_series(1, 1203) AS n`,
    );
    const recent = await engine.createSwap.execute(createRequest());
    await engine.dataSource.query(`UPDATE outbox SET published_at = now() WHERE msg_id NOT LIKE 'old-%'`);
    const pending = await engine.createSwap.execute(createRequest());
    const logger = recordingLogger();

    const pruned = await new OutboxPruneJob(engine.outbox, 168, logger).runOnce();

    expect(pruned).toBe(1203);
    expect((await engine.outboxRows()).map((row) => [row.payload.id, row.published])).toEqual([
      [recent.id, true],
      [pending.id, false],
    ]);
    expect(logger.entries).toEqual([
      expect.objectContaining({ level: 'info', message: 'published outbox messages pruned' }),
    ]);
    expect(await new OutboxPruneJob(engine.outbox, 168, logger).runOnce()).toBe(0);
  });
});
