import { quietLogger } from '@swap/domain/testing';
import { RepeatingTask } from './repeating-task';

describe('RepeatingTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('runs now, then every interval after each run ends', async () => {
    let runs = 0;
    const task = new RepeatingTask(
      'refresh',
      1_000,
      async () => void runs++,
      quietLogger({ error: jest.fn() }),
    );
    await task.start();
    expect(runs).toBe(1);
    jest.advanceTimersByTime(999);
    await settle();
    expect(runs).toBe(1);
    jest.advanceTimersByTime(1);
    await settle();
    expect(runs).toBe(2);
    task.stop();
    jest.advanceTimersByTime(10_000);
    await settle();
    expect(runs).toBe(2);
  });

  it('logs a failed run and keeps going', async () => {
    const error = jest.fn();
    let runs = 0;
    const task = new RepeatingTask(
      'refresh',
      100,
      async () => {
        runs++;
        if (runs === 1) throw new Error('bus down');
      },
      quietLogger({ error }),
    );
    await task.start();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'refresh' }),
      'refresh failed; trying again, less often while it keeps failing',
    );
    jest.advanceTimersByTime(100);
    await settle();
    expect(runs).toBe(2);
    task.stop();
  });

  it('stop waits for the run under way', async () => {
    let finish!: () => void;
    const task = new RepeatingTask(
      'slow',
      100,
      () => new Promise<void>((resolve) => (finish = resolve)),
      quietLogger({
        error: jest.fn(),
      }),
    );
    const started = task.start();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await Promise.all([started, stopping]);
    expect(stopped).toBe(true);
    jest.advanceTimersByTime(1_000); // and no run after it
  });

  it('waits quietly for a dependency (one line a streak, and when it is back); a fault gets its stack', async () => {
    const logger = quietLogger({ error: jest.fn(), warn: jest.fn(), info: jest.fn() });
    let now = 0;
    let failure: Error | null = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4222'), {
      code: 'ECONNREFUSED',
    });
    const task = new RepeatingTask(
      'follow',
      1_000,
      async () => {
        if (failure) throw failure;
      },
      logger,
      () => now,
    );
    const tick = async (ms: number) => {
      now += ms;
      jest.advanceTimersByTime(ms);
      await settle();
    };
    await task.start(); // fails at 0 s; then runs at 1, 3 and 7 s (the pause doubles)
    for (let i = 0; i < 7; i++) await tick(1_000);
    expect(jest.mocked(logger.info).mock.calls).toEqual([
      [
        { task: 'follow', dependency: undefined, reason: 'connection refused' },
        'follow: waiting for a dependency (connection refused)',
      ],
    ]);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();

    failure = null;
    await tick(8_000); // the next run, at 15 s, succeeds
    expect(logger.info).toHaveBeenLastCalledWith(
      { task: 'follow', waitedMs: 15_000, attempts: 4 },
      'follow: reachable again after 15 s',
    );

    failure = new Error('column "cursor" does not exist');
    await tick(1_000);
    expect(logger.error).toHaveBeenCalledWith(
      { task: 'follow', err: failure },
      'follow failed; trying again, less often while it keeps failing',
    );
    failure = null;
    await tick(1_000);
    expect(logger.info).toHaveBeenLastCalledWith({ task: 'follow' }, 'follow recovered');
    await task.stop();
  });

  it('backs off while it fails, up to the cap, and keeps the interval once it succeeds', async () => {
    const runs: number[] = [];
    let now = 0;
    let failing = true;
    const logger = quietLogger({ error: jest.fn(), warn: jest.fn(), info: jest.fn() });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9332'), { code: 'ECONNREFUSED' });
    const task = new RepeatingTask(
      'poll',
      1_000,
      async () => {
        runs.push(now);
        if (failing) throw refused;
      },
      logger,
      () => now,
      8_000,
    );
    await task.start();
    for (let i = 0; i < 40; i++) {
      now += 1_000;
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    expect(runs).toEqual([0, 1_000, 3_000, 7_000, 15_000, 23_000, 31_000, 39_000]);
    failing = false;
    for (let i = 0; i < 12; i++) {
      now += 1_000;
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    expect(runs.slice(8)).toEqual([47_000, 48_000, 49_000, 50_000, 51_000, 52_000]);
    await task.stop();
  });
});
