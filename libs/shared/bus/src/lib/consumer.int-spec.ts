import { encodeJson, versionHeaders } from './codec';
import {
  connectBus,
  recordingLogger,
  sleep,
  swapsStream,
  swapUpdated,
  useNatsBus,
  waitFor,
} from '../test/fixtures';

const updated = (swapId: string, amount: string) => ({ swapId, state: 'NEW' as const, amount });

describe('durable consumers', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger, streams: [swapsStream] });

  it('resumes where it left off after a restart', async () => {
    for (let i = 1; i <= 3; i++)
      await nats.bus.publish(swapUpdated, ['r'], updated('r', String(i)), { msgId: `r-${i}` });
    const seen: string[] = [];
    const options = {
      durable: 'restart',
      filter: 'swap.r.updated',
      handler: async (m: { amount: string }) => {
        seen.push(m.amount);
      },
    };
    const first = await nats.bus.consume(swapUpdated, options);
    await waitFor(() => seen.length === 3);
    await first.stop();

    for (let i = 4; i <= 5; i++)
      await nats.bus.publish(swapUpdated, ['r'], updated('r', String(i)), { msgId: `r-${i}` });
    // A second process (its own connection) takes over the same durable.
    const other = await connectBus(nats.url);
    const second = await other.consume(swapUpdated, options);
    await waitFor(() => seen.length === 5);
    await sleep(200);
    await second.stop();
    await other.close();
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
  });

  it('redelivers a message whose handler failed, with its delivery count', async () => {
    await nats.bus.publish(swapUpdated, ['e'], updated('e', '7'), { msgId: 'e-1' });
    const attempts: { deliveryCount: number; redelivered: boolean }[] = [];
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'errors',
      filter: 'swap.e.updated',
      retry: { initialMs: 50, maxMs: 200 },
      handler: async (_m, meta) => {
        attempts.push({ deliveryCount: meta.deliveryCount, redelivered: meta.redelivered });
        if (attempts.length < 3) throw new Error('transient');
      },
    });
    await waitFor(() => attempts.length === 3);
    await sleep(200);
    await handle.stop();
    expect(attempts).toEqual([
      { deliveryCount: 1, redelivered: false },
      { deliveryCount: 2, redelivered: true },
      { deliveryCount: 3, redelivered: true },
    ]);
  });

  it('logs a handler waiting for a dependency in one line without a stack, a fault with its stack', async () => {
    await nats.bus.publish(swapUpdated, ['w'], updated('w', '1'), { msgId: 'w-1' });
    const errors = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
        address: '127.0.0.1',
        port: 5432,
      }),
      new Error('a bug'),
    ];
    let calls = 0;
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'waiting',
      filter: 'swap.w.updated',
      retry: { initialMs: 50, maxMs: 200 },
      handler: async () => {
        const err = errors[calls++];
        if (err) throw err;
      },
    });
    await waitFor(() => calls === 3);
    await handle.stop();
    const lines = logger.entries.filter((e) => 'durable' in e.details && e.details.durable === 'waiting');
    expect(lines.map((e) => [e.level, e.message, 'err' in e.details])).toEqual([
      ['info', 'handler waiting; message will be redelivered', false],
      ['warn', 'handler failed; message will be redelivered', true],
    ]);
    expect(lines[0].details).toMatchObject({ reason: 'connection refused', dependency: '127.0.0.1:5432' });
  });

  it('terminates a poison message and goes on with the next one', async () => {
    await nats.bus.js.publish('swap.p.updated', 'not json', { msgID: 'p-1' });
    await nats.bus.js.publish('swap.p.updated', encodeJson({ swapId: 'p', state: 'NEW' }), { msgID: 'p-2' });
    await nats.bus.publish(swapUpdated, ['p'], updated('p', '9'), { msgId: 'p-3' });
    const seen: string[] = [];
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'poison',
      filter: 'swap.p.updated',
      maxAckPending: 1,
      ackWaitMs: 1000,
      handler: async (m) => {
        seen.push(m.amount);
      },
    });
    await waitFor(() => seen.length === 1);
    // Past ack_wait: a poison message that was merely left unacked would be back by now.
    await sleep(1300);
    await handle.stop();
    expect(seen).toEqual(['9']);
    const terminated = logger.entries.filter((e) => e.message === 'invalid message terminated');
    expect(terminated.map((e) => (e.details as { msgId: string }).msgId)).toEqual(['p-1', 'p-2']);
    const info = await (await nats.bus.manager()).consumers.info(swapsStream.name, 'poison');
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_pending).toBe(0);
  });

  it('returns a message from a newer contract version instead of handling it', async () => {
    await nats.bus.js.publish('swap.v.updated', encodeJson(updated('v', '1')), {
      msgID: 'v-1',
      headers: versionHeaders(2),
    });
    await nats.bus.publish(swapUpdated, ['v'], updated('v', '2'), { msgId: 'v-2' });
    const seen: string[] = [];
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'versions',
      filter: 'swap.v.updated',
      handler: async (m) => {
        seen.push(m.amount);
      },
    });
    await waitFor(() => seen.length === 1);
    await handle.stop();
    expect(seen).toEqual(['2']);
    const info = await (await nats.bus.manager()).consumers.info(swapsStream.name, 'versions');
    // Not terminated: it stays with the durable for an upgraded instance.
    expect(info.num_ack_pending + info.num_pending).toBe(1);
  });

  it('runs handlers concurrently up to the bound and drains them on stop', async () => {
    for (let i = 0; i < 8; i++)
      await nats.bus.publish(swapUpdated, ['c'], updated('c', String(i)), { msgId: `c-${i}` });
    let active = 0;
    let peak = 0;
    let done = 0;
    const handle = await nats.bus.consume(swapUpdated, {
      durable: 'concurrent',
      filter: 'swap.c.updated',
      concurrency: 3,
      handler: async () => {
        active++;
        peak = Math.max(peak, active);
        await sleep(50);
        active--;
        done++;
      },
    });
    await waitFor(() => done >= 2);
    await handle.stop();
    expect(active).toBe(0);
    expect(peak).toBe(3);

    // Whatever was not handled before stop() was handed back and is delivered again.
    const rest = await nats.bus.consume(swapUpdated, {
      durable: 'concurrent',
      filter: 'swap.c.updated',
      handler: async () => {
        done++;
      },
    });
    await waitFor(() => done === 8, 3000);
    await rest.stop();
  });
});
