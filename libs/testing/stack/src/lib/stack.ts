import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Bus } from '@swap/bus';
import { accountPublicKeys, mnemonicToSeed } from '@swap/chain-keys';
import {
  CreateKeyRequest,
  gatewayCreateKey,
  gatewaySetKeyDisabled,
  liquidityKv,
  type RpcContract,
  type BusIdentity,
} from '@swap/contracts';
import { CURRENCY_CODES, NETWORKS, type Network } from '@swap/domain';
import { SERVICE_DATABASES, type DatabaseService } from '@swap/persistence';
import { SwapClient, type SwapClientOptions } from '@swap/sdk';
import { createLogger } from '@swap/service-kit';
import {
  freePort,
  startNatsServer,
  startPrivatePostgres,
  type NatsServerHandle,
  type PrivatePostgres,
} from '@swap/testing';
import type { z } from 'zod';
import { repoRoot } from './repo-root';
import { whileNoOtherStackBoots } from './boot-lock';
import { ServiceProcess } from './service-process';
import { StackBus } from './stack-bus';
import { createStackDatabase, type StackDatabase } from './stack-database';

const ROOT = repoRoot();
/** BIP39 test vector phrase: fine for a devnet test, never for money. */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export interface StackOptions {
  gateways?: number;
  /**
   * The stack's database on a PostgreSQL cluster of its own rather than on the shared server, so
   * restartPostgres() can take it away.
   */
  ownPostgres?: boolean;
  /** Given to every service first (real nodes: their URLs and `<NETWORK>_NETWORK`), then the per-service options. */
  env?: Record<string, string>;
  treasuryEnv?: Record<string, string>;
  devnetEnv?: Record<string, string>;
  engineEnv?: Record<string, string>;
  pricingEnv?: Record<string, string>;
  /** The notifier (D12), receivers on this machine allowed; `env` shortens its retry schedule, say. */
  notifier?: { env?: Record<string, string> };
  /**
   * Real swaps: a watcher per listed network and the refunds service, with blocks only from
   * mine() (DEVNET_BLOCK_SECONDS=0) so tests decide when confirmations come.
   */
  chains?: {
    networks: readonly Network[];
    watcherEnv?: Record<string, string>;
    /** One network's watcher only (a Monero watcher's own view-only wallet-rpc, say). */
    watcherEnvOf?: Partial<Record<Network, Record<string, string>>>;
  };
}

export interface RestartOptions {
  /** At least this long away. */
  downMs: number;
  /** Run once the dependency is gone; it comes back after this settles (and `downMs` passed). */
  whileDown?: () => Promise<void>;
}

export interface TestKey {
  key: string;
  secret: string;
}

/**
 * The whole service for an end-to-end suite: its own nats-server and database, and the compiled
 * gateway(s), engine, pricing and treasury as separate processes talking over the bus.
 */
export class Stack {
  readonly gateways: ServiceProcess[] = [];
  /** Present with the `notifier` option. */
  notifier: ServiceProcess | undefined;
  readonly services: ServiceProcess[] = [];
  private cleanups: Array<() => Promise<void>> = [];
  bus!: Bus;
  natsUrl!: string;
  private nats: NatsServerHandle | undefined;
  private auth: StackBus | undefined;
  private postgres: PrivatePostgres | undefined;
  /**
   * The stack's database as its superuser (every service's schema), for suites that check what the
   * services stored. The services themselves connect as their own roles (databaseUrlOf).
   */
  databaseUrl!: string;
  private db: StackDatabase | undefined;
  /** From every service ready to every currency's first liquidity (the treasury's first refresh). */
  liquidityMs: number | undefined;

  static async start(options: StackOptions = {}): Promise<Stack> {
    const stack = new Stack();
    try {
      await stack.boot(options);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  private async boot(options: StackOptions): Promise<void> {
    execFileSync(process.execPath, [join(ROOT, 'tools/build.js')], { stdio: 'inherit' });
    const auth = new StackBus();
    this.auth = auth;
    this.cleanups.push(async () => auth.remove());
    const nats = await startNatsServer({ config: auth.config });
    this.nats = nats;
    this.cleanups.push(() => nats.stop());
    if (options.ownPostgres) {
      const postgres = await startPrivatePostgres();
      this.postgres = postgres;
      this.cleanups.push(() => postgres.destroy());
    }
    const db = await createStackDatabase(this.postgres?.adminUrl);
    this.db = db;
    this.cleanups.push(() => db.drop());
    const shared = { ...options.env, NATS_URL: nats.url };
    // Each service connects as its own role, which reaches its own schema only; pricing has none.
    const base = (identity: BusIdentity) => ({
      ...shared,
      ...auth.env(identity),
      ...(hasDatabase(identity) ? { DATABASE_URL: db.urlOf(identity) } : {}),
    });
    const keys = accountPublicKeys(mnemonicToSeed(TEST_MNEMONIC));
    const xpubs = Object.fromEntries(NETWORKS.map((n) => [`${n}_XPUB`, keys[n]]));

    const secretsKey = randomBytes(32).toString('hex');
    const gatewayEnv = { ...base('gateway'), SECRETS_KEY: secretsKey };
    const count = options.gateways ?? 1;
    for (let i = 0; i < count; i++) {
      this.gateways.push(
        new ServiceProcess(`gateway-${i}`, 'gateway', await freePort(), {
          ...gatewayEnv,
          HOSTNAME: `gw-${i}`,
        }),
      );
    }
    this.services.push(
      new ServiceProcess('pricing', 'pricing', await freePort(), {
        ...base('pricing'),
        PRICE_REFRESH_SECONDS: '1',
        ...options.pricingEnv,
      }),
      // Only the treasury holds the phrase (D11); the devnet funds its hot wallets from the public keys.
      new ServiceProcess('treasury', 'treasury', await freePort(), {
        ...base('treasury'),
        TREASURY_MNEMONIC: TEST_MNEMONIC,
        ...options.treasuryEnv,
      }),
      new ServiceProcess('devnet', 'devnet', await freePort(), {
        ...base('devnet'),
        ...xpubs,
        ...(options.chains ? { DEVNET_BLOCK_SECONDS: '0' } : {}),
        ...options.devnetEnv,
      }),
      new ServiceProcess('engine', 'engine', await freePort(), {
        ...base('engine'),
        ...xpubs,
        ENGINE_LEASE_ROUND_MS: '500',
        ENGINE_EXPIRY_GRACE_SECONDS: '2',
        ...options.engineEnv,
      }),
      ...this.gateways,
    );
    for (const network of options.chains?.networks ?? []) {
      this.services.push(
        new ServiceProcess(`watcher-${network.toLowerCase()}`, 'watcher', await freePort(), {
          ...base('watcher'),
          ...xpubs,
          WATCHER_NETWORK: network,
          WATCHER_POLL_MS: '200',
          HOSTNAME: `watcher-${network.toLowerCase()}`,
          ...options.chains?.watcherEnv,
          ...options.chains?.watcherEnvOf?.[network],
        }),
      );
    }
    if (options.chains)
      this.services.push(
        new ServiceProcess('refunds', 'refunds', await freePort(), {
          ...base('refunds'),
          REFUNDS_POLL_MS: '200',
        }),
      );
    if (options.notifier) {
      this.notifier = new ServiceProcess('notifier', 'notifier', await freePort(), {
        ...base('notifier'),
        // Its own key, never the gateway's (SECRETS_KEY).
        WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex'),
        PUBLIC_URL: this.gateways[0].url,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_POLL_MS: '100',
        ...options.notifier.env,
      });
      this.services.push(this.notifier);
    }
    this.natsUrl = nats.url;
    this.databaseUrl = db.url;
    this.bus = await Bus.connect({
      url: nats.url,
      name: 'e2e',
      credentials: auth.harness,
      logger: createLogger('e2e', { level: 'warn' }),
    });
    this.cleanups.push(() => this.bus.close());
    // Booted when usable: every service ready (the schemas are migrated already, so they start at
    // once) and the treasury's first refresh published.
    await whileNoOtherStackBoots(async () => {
      // The devnet first, as nodes are up before the services in production: a treasury that met
      // no devnet would publish its first liquidity only at its next refresh, 10 s later.
      const devnet = this.service('devnet');
      await devnet.start();
      await Promise.all(this.services.filter((s) => s !== devnet).map((s) => s.start()));
      await this.liquidityReady();
    });
  }

  /**
   * Waits until the treasury has published every currency's liquidity (from its hot wallet on the
   * devnet): until then quotes show no maximum, and a suite would race the first refresh. On real
   * nodes the first refresh waits for the Monero wallet's restore, 30 s and more on a loaded machine.
   */
  private async liquidityReady(timeoutMs = 90_000): Promise<void> {
    const store = await this.bus.kv(liquidityKv);
    const started = Date.now();
    const deadline = started + timeoutMs;
    for (;;) {
      const entries = await Promise.all(CURRENCY_CODES.map((code) => store.get(code)));
      if (entries.every((entry) => entry !== null)) {
        this.liquidityMs = Date.now() - started;
        return;
      }
      if (Date.now() > deadline) throw new Error(`liquidity never published\n${this.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * NATS_URL and the identity's seed for a process a suite starts itself (swapctl as `operator`,
   * a service beside the stack's own): the stack's server admits no anonymous client.
   */
  busEnv(identity: BusIdentity): { NATS_URL: string; NATS_NKEY_SEED_FILE: string } {
    if (!this.auth) throw new Error('the stack has not started');
    return { NATS_URL: this.natsUrl, ...this.auth.env(identity) };
  }

  /** DATABASE_URL as the stack gives it to `service`: its own role, on the stack's database. */
  databaseUrlOf(service: DatabaseService): string {
    if (!this.db) throw new Error('the stack has not started');
    return this.db.urlOf(service);
  }

  /** The stack's own nats-server process (a new one after restartNats()). */
  get natsPid(): number | undefined {
    return this.nats?.pid;
  }

  /**
   * Stops the stack's nats-server, runs `whileDown` and keeps it down at least `downMs`, then starts
   * it again on the same port with the same JetStream store. The services are left alone.
   */
  async restartNats(options: RestartOptions): Promise<void> {
    const nats = this.nats;
    if (!nats) throw new Error('the stack has no nats-server');
    await this.takeAway(
      () => nats.halt(),
      () => nats.resume(),
      options,
    );
  }

  /**
   * Stops the stack's own PostgreSQL (a fast shutdown: every connection dropped), runs `whileDown`
   * and keeps it down at least `downMs`, then starts it again on the same port and data. Only with
   * `ownPostgres`: the shared server other suites use is never restarted.
   */
  async restartPostgres(options: RestartOptions): Promise<void> {
    const postgres = this.postgres;
    if (!postgres)
      throw new Error('the stack has no PostgreSQL of its own: Stack.start({ ownPostgres: true })');
    await this.takeAway(
      () => postgres.stop(),
      () => postgres.start(),
      options,
    );
  }

  private async takeAway(
    stop: () => Promise<void>,
    start: () => Promise<void>,
    { downMs, whileDown }: RestartOptions,
  ): Promise<void> {
    await stop();
    const away = new Promise((resolve) => setTimeout(resolve, downMs));
    // Started again even when whileDown failed, so the stack can be stopped; then its failure counts.
    const [during] = await Promise.allSettled([whileDown?.(), away]);
    await start();
    if (during.status === 'rejected') throw during.reason;
  }

  get apiUrl(): string {
    return `${this.gateways[0].url}/v1`;
  }

  /** An RPC of the stack's services (`ops.*`, `devnet.*`); a refusal throws the service's message. */
  async call<Req extends z.ZodType, T>(
    rpc: RpcContract<Req, z.ZodType<{ ok: true; data: T } | { ok: false; error: { message: string } }>>,
    body: z.input<Req>,
    timeoutMs = 10_000,
  ): Promise<T> {
    const reply = await this.bus.request(rpc, body, { timeoutMs });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  }

  async createKey(settings: Partial<CreateKeyRequest> = {}): Promise<TestKey> {
    const reply = await this.bus.request(
      gatewayCreateKey,
      {
        label: 'e2e',
        fixedRateEnabled: false,
        dryrunEnabled: false,
        autoExecuteOnMismatch: false,
        ipWhitelist: [],
        partnerPercent: '0',
        rateLimit: 1000,
        ...settings,
      },
      { timeoutMs: 5000 },
    );
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  }

  async setDisabled(key: string, disabled: boolean): Promise<void> {
    const reply = await this.bus.request(gatewaySetKeyDisabled, { key, disabled }, { timeoutMs: 5000 });
    if (!reply.ok) throw new Error(reply.error.message);
  }

  /** The SDK's client for a key; it retries nothing unless asked, so a test sees every answer as given. */
  client(key: TestKey, gateway = 0, options: Partial<SwapClientOptions> = {}): SwapClient {
    return new SwapClient({
      baseUrl: `${this.gateways[gateway].url}/v1`,
      ...key,
      retry: { maxAttempts: 1 },
      ...options,
    });
  }

  /** Waits until pricing has published (the first refresh after start). */
  async pricesReady(key: TestKey): Promise<void> {
    const client = this.client(key);
    let last: unknown;
    for (let i = 0; i < 100; i++) {
      try {
        await client.price({ from: 'ETH', to: 'BTC', amount: 1 });
        return;
      } catch (error) {
        last = error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const logs = this.services.map((s) => `${s.name}: ${s.output.join('').slice(-2000)}`).join('\n');
    throw new Error(`prices never became available: ${String(last)}\n${logs}`);
  }

  /** A service by name (`engine`, `treasury`, `watcher-btc`…), e.g. to kill and restart it. */
  service(name: string): ServiceProcess {
    const found = this.services.find((s) => s.name === name);
    if (!found) throw new Error(`no service ${name} in this stack`);
    return found;
  }

  /** The tail of every service's output, for a failing test's message. */
  logs(chars = 3000): string {
    return this.services.map((s) => `--- ${s.name}\n${s.output.join('').slice(-chars)}`).join('\n');
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.services.map((s) => s.stop()));
    for (const cleanup of this.cleanups.reverse()) await cleanup().catch(() => undefined);
    this.cleanups = [];
  }
}

const hasDatabase = (identity: BusIdentity): identity is DatabaseService =>
  SERVICE_DATABASES.some((entry) => entry.service === identity);
