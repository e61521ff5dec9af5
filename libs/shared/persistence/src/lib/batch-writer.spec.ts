import { BatchWriter } from './batch-writer';

interface Item {
  key: string;
  value: number;
}

describe('BatchWriter', () => {
  let flushes: Array<() => void>;
  const flush = () => flushes.splice(0).forEach((f) => f());
  const schedule = (f: () => void) => flushes.push(f);
  const keyOf = (item: Item) => item.key;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  beforeEach(() => (flushes = []));

  it('writes the items of one turn with one call and answers each caller its own result', async () => {
    const run = jest.fn(async (items: Item[]) => items.map((item) => item.value * 10));
    const writer = new BatchWriter(run, { keyOf, schedule });
    const answers = Promise.all([writer.write({ key: 'a', value: 1 }), writer.write({ key: 'b', value: 2 })]);
    expect(flushes).toHaveLength(1);
    flush();
    await expect(answers).resolves.toEqual([10, 20]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('puts a second write of a key in a later batch, after the first is answered', async () => {
    const order: string[] = [];
    const run = jest.fn(async (items: Item[]) => {
      order.push(items.map((item) => `${item.key}${item.value}`).join(','));
      return items.map(() => 0);
    });
    const writer = new BatchWriter(run, { keyOf, schedule });
    const first = writer.write({ key: 'a', value: 1 });
    const second = writer.write({ key: 'a', value: 2 });
    const other = writer.write({ key: 'b', value: 1 });
    flush();
    await Promise.all([first, other]);
    await settle();
    expect(flushes).toHaveLength(1);
    flush();
    await second;
    expect(order).toEqual(['a1,b1', 'a2']);
  });

  it('writes a failed batch again item by item, so only the bad item fails', async () => {
    const run = jest.fn(async (items: Item[]) => {
      if (items.some((item) => item.value < 0)) throw new Error(`bad item in ${items.length}`);
      return items.map((item) => item.value);
    });
    const writer = new BatchWriter(run, { keyOf, schedule });
    const good = writer.write({ key: 'a', value: 1 });
    const bad = writer.write({ key: 'b', value: -1 });
    flush();
    await expect(good).resolves.toBe(1);
    await expect(bad).rejects.toThrow('bad item in 1');
    expect(run).toHaveBeenCalledTimes(3);
    // The failed key is free again.
    const again = writer.write({ key: 'b', value: 2 });
    flush();
    await expect(again).resolves.toBe(2);
  });

  it('splits a turn into batches of at most maxBatch items', async () => {
    const run = jest.fn(async (items: Item[]) => items.map((item) => item.value));
    const writer = new BatchWriter(run, { keyOf, schedule, maxBatch: 2 });
    const answers = Promise.all(['a', 'b', 'c'].map((key, value) => writer.write({ key, value })));
    flush();
    await expect(answers).resolves.toEqual([0, 1, 2]);
    expect(run.mock.calls.map(([items]) => items.length)).toEqual([2, 1]);
  });

  it('fails the callers when the batch answers a result count that does not match', async () => {
    const writer = new BatchWriter(async () => [], { keyOf, schedule });
    const answer = writer.write({ key: 'a', value: 1 });
    flush();
    await expect(answer).rejects.toThrow('a batch of 1 writes answered 0 results');
  });

  it('schedules on setImmediate by default', async () => {
    const writer = new BatchWriter(async (items: Item[]) => items.map((item) => item.value), { keyOf });
    await expect(writer.write({ key: 'x', value: 7 })).resolves.toBe(7);
  });
});
