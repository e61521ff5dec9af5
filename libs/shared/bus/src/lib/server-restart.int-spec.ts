import { rpcOk } from './rpc';
import { busReady } from './bus-ready';
import type { Bus } from './bus';
import {
  connectBus,
  prices,
  quoteRpc,
  recordingLogger,
  startNatsServer,
  swapsStream,
  swapUpdated,
  waitFor,
  type NatsServerHandle,
} from '../test/fixtures';

const updated = (swapId: string, amount: string) => ({ swapId, state: 'NEW' as const, amount });
/** nats.js waits a second between reconnect attempts; give it several. */
const BACK_MS = 15_000;

/** nats-server stopped and started again on its port with its store, under a live connection. */
describe('a nats-server restart', () => {
  let server: NatsServerHandle;
  let bus: Bus;
  let publisher: Bus;
  const logger = recordingLogger();

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await connectBus(server.url, logger);
    publisher = await connectBus(server.url);
    await bus.ensureStream(swapsStream);
  });
  afterAll(async () => {
    await bus?.close();
    await publisher?.close();
    await server?.stop();
  });

  async function restart(downMs = 1500): Promise<void> {
    await server.halt();
    await waitFor(() => !bus.connected);
    // Readiness says so while the server is away, without waiting for a request to time out.
    const asked = Date.now();
    await expect(busReady(bus)).resolves.toBe(false);
    expect(Date.now() - asked).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await server.resume();
  }

  it('keeps every kind of subscription working, and readiness follows the connection', async () => {
    const consumed: string[] = [];
    const consumer = await bus.consume(swapUpdated, {
      durable: 'restart-consumer',
      filter: 'swap.c.updated',
      handler: async (m) => void consumed.push(m.amount),
    });
    const watched = new Map<string, string>();
    const store = await bus.kv(prices);
    const watch = await store.watch((key, value) => value && watched.set(key, value.price));
    await watch.ready;
    await bus.serve(quoteRpc, async () => rpcOk({ rate: '2' }), { queue: 'quotes' });

    await publisher.publish(swapUpdated, ['c'], updated('c', '1'), { msgId: 'c-1' });
    await (await publisher.kv(prices)).put('BTC', { price: '1' });
    await waitFor(() => consumed.length === 1 && watched.get('BTC') === '1');

    for (let round = 2; round <= 3; round++) {
      await restart();
      await waitFor(() => !bus.connection.isClosed(), BACK_MS);
      await expectEventually(() => busReady(bus), BACK_MS);
      await expectEventually(async () => {
        const reply = await publisher.request(quoteRpc, { from: 'BTC', amount: '1' }, { timeoutMs: 500 });
        return reply.ok;
      }, BACK_MS);
      await publisher.publish(swapUpdated, ['c'], updated('c', String(round)), { msgId: `c-${round}` });
      await (await publisher.kv(prices)).put('BTC', { price: String(round) });
      await waitFor(() => consumed.length === round && watched.get('BTC') === String(round), BACK_MS);
    }
    expect(consumed).toEqual(['1', '2', '3']);
    watch.stop();
    await consumer.stop();
  }, 90_000);
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('never held');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
