import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { Bus, JetStreamTransport } from '@swap/bus';
import { DEVNET_MIGRATIONS, DEVNET_SCHEMA, DevnetRepository } from '@swap/devnet-data';
import { CURRENCY_CODES, NETWORKS, type CurrencyCode, type Network } from '@swap/domain';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, startNatsServer, type NatsServerHandle, type TestDatabase } from '@swap/testing';
import { quietLogger } from '@swap/domain/testing';
import { Devnet } from '../lib/devnet';
import { DEFAULT_FUNDING } from '../lib/devnet-params';
import { DevnetRpcController } from '../lib/devnet-rpc.controller';
import { key, testUnixSeconds, units } from './chain-fixtures';

const quiet = quietLogger();

/** Hot wallets of the test phrase: index 0 of every network. */
export const HOT_WALLETS = Object.fromEntries(NETWORKS.map((n) => [n, key(n, 0).address])) as Record<
  Network,
  string
>;
const FUNDING = Object.fromEntries(CURRENCY_CODES.map((c) => [c, units(c, DEFAULT_FUNDING[c])])) as Record<
  CurrencyCode,
  bigint
>;

/**
 * The devnet service in-process, as its app wires it: its schema on a throwaway database, its RPCs
 * served on a private nats-server, and a second connection (`bus`) for the clients under test.
 */
export class DevnetHarness {
  readonly unixSeconds = testUnixSeconds();
  devnet!: Devnet;
  private dataSource!: DataSource;
  private serverBus!: Bus;
  private service: INestMicroservice | undefined;

  private constructor(
    private readonly nats: NatsServerHandle,
    private readonly db: TestDatabase,
    readonly bus: Bus,
  ) {}

  static async open(): Promise<DevnetHarness> {
    const nats = await startNatsServer();
    const db = await createTestDatabase();
    const bus = await Bus.connect({ url: nats.url, name: 'devnet-client', logger: quiet });
    const harness = new DevnetHarness(nats, db, bus);
    await harness.start();
    return harness;
  }

  /** Stops the service and starts it again on the same database: only what was persisted survives. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async close(): Promise<void> {
    await this.stop();
    await this.bus.close();
    await this.nats.stop();
    await this.db.drop();
  }

  /** Serves the devnet (again, after stop()) from its database. */
  async start(): Promise<void> {
    this.dataSource = await createDataSource({
      url: this.db.url,
      schema: DEVNET_SCHEMA,
      migrations: DEVNET_MIGRATIONS,
    });
    const options = {
      account: (network: Network, index: number) => key(network, index).address,
      funding: FUNDING,
      unixSeconds: this.unixSeconds,
      logger: quiet,
    };
    this.devnet = await Devnet.open(new DevnetRepository(this.dataSource), options);
    this.serverBus = await Bus.connect({ url: this.nats.url, name: 'devnet', logger: quiet });
    const devnet = this.devnet;
    @Module({ controllers: [DevnetRpcController], providers: [{ provide: Devnet, useValue: devnet }] })
    class DevnetRpcModule {}
    this.service = await NestFactory.createMicroservice(DevnetRpcModule, {
      strategy: new JetStreamTransport(this.serverBus, { streams: [], queue: 'devnet' }),
      logger: false,
    });
    await this.service.listen();
  }

  /** Stops serving (the devnet is away, its data kept): its clients get no answer until start(). */
  async stop(): Promise<void> {
    await this.service?.close();
    await this.serverBus.close();
    await this.dataSource.destroy();
  }
}
