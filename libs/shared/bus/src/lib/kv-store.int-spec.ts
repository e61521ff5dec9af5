import { defineKv } from '@swap/contracts';
import { z } from 'zod';
import { BusContractError } from './errors';
import { connectBus, nonces, prices, sleep, useNatsBus, waitFor } from '../test/fixtures';

describe('kv', () => {
  const nats = useNatsBus();

  it('gets, puts, lists and deletes typed values', async () => {
    const store = await nats.bus.kv(prices);
    await store.put('BTC-ETH', { price: '31.5' });
    await store.put('BTC-LTC', { price: '900' });
    await expect(store.get('BTC-ETH')).resolves.toEqual({ price: '31.5' });
    await expect(store.get('missing')).resolves.toBeNull();
    await expect(store.put('BTC-XMR', { price: 1 } as unknown as { price: string })).rejects.toThrow(
      BusContractError,
    );
    await store.delete('BTC-LTC');
    await expect(store.get('BTC-LTC')).resolves.toBeNull();
    await expect(store.keys()).resolves.toEqual(['BTC-ETH']);
  });

  it('opens the same store once per contract, concurrently too', async () => {
    const [a, b] = await Promise.all([nats.bus.kv(nonces), nats.bus.kv(nonces)]);
    expect(a).toBe(b);
    const other = await connectBus(nats.url);
    await Promise.all([other.kv(nonces), nats.bus.kv(nonces)]);
    await other.close();
  });

  it('creates a key atomically: of two concurrent creates exactly one wins', async () => {
    const a = await nats.bus.kv(nonces);
    const other = await connectBus(nats.url);
    const b = await other.kv(nonces);
    for (let i = 0; i < 20; i++) {
      const results = await Promise.all([a.create(`n${i}`, { at: 1 }), b.create(`n${i}`, { at: 2 })]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    await expect(a.create('n0', { at: 3 })).resolves.toBe(false);
    // A deleted key is free again.
    await a.delete('n0');
    await expect(a.create('n0', { at: 4 })).resolves.toBe(true);
    await other.close();
  });

  it('applies the bucket TTL and updates it when the contract changes', async () => {
    const shortLived = defineKv({
      bucket: 'short',
      ttlSeconds: 1,
      history: 1,
      schema: z.object({ at: z.number() }),
    });
    const store = await nats.bus.kv(shortLived);
    const info = await (await nats.bus.manager()).streams.info('KV_short');
    expect(info.config.max_age).toBe(1e9);
    expect(info.config.max_msgs_per_subject).toBe(1);

    await expect(store.create('once', { at: 1 })).resolves.toBe(true);
    await expect(store.create('once', { at: 2 })).resolves.toBe(false);
    await sleep(1500);
    await expect(store.get('once')).resolves.toBeNull();
    await expect(store.create('once', { at: 3 })).resolves.toBe(true);

    await nats.bus.kv({ ...shortLived, ttlSeconds: 5, history: 3 });
    const changed = await (await nats.bus.manager()).streams.info('KV_short');
    expect(changed.config.max_age).toBe(5e9);
    expect(changed.config.max_msgs_per_subject).toBe(3);
  });

  it('watches: current values first, then every change', async () => {
    const watched = defineKv({
      bucket: 'watched',
      ttlSeconds: 0,
      history: 1,
      schema: z.object({ price: z.string() }),
    });
    const store = await nats.bus.kv(watched);
    await store.put('a', { price: '1' });
    await store.put('b', { price: '2' });
    await store.put('a', { price: '3' });

    const cache = new Map<string, string>();
    const watch = await store.watch((key, value) => {
      if (value) cache.set(key, value.price);
      else cache.delete(key);
    });
    await watch.ready;
    expect(Object.fromEntries(cache)).toEqual({ a: '3', b: '2' });

    await store.put('c', { price: '4' });
    await store.delete('b');
    await waitFor(() => cache.get('c') === '4' && !cache.has('b'));
    watch.stop();
  });

  it('is ready at once when watching an empty bucket', async () => {
    const empty = defineKv({
      bucket: 'empty',
      ttlSeconds: 0,
      history: 1,
      schema: z.object({ price: z.string() }),
    });
    const store = await nats.bus.kv(empty);
    const seen: string[] = [];
    const watch = await store.watch((key) => seen.push(key));
    await watch.ready;
    await store.put('x', { price: '1' });
    await waitFor(() => seen.length === 1);
    watch.stop();
  });
});
