import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Bus } from './bus';
import { busReady } from './bus-ready';
import { BusModule } from './bus.module';
import {
  type NatsServerHandle,
  quoteRpc,
  recordingLogger,
  startNatsServer,
  swapsStream,
  swapUpdated,
} from '../test/fixtures';

@Injectable()
class UsesBus {
  constructor(readonly bus: Bus) {}
}

describe('BusModule', () => {
  let server: NatsServerHandle;

  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('provides one connected Bus everywhere and drains it on shutdown', async () => {
    @Module({ providers: [UsesBus] })
    class FeatureModule {}

    @Module({
      imports: [
        BusModule.forRootAsync({
          useFactory: async () => ({
            url: server.url,
            name: 'module-test',
            identity: 'gateway',
            logger: recordingLogger(),
          }),
        }),
        FeatureModule,
      ],
    })
    class AppModule {}

    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const bus = app.get(Bus);
    expect(app.get(UsesBus).bus).toBe(bus);
    await expect(busReady(bus)).resolves.toBe(true);

    await app.close();
    expect(bus.connection.isClosed()).toBe(true);
    await expect(busReady(bus)).resolves.toBe(false);
  });

  it('is not ready while the server is gone, and still closes promptly', async () => {
    const other = await startNatsServer();
    const lonely = await Bus.connect({ url: other.url, name: 'lonely', logger: recordingLogger() });
    await lonely.ensureStream(swapsStream);
    await lonely.consume(swapUpdated, { durable: 'lonely', handler: async () => undefined });
    await lonely.serve(quoteRpc, async () => ({ ok: true as const, data: { rate: '1' } }), { queue: 'q' });
    await other.stop();
    // The connection keeps trying to reconnect (it is not closed), but nothing answers.
    expect(lonely.connection.isClosed()).toBe(false);
    await expect(busReady(lonely, 300)).resolves.toBe(false);
    const started = Date.now();
    await lonely.close(500);
    expect(lonely.connection.isClosed()).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
