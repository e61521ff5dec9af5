import type { Logger } from '@swap/domain';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { createInbox, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import {
  BUS_ACCESS,
  type BusAccess,
  type BusIdentity,
  type EventContract,
  type KvContract,
  type RpcContract,
  type SignalContract,
  type StreamContract,
} from '@swap/contracts';
import type { z } from 'zod';
import type { BusCredentials } from './auth/credentials';
import { inboxPrefixOf } from './auth/permissions';
import { consume, type ConsumeOptions, type ConsumerHandle } from './consumer';
import { follow, replay, type FollowHandle } from './follow';
import { openKv, type KvStore } from './kv-store';
import { observe, type EventObserver, type ObserveHandle } from './observe';
import { encodeEvent, publish, type PublishOptions, type PublishResult } from './publish';
import { PublishPipeline } from './publish-pipeline';
import {
  request,
  serve,
  type RequestOptions,
  type RpcHandler,
  type ServeHandle,
  type ServeOptions,
} from './rpc';
import { onSignal, sendSignal, type SignalHandle, type SignalHandler } from './signal';
import { settleWithin } from './settle';
import { ensureStream } from './stream';

export interface BusConnectOptions {
  /** One server URL or several (a cluster). */
  url: string | string[];
  /** Connection name shown by the server's monitoring (service and instance). */
  name: string;
  logger: Logger;
  /**
   * The bus identity the server knows this process as (see BUS_ACCESS): its replies come to that
   * identity's own inbox prefix, the only inbox its permissions let it hear.
   */
  identity?: string;
  /** How it proves that identity, and TLS; see busCredentialsFromEnv. Anonymous when absent. */
  credentials?: BusCredentials;
}

interface Stoppable {
  stop(): Promise<void>;
}

/** The one way services talk to each other: typed, validated JetStream events, RPCs, signals and KV. */
export class Bus {
  readonly js: JetStreamClient;
  private manager$: Promise<JetStreamManager> | undefined;
  private readonly running = new Set<Stoppable>();
  private readonly durables = new Set<{ stream: string; durable: string }>();
  // Opening a bucket costs round trips; callers on a hot path get the same store each time.
  private readonly stores = new Map<KvContract<z.ZodType>, Promise<KvStore<z.ZodType>>>();
  private pipeline: PublishPipeline | undefined;
  private disconnected = false;

  constructor(
    readonly connection: NatsConnection,
    private readonly logger: Logger,
    private readonly identity?: string,
  ) {
    this.js = jetstream(connection);
    this.logStatus().catch(() => undefined);
  }

  /** Connects and keeps reconnecting for as long as the process lives. */
  static async connect(options: BusConnectOptions): Promise<Bus> {
    const inboxPrefix = options.identity ? inboxPrefixOf(options.identity) : undefined;
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      // Otherwise every request builds two Error objects with stack traces up front, a large share
      // of a gateway request's CPU (the nonce claim is a JetStream request).
      noAsyncTraces: true,
      inboxPrefix,
      authenticator: options.credentials?.authenticator,
      tls: options.credentials?.tls,
    });
    options.logger.info(
      {
        server: nc.getServer(),
        name: options.name,
        identity: options.identity,
        auth: options.credentials?.source,
      },
      'connected to NATS',
    );
    return new Bus(nc, options.logger, options.identity);
  }

  /** False from a disconnect until the client has reconnected (or for good once closed). */
  get connected(): boolean {
    return !this.disconnected && !this.connection.isClosed();
  }

  manager(): Promise<JetStreamManager> {
    if (!this.manager$) {
      this.manager$ = jetstreamManager(this.connection);
      // Forget a failure (JetStream not yet up) so the next call tries again.
      this.manager$.catch(() => (this.manager$ = undefined));
    }
    return this.manager$;
  }

  async ensureStream(stream: StreamContract): Promise<void> {
    const owner = this.owns((access) => access.streams.some((s) => s.stream === stream && s.owner));
    await ensureStream(await this.manager(), stream, { owner });
  }

  publish<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    params: P,
    message: z.input<S>,
    options: PublishOptions,
  ): Promise<PublishResult> {
    return publish(this.js, contract, params, message, options);
  }

  /**
   * publish() for a hot path (the gateway's nonces): the same message and the same answer, sent
   * without the JetStream client's per-call request machinery, the publishes of one event-loop
   * turn in one socket write (see PublishPipeline).
   */
  async publishBatched<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    params: P,
    message: z.input<S>,
    options: PublishOptions,
  ): Promise<PublishResult> {
    const { subject, payload, headers } = encodeEvent(contract, params, message, options);
    this.pipeline ??= new PublishPipeline(this.connection, {
      inbox: createInbox(this.identity && inboxPrefixOf(this.identity)),
    });
    return this.pipeline.publish(subject, payload, headers);
  }

  async consume<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    options: ConsumeOptions<z.output<S>>,
  ): Promise<ConsumerHandle> {
    const deps = { nc: this.connection, js: this.js, jsm: () => this.manager(), logger: this.logger };
    const handle = await consume(deps, contract, options);
    const durable = { stream: contract.stream.name, durable: options.durable };
    this.durables.add(durable);
    return this.track({
      stop: async () => {
        this.durables.delete(durable);
        await handle.stop();
      },
    });
  }

  /** The durable consumers this connection pulls from now (their backlog is in /metrics). */
  consumers(): ReadonlyArray<{ stream: string; durable: string }> {
    return [...this.durables];
  }

  /** Every event of a contract from now on, for a view kept in memory; see observe(). */
  async observe<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    observer: EventObserver<z.output<S>>,
  ): Promise<ObserveHandle> {
    return this.track(await observe(this.connection, this.logger, contract, observer));
  }

  /**
   * Every event of a contract from now on, gap-free, on this process's own ordered consumer; see
   * follow(). The stream is made first if no one has yet (its owner may start later), as a
   * durable consumer's transport does.
   */
  async follow<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    handler: (message: z.output<S>) => void,
  ): Promise<FollowHandle> {
    await this.ensureStream(contract.stream);
    return this.track(await follow(this.followDeps(), contract, handler));
  }

  /** The events of one subject the stream still holds, oldest first; see replay(). */
  replay<S extends z.ZodType, P extends unknown[]>(
    contract: EventContract<S, P>,
    params: P,
  ): Promise<z.output<S>[]> {
    return replay(this.followDeps(), contract, params);
  }

  async serve<Req extends z.ZodType, Res extends z.ZodType>(
    rpc: RpcContract<Req, Res>,
    handler: RpcHandler<Req, Res>,
    options: ServeOptions,
  ): Promise<ServeHandle> {
    return this.track(await serve(this.connection, this.logger, rpc, handler, options));
  }

  request<Req extends z.ZodType, Res extends z.ZodType>(
    rpc: RpcContract<Req, Res>,
    body: z.input<Req>,
    options: RequestOptions,
  ): Promise<z.output<Res>> {
    return request(this.connection, rpc, body, options);
  }

  signal<S extends z.ZodType>(contract: SignalContract<S>, message: z.input<S>): void {
    sendSignal(this.connection, contract, message);
  }

  async onSignal<S extends z.ZodType>(
    contract: SignalContract<S>,
    handler: SignalHandler<S>,
  ): Promise<SignalHandle> {
    return this.track(await onSignal(this.connection, this.logger, contract, handler));
  }

  kv<S extends z.ZodType>(contract: KvContract<S>): Promise<KvStore<S>> {
    let store = this.stores.get(contract);
    if (!store) {
      const owner = this.owns((access) =>
        access.kv.some((k) => k.bucket.bucket === contract.bucket && k.owner),
      );
      store = this.manager().then((jsm) => openKv(this.js, jsm, contract, this.logger, { owner }));
      store.catch(() => this.stores.delete(contract));
      this.stores.set(contract, store);
    }
    // Keyed by the contract object itself, so the stored schema is the caller's S.
    return store as Promise<KvStore<S>>;
  }

  /** Stops consumers and servers (letting running handlers finish), then drains the connection. */
  async close(timeoutMs = 5000): Promise<void> {
    const handles = [...this.running];
    this.running.clear();
    await Promise.allSettled(handles.map((h) => h.stop()));
    this.pipeline?.close();
    if (this.connection.isClosed()) return;
    await settleWithin(this.connection.drain(), timeoutMs);
    // Still open means the drain timed out (server unreachable): let go anyway.
    if (!this.connection.isClosed()) await settleWithin(this.connection.close(), 1000);
  }

  private followDeps() {
    return { js: this.js, jsm: () => this.manager(), logger: this.logger };
  }

  /** Whether this identity may change a stream's or bucket's settings; a test's own connection, with no identity, may. */
  private owns(test: (access: BusAccess) => boolean): boolean {
    const access = this.identity ? BUS_ACCESS[this.identity as BusIdentity] : undefined;
    return access ? test(access) : true;
  }

  /** close() stops what is still running; a handle the caller stopped itself is forgotten. */
  private track(handle: Stoppable): Stoppable {
    const tracked: Stoppable = {
      stop: async () => {
        this.running.delete(tracked);
        await handle.stop();
      },
    };
    this.running.add(tracked);
    return tracked;
  }

  private async logStatus(): Promise<void> {
    for await (const s of this.connection.status()) {
      switch (s.type) {
        case 'disconnect':
          this.disconnected = true;
          this.logger.warn({ server: s.server }, 'NATS disconnected');
          break;
        case 'reconnect':
          this.disconnected = false;
          this.logger.info({ server: s.server }, 'NATS reconnected');
          break;
        case 'reconnecting':
          this.logger.debug({}, 'NATS reconnecting');
          break;
        case 'error':
          this.logger.error({ err: s.error }, 'NATS error');
          break;
        case 'slowConsumer':
          this.logger.warn({ subject: s.sub.getSubject(), pending: s.pending }, 'NATS slow consumer');
          break;
        default:
          break;
      }
    }
  }
}
