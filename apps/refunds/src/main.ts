import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { Bus, JetStreamTransport } from '@swap/bus';
import { ENGINE_INBOX_STREAM, MONEY_COMMANDS_STREAM } from '@swap/contracts';
import { AcceptRefund } from '@swap/refunds';
import { DataSource } from 'typeorm';
import { busAndDatabaseWithProbes } from '@swap/persistence';
import { REFUNDS_MIGRATIONS, REFUNDS_SCHEMA, RefundRepository } from '@swap/refunds-data';
import { bootstrapService, createLogger, loadConfig } from '@swap/service-kit';
import { refundsConfigSchema } from './refunds.config';
import { RefundsController } from './refunds.controller';
import { RefundsLoop } from './refunds.loop';

async function main(): Promise<void> {
  const config = loadConfig(refundsConfigSchema);
  const logger = createLogger('refunds');
  @Module({
    imports: [
      ...busAndDatabaseWithProbes({
        bus: { url: config.NATS_URL, name: config.HOSTNAME, logger },
        database: {
          url: config.DATABASE_URL,
          schema: REFUNDS_SCHEMA,
          migrations: REFUNDS_MIGRATIONS,
          poolSize: config.DB_POOL_SIZE,
          logger,
        },
      }),
    ],
    providers: [
      { provide: 'CONFIG', useValue: config },
      { provide: 'LOGGER', useValue: logger },
      {
        provide: RefundRepository,
        inject: [DataSource],
        useFactory: (ds: DataSource) => new RefundRepository(ds),
      },
      {
        provide: AcceptRefund,
        inject: [RefundRepository],
        useFactory: (refunds: RefundRepository) => new AcceptRefund(refunds),
      },
      RefundsLoop,
    ],
    controllers: [RefundsController],
  })
  class RefundsModule {}
  await bootstrapService({
    name: 'refunds',
    module: RefundsModule,
    transport: (app: INestApplication) =>
      new JetStreamTransport(app.get(Bus), {
        streams: [MONEY_COMMANDS_STREAM, ENGINE_INBOX_STREAM],
        queue: 'refunds',
      }),
    port: config.PORT,
    logger,
  });
}

void main();
