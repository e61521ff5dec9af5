import { RepeatingTask } from './repeating-task';

describe('RepeatingTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('runs now, then every interval after each run ends', async () => {
    let runs = 0;
    const task = new RepeatingTask('refresh', 1_000, async () => void runs++, { error: jest.fn() });
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
      { error },
    );
    await task.start();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'refresh' }),
      'refresh failed; retrying in 100 ms',
    );
    jest.advanceTimersByTime(100);
    await settle();
    expect(runs).toBe(2);
    task.stop();
  });

  it('stop waits for the run under way', async () => {
    let finish!: () => void;
    const task = new RepeatingTask('slow', 100, () => new Promise<void>((resolve) => (finish = resolve)), {
      error: jest.fn(),
    });
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

  it('warns in one line while a failing streak is young, then errors with the stack, and says when it recovers', async () => {
    const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() };
    let now = 0;
    let failing = true;
    const task = new RepeatingTask(
      'follow',
      1_000,
      async () => {
        if (failing) throw new Error('no responders');
      },
      logger,
      5_000,
      () => now,
    );
    const tick = async (ms: number) => {
      now += ms;
      jest.advanceTimersByTime(ms);
      await settle();
    };
    await task.start();
    await tick(1_000);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledWith(
      { task: 'follow', error: 'no responders' },
      'follow failed; retrying in 1000 ms',
    );
    expect(logger.error).not.toHaveBeenCalled();

    for (let i = 0; i < 4; i++) await tick(1_000); // the streak reaches 5 s
    expect(logger.warn).toHaveBeenCalledTimes(5);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0][0]).toMatchObject({ task: 'follow', err: expect.any(Error) });

    failing = false;
    await tick(1_000);
    expect(logger.info).toHaveBeenCalledWith({ task: 'follow' }, 'follow recovered');
    failing = true;
    await tick(1_000); // a new streak starts quiet again
    expect(logger.warn).toHaveBeenCalledTimes(6);
    expect(logger.error).toHaveBeenCalledTimes(1);
    await task.stop();
  });
});
