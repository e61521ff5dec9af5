import { cachedReading } from './cached-reading';

describe('cachedReading', () => {
  it('reads once for the gauges of one scrape, and again once the answer is older than maxAgeMs', async () => {
    let now = 0;
    let reads = 0;
    const read = cachedReading(
      async () => ++reads,
      5_000,
      () => now,
    );
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    now = 4_999;
    expect(await read()).toBe(1);
    now = 5_000;
    expect(await read()).toBe(2);
    expect(reads).toBe(2);
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const read = cachedReading(
      async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      },
      60_000,
      () => 0,
    );
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    expect(await read()).toBe('ok');
  });
});
