import { z } from 'zod';

/**
 * Every message that crosses the bus is declared once here: its subject, its schema and its
 * version. Publishers and consumers both validate against the schema (see @swap/bus).
 */

/** A JetStream stream the bus creates (or updates) idempotently at start-up. */
export interface StreamContract {
  name: string;
  subjects: string[];
  /** Seconds a message is kept; 0 = forever. */
  maxAgeSeconds: number;
  /** Window in which a repeated Nats-Msg-Id is dropped. */
  duplicateWindowSeconds: number;
}

/** A durable event or command on a JetStream stream. `subject` builds the concrete subject. */
export interface EventContract<S extends z.ZodType, P extends unknown[] = []> {
  kind: 'event';
  name: string;
  version: number;
  stream: StreamContract;
  /** Wildcard subject that matches every message of this contract (consumer filter). */
  filter: string;
  subject: (...params: P) => string;
  schema: S;
}

/** A core-NATS request/reply. The reply is a result: either data or a business error. */
export interface RpcContract<Req extends z.ZodType, Res extends z.ZodType> {
  kind: 'rpc';
  name: string;
  version: number;
  subject: string;
  request: Req;
  response: Res;
}

/** A fire-and-forget core-NATS message (cache invalidation, gossip); losing one is harmless. */
export interface SignalContract<S extends z.ZodType> {
  kind: 'signal';
  name: string;
  version: number;
  subject: string;
  schema: S;
}

/** A JetStream key-value bucket with a typed value. */
export interface KvContract<S extends z.ZodType> {
  kind: 'kv';
  bucket: string;
  /** Seconds an entry lives; 0 = forever. */
  ttlSeconds: number;
  history: number;
  schema: S;
}

export const defineStream = (stream: StreamContract): StreamContract => stream;

/** What the swap's own streams keep: a month of messages, a Nats-Msg-Id repeated within two minutes dropped. */
export const SWAP_STREAM_RETENTION: Pick<StreamContract, 'maxAgeSeconds' | 'duplicateWindowSeconds'> = {
  maxAgeSeconds: 30 * 24 * 60 * 60,
  duplicateWindowSeconds: 120,
};

export function defineEvent<S extends z.ZodType, P extends unknown[]>(
  contract: Omit<EventContract<S, P>, 'kind'>,
): EventContract<S, P> {
  return { kind: 'event', ...contract };
}

export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(
  contract: Omit<RpcContract<Req, Res>, 'kind'>,
): RpcContract<Req, Res> {
  return { kind: 'rpc', ...contract };
}

export function defineSignal<S extends z.ZodType>(
  contract: Omit<SignalContract<S>, 'kind'>,
): SignalContract<S> {
  return { kind: 'signal', ...contract };
}

export function defineKv<S extends z.ZodType>(contract: Omit<KvContract<S>, 'kind'>): KvContract<S> {
  return { kind: 'kv', ...contract };
}

/** A business error carried over the bus: a stable code from the error catalogue and its message. */
export const rpcError = z.object({ code: z.string(), message: z.string(), status: z.number().int() });
export type RpcError = z.infer<typeof rpcError>;

/** The reply of every RPC: `{ ok: true, data }` or `{ ok: false, error }`. */
export function rpcResult<S extends z.ZodType>(data: S) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: rpcError }),
  ]);
}

/** Base units travel as decimal strings of integers; parse with BigInt(). */
export const units = z.string().regex(/^-?\d+$/, 'integer base units');
/** Exact decimals travel as plain decimal strings. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'plain decimal');
