import type { Logger } from '@swap/domain';
import { Bus, busCredentialsFromEnv, BusCredentialsError, type BusCredentials } from '@swap/bus';
import type { RpcContract } from '@swap/contracts';
import type { z } from 'zod';
import { explainBusError, REQUEST_TIMEOUT_MS } from './bus-errors';
import { CliError, EXIT } from './cli-error';
import type { BusTarget } from './nats-url';
import { serviceOf, type OpsBus, type WithBus } from './ops-bus';

const CONNECT_TIMEOUT_MS = 5000;

/** The operator reads the command's output, not the bus's chatter: only errors reach stderr. */
export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
  error: toStderr,
  fatal: toStderr,
};

function toStderr(obj: object, msg?: string): void {
  const err = (obj as { err?: unknown }).err;
  const detail = err instanceof Error ? `: ${err.message}` : '';
  process.stderr.write(`swapctl: ${msg ?? 'bus error'}${detail}\n`);
}

/** Connects on the first request (so a command that fails validation never touches the bus). */
export function busAt(target: BusTarget): WithBus {
  return async (work) => {
    const session = new BusSession(target);
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  };
}

class BusSession implements OpsBus {
  private bus: Promise<Bus> | undefined;

  private readonly url: string;

  constructor(private readonly target: BusTarget) {
    this.url = target.url;
  }

  async request<Req extends z.ZodType, Res extends z.ZodType>(
    rpc: RpcContract<Req, Res>,
    body: z.input<Req>,
  ): Promise<z.output<Res>> {
    const service = serviceOf(rpc);
    this.bus ??= this.connect(service);
    const bus = await this.bus;
    try {
      return await bus.request(rpc, body, { timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (err) {
      throw explainBusError(service, this.url, err);
    }
  }

  async close(): Promise<void> {
    const bus = await this.bus?.catch(() => undefined);
    await bus?.close(2000);
  }

  private async connect(service: string): Promise<Bus> {
    let credentials: BusCredentials;
    try {
      credentials = busCredentialsFromEnv(this.target.credentialsEnv);
    } catch (err) {
      if (err instanceof BusCredentialsError) throw new CliError('BAD_CREDENTIALS', err.message, EXIT.usage);
      throw err;
    }
    // The operator identity: the only one that may send ops.> commands.
    const pending = Bus.connect({
      url: this.url,
      name: 'swapctl',
      identity: 'operator',
      credentials,
      logger: silentLogger,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000}s`)),
        CONNECT_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([pending, timeout]);
    } catch (err) {
      // A connection that opens after we gave up must not keep the process alive.
      pending.then(
        (late) => late.close(1000),
        () => undefined,
      );
      const reason = err instanceof Error ? err.message : String(err);
      throw new CliError(
        'BUS_UNREACHABLE',
        `the ${service} is not reachable on the bus at ${this.url}: cannot connect to NATS (${reason}); is NATS (or \`npm start\`) running?`,
        EXIT.unreachable,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
