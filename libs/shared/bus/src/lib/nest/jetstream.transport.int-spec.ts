import { Injectable, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { SwapErrors } from '@swap/domain';
import type { z } from 'zod';
import { answerRpc } from '../rpc';
import {
  connectBus,
  pricesChanged,
  quoteRpc,
  recordingLogger,
  sleep,
  swapsStream,
  swapUpdated,
  useNatsBus,
  waitFor,
} from '../../test/fixtures';
import { BusContext } from './bus-context';
import { BusController } from './bus-controller';
import { OnEvent, OnGroupEvent, OnRequest, OnSignal } from './bus-routes';
import { JetStreamTransport, type ConsumerGroup } from './jetstream.transport';
import type { MessageMeta } from '../consumer';
import type { Bus } from '../bus';

type Updated = z.output<typeof swapUpdated.schema>;

/** What the handlers saw, shared with the test. */
@Injectable()
class Seen {
  events: { amount: string; seq: number; deliveries: number }[] = [];
  grouped: string[] = [];
  signals: string[] = [];
  failUntil = 0;
  away = false;
}

@BusController()
class TestController {
  constructor(private readonly seen: Seen) {}

  @OnEvent(swapUpdated, {
    durable: 'updates',
    filter: 'swap.a.updated',
    retry: { initialMs: 50, maxMs: 100 },
  })
  async updated(@Payload() swap: Updated, @Ctx() context: BusContext): Promise<void> {
    if (this.seen.away)
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    if (this.seen.events.length + 1 < this.seen.failUntil) {
      this.seen.events.push({ amount: 'failed', seq: context.seq, deliveries: context.meta.deliveryCount });
      throw new Error('transient');
    }
    this.seen.events.push({ amount: swap.amount, seq: context.seq, deliveries: context.meta.deliveryCount });
  }

  @OnGroupEvent(swapUpdated, 'partitions')
  async grouped(swap: Updated): Promise<void> {
    this.seen.grouped.push(swap.swapId);
  }

  @OnRequest(quoteRpc)
  quote(request: { from: string; amount: string }) {
    return answerRpc(async () => {
      if (request.from === 'XXX') throw SwapErrors.swapNotFound();
      if (request.from === 'BAD') throw new Error('bug');
      return { rate: `${request.from}:${request.amount}` };
    });
  }

  @OnSignal(pricesChanged)
  changed({ pair }: { pair: string }): void {
    this.seen.signals.push(pair);
  }
}

/** A group like the engine's partitions: it pulls with its own durable and calls the method. */
class TestGroup implements ConsumerGroup {
  stopped = false;
  private handle: { stop(): Promise<void> } | undefined;
  constructor(private readonly bus: () => Bus) {}
  async start(handler: (message: unknown, meta: MessageMeta) => Promise<void>): Promise<void> {
    this.handle = await this.bus().consume(swapUpdated, {
      durable: 'group',
      filter: 'swap.g.updated',
      handler,
    });
  }
  async stop(): Promise<void> {
    this.stopped = true;
    await this.handle?.stop();
  }
}

describe('JetStreamTransport: Nest controllers on the bus', () => {
  const logger = recordingLogger();
  const nats = useNatsBus({ logger, streams: [swapsStream] });
  const group = new TestGroup(() => nats.bus);
  let app: INestMicroservice;
  let seen: Seen;

  beforeAll(async () => {
    @Module({ controllers: [TestController], providers: [Seen] })
    class TestModule {}
    app = await NestFactory.createMicroservice(TestModule, {
      strategy: new JetStreamTransport(nats.bus, {
        streams: [swapsStream],
        queue: 'test',
        groups: { partitions: group },
      }),
      logger: false,
    });
    await app.listen();
    seen = app.get(Seen);
  });

  afterAll(async () => {
    await app.close();
  });

  it("consumes with the method's settings, and acks only after the method resolves", async () => {
    seen.failUntil = 3;
    await nats.bus.publish(swapUpdated, ['a'], { swapId: 'a', state: 'NEW', amount: '5' }, { msgId: 'a-1' });
    await waitFor(() => seen.events.some((e) => e.amount === '5'));
    expect(seen.events.map((e) => [e.amount, e.deliveries])).toEqual([
      ['failed', 1],
      ['failed', 2],
      ['5', 3],
    ]);
    await sleep(100);
    const info = await (await nats.bus.manager()).consumers.info(swapsStream.name, 'updates');
    expect(info.num_ack_pending).toBe(0);
    expect(info.config.filter_subject).toBe('swap.a.updated');
    // The original error reached the consumer: a fault is a warning with its message.
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'handler failed; message will be redelivered' }),
    );
  });

  it('passes a dependency away to the consumer as such: one info line, then redelivery', async () => {
    seen.events = [];
    seen.failUntil = 0;
    seen.away = true;
    const before = logger.entries.length;
    await nats.bus.publish(swapUpdated, ['a'], { swapId: 'a', state: 'NEW', amount: '6' }, { msgId: 'a-2' });
    await waitFor(() =>
      logger.entries
        .slice(before)
        .some((e) => e.message === 'handler waiting; message will be redelivered' && e.level === 'info'),
    );
    seen.away = false;
    await waitFor(() => seen.events.some((e) => e.amount === '6'));
  });

  it('hands the method to a consumer group the service runs itself', async () => {
    await nats.bus.publish(swapUpdated, ['g'], { swapId: 'g', state: 'NEW', amount: '1' }, { msgId: 'g-1' });
    await waitFor(() => seen.grouped.includes('g'));
  });

  it('answers requests, with refusals as results and faults as the internal error', async () => {
    const client = await connectBus(nats.url);
    try {
      await expect(
        client.request(quoteRpc, { from: 'BTC', amount: '7' }, { timeoutMs: 2000 }),
      ).resolves.toEqual({
        ok: true,
        data: { rate: 'BTC:7' },
      });
      const refused = await client.request(quoteRpc, { from: 'XXX', amount: '1' }, { timeoutMs: 2000 });
      expect(refused).toMatchObject({ ok: false, error: { code: 'SWAP_NOT_FOUND' } });
      const fault = await client.request(quoteRpc, { from: 'BAD', amount: '1' }, { timeoutMs: 2000 });
      expect(fault).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
      // An invalid request never reaches the method.
      await expect(
        client.request(quoteRpc, { from: 'TOOLONG', amount: '1' }, { timeoutMs: 2000 }),
      ).rejects.toThrow();
    } finally {
      await client.close();
    }
  });

  it('delivers signals', async () => {
    nats.bus.signal(pricesChanged, { pair: 'BTC/ETH' });
    await waitFor(() => seen.signals.includes('BTC/ETH'));
  });

  it('stops every subscription and group when the application closes', async () => {
    const other = await NestFactory.createMicroservice(
      (() => {
        @Module({ controllers: [TestController], providers: [Seen] })
        class Again {}
        return Again;
      })(),
      {
        strategy: new JetStreamTransport(nats.bus, {
          streams: [],
          queue: 'test',

          groups: { partitions: new TestGroup(() => nats.bus) },
        }),
        logger: false,
      },
    );
    await other.listen();
    const consumersBefore = nats.bus.consumers().length;
    await other.close();
    expect(nats.bus.consumers().length).toBe(consumersBefore - 2);
    await sleep(10);
  });
});
