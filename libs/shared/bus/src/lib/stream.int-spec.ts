import { defineEvent } from '@swap/contracts';
import { BusContractError } from './errors';
import { connectBus, swapsStream, swapUpdated, useNatsBus, waitFor } from '../test/fixtures';

describe('streams and publishing', () => {
  const nats = useNatsBus();

  it('ensures a stream idempotently, sequentially and concurrently', async () => {
    await nats.bus.ensureStream(swapsStream);
    await nats.bus.ensureStream(swapsStream);
    const others = await Promise.all([connectBus(nats.url), connectBus(nats.url), connectBus(nats.url)]);
    await Promise.all(others.map((other) => other.ensureStream(swapsStream)));
    await Promise.all(others.map((other) => other.close()));

    const info = await (await nats.bus.manager()).streams.info(swapsStream.name);
    expect(info.config.subjects).toEqual(['swap.>']);
    expect(info.config.max_age).toBe(3600 * 1e9);
    expect(info.config.duplicate_window).toBe(120 * 1e9);
    expect(info.config.storage).toBe('file');
  });

  it('brings an existing stream up to a changed contract', async () => {
    await nats.bus.ensureStream({ ...swapsStream, name: 'CHANGING', subjects: ['changing.>'] });
    await nats.bus.ensureStream({
      ...swapsStream,
      name: 'CHANGING',
      subjects: ['changing.>'],
      maxAgeSeconds: 7200,
    });
    const info = await (await nats.bus.manager()).streams.info('CHANGING');
    expect(info.config.max_age).toBe(7200 * 1e9);
  });

  it('refuses an invalid message and publishes nothing', async () => {
    await nats.bus.ensureStream(swapsStream);
    const before = (await (await nats.bus.manager()).streams.info(swapsStream.name)).state.messages;
    const bad = { swapId: 's1', state: 'LOST', amount: '1' } as unknown as {
      swapId: string;
      state: 'NEW';
      amount: string;
    };
    const attempt = nats.bus.publish(swapUpdated, ['s1'], bad, { msgId: 'bad-1' });
    await expect(attempt).rejects.toThrow(BusContractError);
    await expect(attempt).rejects.toThrow(/swap\.updated: state: /);
    const after = (await (await nats.bus.manager()).streams.info(swapsStream.name)).state.messages;
    expect(after).toBe(before);
  });

  it('drops a repeated msgId so the message is consumed once', async () => {
    await nats.bus.ensureStream(swapsStream);
    const message = { swapId: 'dup', state: 'NEW' as const, amount: '100' };
    const first = await nats.bus.publish(swapUpdated, ['dup'], message, { msgId: 'outbox-1' });
    const second = await nats.bus.publish(swapUpdated, ['dup'], message, { msgId: 'outbox-1' });
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ seq: first.seq, duplicate: true });

    const seen: string[] = [];
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'dedupe',
      filter: 'swap.dup.updated',
      handler: async (_m, meta) => {
        seen.push(meta.msgId ?? '');
      },
    });
    await waitFor(() => seen.length >= 1);
    // Give a second copy, if there were one, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await handle.stop();
    expect(seen).toEqual(['outbox-1']);
  });

  describe('batched publishing (publishBatched)', () => {
    const message = (amount: string) => ({ swapId: 'batched', state: 'NEW' as const, amount });

    it('answers as publish() does: stored, then a repeated msgId as a duplicate from any connection', async () => {
      await nats.bus.ensureStream(swapsStream);
      const other = await connectBus(nats.url);
      const [a, b] = await Promise.all([
        nats.bus.publishBatched(swapUpdated, ['batched'], message('1'), { msgId: 'batched-1' }),
        nats.bus.publishBatched(swapUpdated, ['batched'], message('2'), { msgId: 'batched-2' }),
      ]);
      const again = await other.publishBatched(swapUpdated, ['batched'], message('1'), {
        msgId: 'batched-1',
      });
      await other.close();
      expect([a.duplicate, b.duplicate, again.duplicate]).toEqual([false, false, true]);
      expect(again.seq).toBe(a.seq);
      expect(await nats.bus.publish(swapUpdated, ['batched'], message('2'), { msgId: 'batched-2' })).toEqual({
        seq: b.seq,
        duplicate: true,
      });
      const stored = await (await nats.bus.manager()).streams.getMessage(swapsStream.name, { seq: a.seq });
      expect(stored?.subject).toBe('swap.batched.updated');
      expect(stored?.json()).toEqual(message('1'));
      expect(stored?.header.get('Swap-Contract-Version')).toBe('1');
    });

    it('refuses an invalid message before sending it', async () => {
      const bad = { swapId: 'batched', state: 'LOST', amount: '1' } as unknown as ReturnType<typeof message>;
      await expect(
        nats.bus.publishBatched(swapUpdated, ['batched'], bad, { msgId: 'batched-bad' }),
      ).rejects.toThrow(BusContractError);
    });

    it('fails when no stream takes the subject', async () => {
      const noStream = defineEvent({ ...swapUpdated, subject: () => 'nowhere.to.go' });
      await expect(
        nats.bus.publishBatched(noStream, [], message('1'), { msgId: 'nowhere-1' }),
      ).rejects.toMatchObject({ name: 'BusUnavailableError', reason: 'no-responders' });
    });
  });
});
