import type { DataSource } from 'typeorm';
import { Bus } from '@swap/bus';
import { accountPublicKey, mnemonicToSeed } from '@swap/chain-keys';
import {
  ENGINE_INBOX_STREAM,
  depositObserved,
  watcherLeasesKv,
  type DepositObserved,
  type SwapSnapshot,
} from '@swap/contracts';
import type { Network } from '@swap/domain';
import { createDataSource } from '@swap/persistence';
import {
  createTestDatabase,
  startNatsServer,
  swapSnapshotFixture,
  type NatsServerHandle,
  type TestDatabase,
} from '@swap/testing';
import {
  DepositRepository,
  WATCHER_MIGRATIONS,
  WATCHER_SCHEMA,
  WatchListRepository,
  type Deposit,
} from '@swap/watcher-data';
import { createNetworkWatcher } from '../lib/create-network-watcher';
import type { WatcherProgress } from '../lib/metrics/watcher.metrics';
import type { NetworkWatcher } from '../lib/network-watcher';
import { RecordSwap } from '../lib/watch-list/record-swap.use-case';
import { hotWalletAddress, watcherSettings, type WatcherOptions } from '../lib/watcher.settings';
import { ScriptedChain } from './scripted-chain';

/** The BIP39 test phrase: the treasury's keys in these tests, never money. */
const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SEED = mnemonicToSeed(TEST_MNEMONIC);

/** 2023-11-14T22:13:20Z in UNIX seconds. */
export const T0 = 1_700_000_000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves by hand, in UNIX milliseconds. */
export class ManualClock {
  ms = T0 * 1000;
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Resolves once `check` does, asking every 20 ms; throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

import { recordingLogger } from '@swap/domain/testing';

export { recordingLogger };
export type { LogEntry } from '@swap/domain/testing';

export interface WatcherOverrides extends WatcherOptions {
  owner?: string;
  watchListCaughtUp?: () => Promise<boolean>;
  progress?: WatcherProgress;
}

/**
 * One network's watcher against the real PostgreSQL and NATS JetStream, with a scripted chain
 * behind the ChainReader interface. What the watcher told the engine is read back from the
 * ENGINE_INBOX stream itself.
 */
export class WatcherHarness {
  chain: ScriptedChain;
  clock = new ManualClock();
  logger = recordingLogger();
  readonly hotWallet: string;
  readonly accountPublic: string;
  private swaps = 0;
  /** Every publish on the inbox subjects, including repeats that JetStream de-duplicates. */
  private readonly sentMessages: DepositObserved[] = [];

  private constructor(
    readonly network: Network,
    private readonly db: TestDatabase,
    readonly dataSource: DataSource,
    private readonly nats: NatsServerHandle,
    readonly bus: Bus,
  ) {
    this.chain = new ScriptedChain(network);
    this.accountPublic = accountPublicKey(SEED, network);
    this.hotWallet = hotWalletAddress(network, this.accountPublic, 'mainnet');
    bus.connection.subscribe('engine.in.>', {
      callback: (_err, msg) => void this.sentMessages.push(depositObserved.parse(msg.json())),
    });
  }

  static async open(network: Network): Promise<WatcherHarness> {
    const db = await createTestDatabase();
    const dataSource = await createDataSource({
      url: db.url,
      schema: WATCHER_SCHEMA,
      migrations: WATCHER_MIGRATIONS,
    });
    const nats = await startNatsServer();
    const bus = await Bus.connect({ url: nats.url, name: 'watcher-test', logger: recordingLogger() });
    return new WatcherHarness(network, db, dataSource, nats, bus);
  }

  /** A fresh chain, clock, database and inbox stream for the next test. */
  async reset(): Promise<void> {
    this.chain = new ScriptedChain(this.network);
    this.clock = new ManualClock();
    this.logger = recordingLogger();
    await this.dataSource.query('TRUNCATE watched_addresses, cursors, blocks, deposits');
    const jsm = await this.bus.manager();
    await jsm.streams.delete(ENGINE_INBOX_STREAM.name).catch(() => undefined);
    await this.bus.ensureStream(ENGINE_INBOX_STREAM);
    this.sentMessages.length = 0;
    await (await this.bus.kv(watcherLeasesKv)).delete(this.network);
  }

  /** A watcher instance (a process, as far as it knows) over the same database, bus and chain. */
  watcher(overrides: WatcherOverrides = {}): Promise<NetworkWatcher> {
    const { owner, watchListCaughtUp, progress, ...options } = overrides;
    return createNetworkWatcher({
      reader: this.chain,
      bus: this.bus,
      dataSource: this.dataSource,
      settings: watcherSettings(this.network, this.hotWallet, options),
      owner: owner ?? 'replica-a',
      watchListCaughtUp: watchListCaughtUp ?? (async () => true),
      logger: this.logger,
      clock: this.clock.now,
      progress,
    });
  }

  /** Records a swap event as the watch-list consumer would; returns the snapshot. */
  async swap(overrides: Partial<SwapSnapshot> = {}): Promise<SwapSnapshot> {
    const snapshot = this.snapshot(overrides);
    await this.learn(snapshot);
    return snapshot;
  }

  /** A new swap on this network whose event has not reached the watch list yet. */
  snapshot(overrides: Partial<SwapSnapshot> = {}): SwapSnapshot {
    this.swaps++;
    return swapSnapshotFixture({
      id: `Sw${String(this.swaps).padStart(8, '0')}`,
      status: 'NEW',
      from: this.network === 'LTC' ? 'LTC' : 'ETH',
      to: 'BTC',
      depositAddress: `${this.network.toLowerCase()}1qdeposit${this.swaps}`,
      time: { reg: T0, start: null, finish: null, update: T0, expiration: T0 + 3600 },
      ...overrides,
    });
  }

  /** The swap's event reaches the watch list, as the watch-list consumer records it. */
  async learn(snapshot: SwapSnapshot): Promise<void> {
    await new RecordSwap(new WatchListRepository(this.dataSource), this.network).execute(snapshot);
  }

  /** Every message that reached the engine inbox, in stream order. */
  async published(): Promise<DepositObserved[]> {
    const jsm = await this.bus.manager();
    const { state } = await jsm.streams.info(ENGINE_INBOX_STREAM.name);
    const messages: DepositObserved[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const stored = await jsm.streams.getMessage(ENGINE_INBOX_STREAM.name, { seq });
      if (stored) messages.push(depositObserved.parse(stored.json()));
    }
    return messages;
  }

  /**
   * What reached JetStream, as `<txid> <confirmations>` or `<txid> reverted`. Throws when the
   * watcher published more than that: a repeat that only JetStream's de-duplication dropped.
   */
  async told(): Promise<string[]> {
    const published = await this.published();
    await this.bus.connection.flush();
    if (this.sentMessages.length !== published.length) {
      throw new Error(
        `${this.sentMessages.length} publishes reached JetStream as ${published.length} messages`,
      );
    }
    return published.map(brief);
  }

  /** Everything the watcher published, as told() shows it, including what JetStream dropped as a repeat. */
  async sent(): Promise<string[]> {
    await this.bus.connection.flush();
    return this.sentMessages.map(brief);
  }

  deposit(id: string): Promise<Deposit | null> {
    return new DepositRepository(this.dataSource).find(id);
  }

  async close(): Promise<void> {
    await this.bus?.close();
    await this.nats?.stop();
    if (this.dataSource?.isInitialized) await this.dataSource.destroy();
    await this.db?.drop();
  }
}

const brief = (m: DepositObserved): string => `${m.txid} ${m.reverted ? 'reverted' : m.confirmations}`;
