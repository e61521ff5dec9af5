import type { Logger } from '@swap/domain';
import type { DynamicModule } from '@nestjs/common';
import { HealthModule } from '@swap/service-kit';
import type { BusIdentity } from '@swap/contracts';
import { Bus } from './bus';
import { busReady } from './bus-ready';
import { BusModule } from './bus.module';

/**
 * The imports of a service whose only dependency is the bus: one connection, and `/readyz`
 * answering ready while that connection is up.
 */
export function busWithProbes(options: {
  url: string;
  name: string;
  identity: BusIdentity;
  logger: Logger;
}): DynamicModule[] {
  return [
    BusModule.forRootAsync({ useFactory: () => options }),
    HealthModule.forRootAsync({
      inject: [Bus],
      useFactory: (bus: Bus) => ({ checks: { bus: () => busReady(bus) } }),
    }),
  ];
}
