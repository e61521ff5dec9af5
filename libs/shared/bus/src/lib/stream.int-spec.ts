import { Bus } from './bus';
import { BusContractError } from './errors';
import {
  connectBus,
  type NatsServerHandle,
  startNatsServer,
  swapsStream,
  swapUpdated,
  waitFor,
} from '../test/fixtures';

describe('streams and publishing', () => {
  let server: NatsServerHandle;
  let bus: Bus;

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await connectBus(server.url);
  });
  afterAll(async () => {
    await bus.close();
    await server.stop();
  });

  it('ensures a stream idempotently, sequentially and concurrently', async () => {
    await bus.ensureStream(swapsStream);
    await bus.ensureStream(swapsStream);
    const others = await Promise.all([
      connectBus(server.url),
      connectBus(server.url),
      connectBus(server.url),
    ]);
    await Promise.all(others.map((other) => other.ensureStream(swapsStream)));
    await Promise.all(others.map((other) => other.close()));

    const info = await (await bus.manager()).streams.info(swapsStream.name);
    expect(info.config.subjects).toEqual(['swap.>']);
    expect(info.config.max_age).toBe(3600 * 1e9);
    expect(info.config.duplicate_window).toBe(120 * 1e9);
    expect(info.config.storage).toBe('file');
  });

  it('brings an existing stream up to a changed contract', async () => {
    await bus.ensureStream({ ...swapsStream, name: 'CHANGING', subjects: ['changing.>'] });
    await bus.ensureStream({
      ...swapsStream,
      name: 'CHANGING',
      subjects: ['changing.>'],
      maxAgeSeconds: 7200,
    });
    const info = await (await bus.manager()).streams.info('CHANGING');
    expect(info.config.max_age).toBe(7200 * 1e9);
  });

  it('refuses an invalid message and publishes nothing', async () => {
    await bus.ensureStream(swapsStream);
    const before = (await (await bus.manager()).streams.info(swapsStream.name)).state.messages;
    const bad = { swapId: 's1', state: 'LOST', amount: '1' } as unknown as {
      swapId: string;
      state: 'NEW';
      amount: string;
    };
    const attempt = bus.publish(swapUpdated, ['s1'], bad, { msgId: 'bad-1' });
    await expect(attempt).rejects.toThrow(BusContractError);
    await expect(attempt).rejects.toThrow(/swap\.updated: state: /);
    const after = (await (await bus.manager()).streams.info(swapsStream.name)).state.messages;
    expect(after).toBe(before);
  });

  it('drops a repeated msgId so the message is consumed once', async () => {
    await bus.ensureStream(swapsStream);
    const message = { swapId: 'dup', state: 'NEW' as const, amount: '100' };
    const first = await bus.publish(swapUpdated, ['dup'], message, { msgId: 'outbox-1' });
    const second = await bus.publish(swapUpdated, ['dup'], message, { msgId: 'outbox-1' });
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ seq: first.seq, duplicate: true });

    const seen: string[] = [];
    const handle = await bus.consume(swapUpdated, {
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
});
