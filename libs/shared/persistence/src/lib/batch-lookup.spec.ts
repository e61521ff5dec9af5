import { BatchLookup } from './batch-lookup';

describe('BatchLookup', () => {
  let flushes: Array<() => void>;
  const flush = () => flushes.splice(0).forEach((f) => f());
  beforeEach(() => (flushes = []));

  it('answers the lookups of one turn with one fetch of the distinct keys', async () => {
    const fetch = jest.fn(
      async (keys: string[]) => new Map(keys.filter((k) => k !== 'b').map((k) => [k, k.toUpperCase()])),
    );
    const lookup = new BatchLookup(fetch, { schedule: (f) => flushes.push(f) });
    const answers = Promise.all([lookup.load('a'), lookup.load('b'), lookup.load('a')]);
    expect(flushes).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
    flush();
    await expect(answers).resolves.toEqual(['A', null, 'A']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(['a', 'b']);
  });

  it('fetches again for lookups made after a fetch started (no result is kept)', async () => {
    let value = 1;
    const lookup = new BatchLookup(async (keys: string[]) => new Map(keys.map((k) => [k, value])), {
      schedule: (f) => flushes.push(f),
    });
    const first = lookup.load('a');
    flush();
    await expect(first).resolves.toBe(1);
    value = 2;
    const second = lookup.load('a');
    flush();
    await expect(second).resolves.toBe(2);
  });

  it('splits large batches and fails only the lookups of a failed fetch', async () => {
    const fetch = jest.fn(async (keys: string[]) => {
      if (keys.includes('c')) throw new Error('db down');
      return new Map(keys.map((k) => [k, k]));
    });
    const lookup = new BatchLookup(fetch, { maxBatch: 2, schedule: (f) => flushes.push(f) });
    const [a, b, c] = ['a', 'b', 'c'].map((k) => lookup.load(k));
    flush();
    expect(fetch.mock.calls).toEqual([[['a', 'b']], [['c']]]);
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
    await expect(c).rejects.toThrow('db down');
  });

  it('schedules on setImmediate by default', async () => {
    const lookup = new BatchLookup(async (keys: string[]) => new Map(keys.map((k) => [k, 1])));
    await expect(lookup.load('x')).resolves.toBe(1);
  });
});
