import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import type { RpcContract, RpcError } from '@swap/contracts';
import { isSwapError, toErrorPayload, type Logger } from '@swap/domain';
import type { z } from 'zod';
import { checkVersion, decode, encodeJson, validate, versionHeaders } from './codec';
import { BusContractError, toUnavailable } from './errors';
import { settleWithin } from './settle';
import { logFailure } from '@swap/service-kit';

export type RpcHandler<Req extends z.ZodType, Res extends z.ZodType> = (
  request: z.output<Req>,
) => Promise<z.input<Res>>;

export interface ServeOptions {
  /** Queue group: one instance of the serving service answers each request. */
  queue: string;
}

export interface RequestOptions {
  timeoutMs: number;
}

export interface ServeHandle {
  /** Stops taking requests and waits for the ones being answered. */
  stop(): Promise<void>;
}

/** Builds a success result with `ok` typed as the literal the result schema expects. */
export const rpcOk = <T>(data: T) => ({ ok: true as const, data });

/** Builds a business-error result (a code from the error catalogue). */
export const rpcFail = (error: RpcError) => ({ ok: false as const, error });

/** The catalogue error a refusal carries, or null for an error that is no refusal. */
export type Refusal = (error: unknown) => RpcError | null;

const swapRefusal: Refusal = (error) => (isSwapError(error) ? toErrorPayload(error) : null);

/**
 * The reply to a request that `work` answers: its result, or the catalogue error a refusal carries
 * (a SwapError, or what the service's `refusal` recognises). Anything else is thrown, and the
 * server answers it as an internal error.
 */
export async function answerRpc<T>(work: () => T | Promise<T>, refusal: Refusal = swapRefusal) {
  try {
    return rpcOk(await work());
  } catch (error) {
    const refused = refusal(error);
    if (refused) return rpcFail(refused);
    throw error;
  }
}

const INTERNAL: RpcError = { code: 'INTERNAL', message: 'Internal error', status: 500 };

export async function serve<Req extends z.ZodType, Res extends z.ZodType>(
  nc: NatsConnection,
  logger: Logger,
  rpc: RpcContract<Req, Res>,
  handler: RpcHandler<Req, Res>,
  options: ServeOptions,
): Promise<ServeHandle> {
  const answer = async (msg: Msg): Promise<void> => {
    if (!msg.reply) {
      logger.warn({ rpc: rpc.name }, 'rpc request without a reply subject ignored');
      return;
    }
    try {
      const reply = await replyFor(logger, rpc, handler, msg);
      msg.respond(encodeJson(reply), { headers: versionHeaders(rpc.version) });
    } catch (err) {
      // Only the reply itself can fail here (connection gone); the caller will time out.
      logger.error({ err, rpc: rpc.name }, 'rpc reply failed');
    }
  };
  const inFlight = new Set<Promise<void>>();
  const sub: Subscription = nc.subscribe(rpc.subject, {
    queue: options.queue,
    callback: (err, msg) => {
      if (err) {
        logger.error({ err, rpc: rpc.name }, 'rpc subscription failed');
        return;
      }
      const task: Promise<void> = answer(msg).finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
  });
  // The subscription exists on the server once flushed, so a request sent right after finds it.
  await nc.flush();
  return {
    async stop() {
      if (!sub.isClosed()) await settleWithin(sub.drain(), 2000);
      await Promise.all(inFlight);
    },
  };
}

async function replyFor<Req extends z.ZodType, Res extends z.ZodType>(
  logger: Logger,
  rpc: RpcContract<Req, Res>,
  handler: RpcHandler<Req, Res>,
  msg: Msg,
): Promise<unknown> {
  let request: z.output<Req>;
  try {
    checkVersion(rpc.name, rpc.version, msg.headers);
    request = decode(`${rpc.name} request`, rpc.request, msg.data);
  } catch (err) {
    const message = err instanceof BusContractError ? err.message : 'invalid request';
    return rpcFail({ code: 'BAD_REQUEST', message, status: 400 });
  }
  let result: z.input<Res>;
  try {
    result = await handler(request);
  } catch (err) {
    // The stack and message stay in the log: they may name internals the caller must not see.
    logFailure(logger, err, 'rpc handler failed', { rpc: rpc.name });
    return rpcFail(INTERNAL);
  }
  try {
    return validate(`${rpc.name} response`, rpc.response, result);
  } catch (err) {
    logger.error({ err, rpc: rpc.name }, 'rpc handler returned an invalid response');
    return rpcFail(INTERNAL);
  }
}

export async function request<Req extends z.ZodType, Res extends z.ZodType>(
  nc: NatsConnection,
  rpc: RpcContract<Req, Res>,
  body: z.input<Req>,
  options: RequestOptions,
): Promise<z.output<Res>> {
  const payload = validate(`${rpc.name} request`, rpc.request, body);
  let msg: Msg;
  try {
    msg = await nc.request(rpc.subject, encodeJson(payload), {
      timeout: options.timeoutMs,
      headers: versionHeaders(rpc.version),
    });
  } catch (err) {
    throw toUnavailable(rpc.subject, err);
  }
  checkVersion(rpc.name, rpc.version, msg.headers);
  return decode(`${rpc.name} response`, rpc.response, msg.data);
}
