import type { Logger } from '@swap/domain';
import {
  type StreamContract,
  defineEvent,
  defineKv,
  defineRpc,
  defineSignal,
  defineStream,
  rpcResult,
  units,
} from '@swap/contracts';
import { z } from 'zod';
import { Bus } from '../lib/bus';

import { startNatsServer, type NatsServerHandle } from '@swap/testing';
import { recordingLogger } from '@swap/domain/testing';

export { startNatsServer, recordingLogger, type NatsServerHandle };

export function connectBus(url: string, logger: Logger = recordingLogger()): Promise<Bus> {
  return Bus.connect({ url, name: 'bus-test', logger });
}

/** The calling suite's nats-server and Bus, open from its beforeAll to its afterAll. */
export interface SuiteBus {
  readonly bus: Bus;
  /** The server's URL, for more connections. */
  readonly url: string;
}

/**
 * Starts a nats-server for the calling suite and connects a Bus to it (with `logger`, and
 * `streams` ensured) before its tests; closes both after them.
 */
export function useNatsBus(options: { logger?: Logger; streams?: StreamContract[] } = {}): SuiteBus {
  let server: NatsServerHandle | undefined;
  let bus: Bus | undefined;
  beforeAll(async () => {
    server = await startNatsServer();
    bus = await connectBus(server.url, options.logger);
    for (const stream of options.streams ?? []) await bus.ensureStream(stream);
  });
  afterAll(async () => {
    await bus?.close();
    await server?.stop();
  });
  const open = () => {
    if (!server || !bus) throw new Error('the suite bus is not open (useNatsBus outside a describe?)');
    return { server, bus };
  };
  return {
    get bus() {
      return open().bus;
    },
    get url() {
      return open().server.url;
    },
  };
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const swapsStream = defineStream({
  name: 'SWAPS',
  subjects: ['swap.>'],
  maxAgeSeconds: 3600,
  duplicateWindowSeconds: 120,
});

export const swapUpdated = defineEvent({
  name: 'swap.updated',
  version: 1,
  stream: swapsStream,
  filter: 'swap.*.updated',
  subject: (swapId: string) => `swap.${swapId}.updated`,
  schema: z.object({ swapId: z.string(), state: z.enum(['NEW', 'SENDING', 'DONE']), amount: units }),
});

export const quoteRpc = defineRpc({
  name: 'engine.quote',
  version: 1,
  subject: 'engine.quote',
  request: z.object({ from: z.string().length(3), amount: units }),
  response: rpcResult(z.object({ rate: z.string() })),
});

export const pricesChanged = defineSignal({
  name: 'prices.changed',
  version: 1,
  subject: 'signal.prices.changed',
  schema: z.object({ pair: z.string() }),
});

export const nonces = defineKv({
  bucket: 'nonces',
  ttlSeconds: 60,
  history: 1,
  schema: z.object({ at: z.number().int() }),
});

export const prices = defineKv({
  bucket: 'prices',
  ttlSeconds: 0,
  history: 1,
  schema: z.object({ price: z.string() }),
});
