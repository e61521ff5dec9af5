import fc from 'fast-check';
import { Backoff } from './backoff';

const schedule = (backoff: Backoff, retries: number) =>
  Array.from({ length: retries }, (_, retry) => backoff.delay(retry));

describe('Backoff', () => {
  it.each([
    [
      'the bus redelivery default',
      { firstMs: 1_000, maxMs: 60_000 },
      [1e3, 2e3, 4e3, 8e3, 16e3, 32e3, 60e3, 60e3],
    ],
    ["the gateway's engine calls", { firstMs: 100, maxMs: 1_000 }, [100, 200, 400, 800, 1_000, 1_000]],
    ['idempotency-key polls', { firstMs: 10, maxMs: 200 }, [10, 20, 40, 80, 160, 200, 200]],
    ['no cap', { firstMs: 200 }, [200, 400, 800, 1_600, 3_200]],
    ['another factor', { firstMs: 1, factor: 3, maxMs: 50 }, [1, 3, 9, 27, 50]],
    ['a cap below the first delay', { firstMs: 500, maxMs: 300 }, [300, 300]],
    ['a zero first delay', { firstMs: 0, maxMs: 10 }, [0, 0, 0]],
  ])('%s', (_name, options, expected) => {
    expect(schedule(new Backoff(options), expected.length)).toEqual(expected);
  });

  it('adds whole milliseconds of jitter from the random source, after the cap', () => {
    const draws = [0, 0.5, 0.999];
    const backoff = new Backoff({
      firstMs: 200,
      maxMs: 400,
      jitterMs: 200,
      random: () => draws.shift() ?? 0,
    });
    expect(schedule(backoff, 3)).toEqual([200, 500, 599]);
  });

  it('draws nothing without jitter', () => {
    const random = jest.fn(() => 0.5);
    expect(schedule(new Backoff({ firstMs: 10, random }), 3)).toEqual([10, 20, 40]);
    expect(random).not.toHaveBeenCalled();
  });

  it('stays at the cap however many retries, and starts from the first delay below zero', () => {
    const backoff = new Backoff({ firstMs: 1_000, maxMs: 30_000 });
    expect(backoff.delay(5_000)).toBe(30_000);
    expect(backoff.delay(Number.MAX_SAFE_INTEGER)).toBe(30_000);
    expect(backoff.delay(-1)).toBe(1_000);
  });

  it('never shrinks from one retry to the next, never passes the cap, and jitters within jitterMs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (firstMs, factor, maxMs, retry, draw) => {
          const backoff = new Backoff({ firstMs, factor, maxMs });
          const here = backoff.delay(retry);
          expect(backoff.delay(retry + 1)).toBeGreaterThanOrEqual(here);
          expect(here).toBeLessThanOrEqual(maxMs);
          const jittered = new Backoff({ firstMs, factor, maxMs, jitterMs: 50, random: () => draw });
          const jitter = jittered.delay(retry) - here;
          expect(Number.isInteger(jitter) && jitter >= 0 && jitter < 50).toBe(true);
        },
      ),
    );
  });

  it.each([
    ['a negative first delay', { firstMs: -1 }],
    ['a shrinking factor', { firstMs: 1, factor: 0.5 }],
    ['a negative cap', { firstMs: 1, maxMs: -1 }],
    ['a negative jitter', { firstMs: 1, jitterMs: -1 }],
    ['a first delay that is no number', { firstMs: Number.NaN }],
  ])('refuses %s', (_name, options) => {
    expect(() => new Backoff(options)).toThrow(RangeError);
  });
});
