import { quietLogger } from '@swap/domain/testing';
import { RepeatingTask } from './repeating-task';
import { stalledLoops } from './stalled-loops';

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

  it('leaves a run that never ends behind, says so in /readyz, and goes on with a new run', async () => {
    const error = jest.fn();
    let now = 0;
    let runs = 0;
    let hang = true;
    const task = new RepeatingTask(
      'ETH chain poll',
      1_000,
      () => {
        runs++;
        // The first run waits on a query that never answers.
        return hang ? new Promise<void>(() => undefined) : Promise.resolve();
      },
      quietLogger({ error }),
      () => now,
      undefined,
      60_000,
    );
    void task.start();
    const advance = async (ms: number) => {
      for (let t = 0; t < ms; t += 1_000) {
        now += 1_000;
        jest.advanceTimersByTime(1_000);
        await settle();
      }
    };
    await advance(59_000);
    expect(runs).toBe(1);
    expect(stalledLoops.now(now)).toEqual([]);
    await advance(2_000);
    expect(stalledLoops.now(now)).toEqual([
      { name: 'ETH chain poll', reason: 'ETH chain poll: one run has not ended for 61 s' },
    ]);
    hang = false;
    await advance(20_000);
    // Left behind at the watchdog's next look, a new run started and ended; the loop goes on.
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'ETH chain poll' }),
      expect.stringMatching(
        /^ETH chain poll made no progress for \d+ s \(a run that has not ended\); starting it again$/,
      ),
    );
    expect(runs).toBeGreaterThan(5);
    expect(stalledLoops.now(now)).toEqual([]);
    await task.stop();
  });

  it('names a restarted loop in /readyz until one of its runs ends', async () => {
    let now = 0;
    let hang = true;
    const task = new RepeatingTask(
      'refunds BTC',
      1_000,
      () => (hang ? new Promise<void>(() => undefined) : Promise.resolve()),
      quietLogger({ error: jest.fn() }),
      () => now,
      undefined,
      4_000,
    );
    void task.start();
    for (let i = 0; i < 6; i++) {
      now += 1_000;
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    // The second run hangs too: still named, as started again.
    expect(stalledLoops.now(now).map((s) => s.reason)).toEqual([
      expect.stringMatching(
        /^refunds BTC: a run made no progress for \d+ s and was left behind; started again/,
      ),
    ]);
    hang = false;
    for (let i = 0; i < 6; i++) {
      now += 1_000;
      jest.advanceTimersByTime(1_000);
      await settle();
    }
    expect(stalledLoops.now(now)).toEqual([]);
    // stop() waits for the loop's own run, never for the ones left behind.
    await task.stop();
  });
});
