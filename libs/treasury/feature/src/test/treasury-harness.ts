import type { DataSource } from 'typeorm';
import type { LiquidityEntry, PayoutProgress, SwapSnapshot } from '@swap/contracts';
import { NETWORKS, type CurrencyCode, type Logger } from '@swap/domain';
import { quietLogger } from '@swap/domain/testing';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, swapSnapshotFixture, type TestDatabase } from '@swap/testing';
import { LedgerRepository, TREASURY_MIGRATIONS, TREASURY_SCHEMA } from '@swap/treasury-data';
import { TreasuryKeys } from '../lib/keys/treasury-keys';
import type { PayoutLimits } from '@swap/treasury-domain';
import type { LiquidityCaps } from '../lib/liquidity/liquidity-caps';
import { payoutLimits } from '../lib/policy/payout-limits';
import type { WalletObserver } from '../lib/metrics/wallet.metrics';
import type { RetryPolicy } from '../lib/sending/retry-policy';
import { composeTreasury, type Treasury } from '../lib/treasury.composition';
import { FakeChains, fakeKeys } from './fake-chain';

export const T0_MS = 1_700_000_000_000;
export const RETRY: RetryPolicy = { initialMs: 1000, maxMs: 8000, maxSignAttempts: 3, notReadyMs: 5000 };
/** The treasury's defaults: generous, nothing a test pays is held. */
export const DEFAULT_TEST_LIMITS: PayoutLimits = payoutLimits({});
export const NO_CAPS = Object.fromEntries(
  ['BTC', 'LTC', 'XMR', 'TRX', 'ETH', 'SOL', 'AVAX', 'USDTTRC', 'USDTERC'].map((c) => [c, null]),
) as unknown as LiquidityCaps;

/** A clock the test moves by hand, in milliseconds. */
export class ManualClock {
  ms = T0_MS;
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const silentLogger = quietLogger();

/** What a treasury process sent out: progress to the engine and liquidity entries. */
export interface Outbox {
  progress: PayoutProgress[];
  liquidity: Map<CurrencyCode, LiquidityEntry>;
  /** Liquidity entries written, all currencies counted. */
  liquidityPuts: number;
  /** Set to make the progress sink throw (the bus is down). */
  busDown: boolean;
  /** Set to hold every progress report until it resolves (a slow bus). */
  progressGate?: Promise<void>;
}

export interface TreasuryProcess extends Treasury {
  chains: FakeChains;
  keys: TreasuryKeys;
  out: Outbox;
}

export interface Harness {
  db: TestDatabase;
  dataSource: DataSource;
  clock: ManualClock;
  ledger: LedgerRepository;
  /** A treasury process over the shared database: a second one is a restart after a crash. */
  start(options?: {
    chains?: FakeChains;
    caps?: LiquidityCaps;
    /** The payout policy's limits (the defaults when not given). */
    limits?: PayoutLimits;
    liquidityMinIntervalMs?: number;
    sendBatch?: number;
    wallets?: WalletObserver;
    /** Where the treasury logs (silent by default). */
    logger?: Logger;
  }): TreasuryProcess;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function openHarness(): Promise<Harness> {
  const db = await createTestDatabase();
  const dataSource = await createDataSource({
    url: db.url,
    schema: TREASURY_SCHEMA,
    migrations: TREASURY_MIGRATIONS,
  });
  const clock = new ManualClock();
  return {
    db,
    dataSource,
    clock,
    ledger: new LedgerRepository(dataSource),
    start: ({
      chains = new FakeChains(),
      caps = NO_CAPS,
      limits = DEFAULT_TEST_LIMITS,
      liquidityMinIntervalMs,
      sendBatch,
      wallets,
      logger = silentLogger,
    } = {}) => {
      const keys = new TreasuryKeys(fakeKeys);
      const out: Outbox = { progress: [], liquidity: new Map(), liquidityPuts: 0, busDown: false };
      const treasury = composeTreasury({
        dataSource,
        chains,
        keys,
        caps,
        limits,
        progress: async (p) => {
          await out.progressGate;
          if (out.busDown) throw new Error('bus down');
          out.progress.push(p);
        },
        liquidity: async (entry) => {
          out.liquidityPuts++;
          out.liquidity.set(entry.code, entry);
        },
        clock: clock.now,
        logger,
        retry: RETRY,
        liquidityMinIntervalMs,
        sendBatch,
        wallets,
      });
      return { ...treasury, chains, keys, out };
    },
    reset: async () => {
      clock.ms = T0_MS;
      await dataSource.query(
        'TRUNCATE transfers, replaced_transactions, transfer_transactions, ledger_entries, ledger_batches, swap_books, refund_orders, signing_freezes RESTART IDENTITY',
      );
    },
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    },
  };
}

/**
 * One harness for the calling suite: opened before its tests, reset (clock and tables) before each
 * one, closed after them. Returns the open harness.
 */
export function useHarness(): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await open().reset();
  });
  const open = (): Harness => {
    if (!harness) throw new Error('the treasury harness is not open (useHarness outside a describe?)');
    return harness;
  };
  return open;
}

export const ETH_USER = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A treasuryPayoutRequested command of 1.5 ETH for swap AbCdEfGhIj. */
export const payoutCommand = (overrides: Record<string, unknown> = {}) => ({
  payoutId: 'AbCdEfGhIj:payout:1',
  swapId: 'AbCdEfGhIj',
  network: 'ETH' as const,
  currency: 'ETH' as const,
  address: ETH_USER,
  amount: '1500000000000000000',
  requestedAt: T0_MS,
  ...overrides,
});

/** A real (not dry-run) swap snapshot; LTC → BTC unless overridden. */
export const swapAt = (overrides: Partial<SwapSnapshot>): SwapSnapshot => swapSnapshotFixture(overrides);

export const ALL_NETWORKS = NETWORKS;
