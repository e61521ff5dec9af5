import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { accountPublicKeys, mnemonicToSeed } from '@swap/chain-keys';
import { EngineCreateSwapRequest, EngineInput, KeyTerms } from '@swap/contracts';
import { NETWORKS, Network, Swap } from '@swap/domain';
import { SwapEvent, transition } from '@swap/engine-domain';
import {
  DepositLogRepository,
  ENGINE_MIGRATIONS,
  ENGINE_SCHEMA,
  MoneyAttempts,
  OutboxMessage,
  OutboxRepository,
  SwapRepository,
} from '@swap/engine-data';
import { MarketFeed } from '@swap/market';
import { createDataSource } from '@swap/persistence';
import { createTestDatabase, type TestDatabase } from '@swap/testing';
import { ApplySwapEvent } from '../lib/apply-event';
import { CreateSwap } from '../lib/create-swap.use-case';
import { ChainParams, DepositAddresses } from '../lib/deposit-addresses';
import { HandleEngineInput } from '../lib/handle-input.use-case';
import { ReturnDeposit } from '../lib/return-deposit.use-case';
import { SwapCommands } from '../lib/swap-commands';
import { SwapMailbox } from '../lib/swap-mailbox';
import { swapUpdatedMessage } from '../lib/swap-updated.message';

/** The BIP39 test phrase; its BIP84/BIP44 addresses are published test vectors. */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** What the engine gets as <NETWORK>_XPUB. */
export const ACCOUNT_KEYS = accountPublicKeys(mnemonicToSeed(TEST_MNEMONIC));
export const CHAINS = Object.fromEntries(NETWORKS.map((n) => [n, 'mainnet'])) as Record<Network, ChainParams>;

/** 2023-11-14T22:13:20Z, in UNIX seconds. */
export const T0 = 1_700_000_000;
export const PAYMENT_WINDOW_SECONDS = 900;
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** The currencies whose liquidity the tests' treasury publishes. */
const LIQUIDITY_CODES = ['BTC', 'ETH', 'USDTERC'] as const;

/** A clock the test moves by hand; the engine reads it in milliseconds. */
export class ManualClock {
  ms = T0 * 1000;
  readonly now = (): number => this.ms;
  /** Sets the time in UNIX seconds. */
  set(seconds: number): void {
    this.ms = seconds * 1000;
  }
}

import { recordingLogger } from '@swap/domain/testing';

export { recordingLogger };
export type { LogEntry } from '@swap/domain/testing';

export const KEY: KeyTerms = {
  apiKey: 'ak_test',
  fixedRateEnabled: true,
  dryrunEnabled: true,
  autoExecuteOnMismatch: false,
  partnerPercent: '0',
  feeShare: '0',
};

/** 0.01 BTC → ETH, float, with a fresh request id. */
export function createRequest(
  overrides: Partial<Omit<EngineCreateSwapRequest, 'key'>> & { key?: Partial<KeyTerms> } = {},
): EngineCreateSwapRequest {
  const { key, ...rest } = overrides;
  return {
    requestId: `req-${randomUUID()}`,
    key: { ...KEY, ...key },
    type: 'float',
    from: 'BTC',
    to: 'ETH',
    direction: 'from',
    amount: '1000000',
    toAddress: ETH_ADDRESS,
    refundAddress: null,
    dryrun: false,
    ref: null,
    ...rest,
  };
}

export interface OutboxRow {
  msg_id: string;
  subject: string;
  payload: Record<string, unknown>;
  published: boolean;
}

/**
 * The engine wired as apps/engine wires it (repositories, mailbox, actor step, commands, creation)
 * on a throwaway database, with a hand-moved clock and a market fed by the test instead of NATS.
 */
export class EngineHarness {
  readonly clock = new ManualClock();
  readonly market = new MarketFeed(this.clock.now);
  readonly addresses = new DepositAddresses(ACCOUNT_KEYS, CHAINS);
  readonly swaps: SwapRepository;
  readonly outbox: OutboxRepository;
  readonly mailbox = new SwapMailbox();
  readonly apply: ApplySwapEvent;
  readonly commands: SwapCommands;
  readonly createSwap: CreateSwap;
  readonly deposits: DepositLogRepository;
  /** swapctl swaps return-deposit. */
  readonly returnDeposit: ReturnDeposit;
  readonly logger = recordingLogger();
  /** The actor's handler of watcher, treasury and refund reports. */
  readonly inputs: HandleEngineInput;
  /**
   * The handler as the inbox calls it, each input with the next stream sequence unless one is
   * given (a redelivery keeps its own).
   */
  readonly handleInput = {
    execute: (input: EngineInput, seq = this.nextSeq()) => this.inputs.execute(input, seq),
  };
  private lastSeq = 0;

  /** The stream sequence the next input gets, as the inbox stream numbers messages. */
  nextSeq(): number {
    return ++this.lastSeq;
  }
  /** How many times the use cases reported a commit (the engine kicks the relay there). */
  commits = 0;
  /** Called after each commit with its outbox messages, e.g. to hand them to a relay. */
  afterCommit: (messages: OutboxMessage[]) => void | Promise<void> = () => undefined;

  private constructor(
    private readonly db: TestDatabase,
    readonly dataSource: DataSource,
  ) {
    this.swaps = new SwapRepository(dataSource);
    this.outbox = new OutboxRepository(dataSource);
    const committed = async (messages: OutboxMessage[]) => {
      this.commits++;
      await this.afterCommit(messages);
    };
    this.apply = new ApplySwapEvent(this.swaps, this.mailbox, committed);
    this.commands = new SwapCommands(this.apply, this.market, this.clock.now);
    this.deposits = new DepositLogRepository(dataSource);
    this.inputs = new HandleEngineInput(
      this.swaps,
      this.deposits,
      this.apply,
      this.market,
      this.logger,
      this.clock.now,
    );
    this.returnDeposit = new ReturnDeposit(this.swaps, this.deposits, this.apply, {}, this.clock.now);
    this.createSwap = new CreateSwap(
      this.swaps,
      this.market,
      this.addresses,
      { paymentWindowSeconds: PAYMENT_WINDOW_SECONDS, clock: this.clock.now },
      committed,
    );
  }

  static async open(): Promise<EngineHarness> {
    const db = await createTestDatabase();
    try {
      const dataSource = await createDataSource({
        url: db.url,
        schema: ENGINE_SCHEMA,
        migrations: ENGINE_MIGRATIONS,
      });
      const engine = new EngineHarness(db, dataSource);
      engine.setPrices();
      return engine;
    } catch (err) {
      await db.drop();
      throw err;
    }
  }

  /**
   * Fresh prices at the current time: BTC $60,000 and ETH $4,000 make BTC→ETH exactly 15. The
   * treasury's liquidity is heard again too, unchanged, as its timer republishes it.
   */
  setPrices(prices: Record<string, string> = { BTC: '60000', ETH: '4000', USDT: '1' }): void {
    for (const [coin, usd] of Object.entries(prices)) {
      this.market.setPrice({ coin, usd, at: this.clock.now(), sources: [] });
    }
    for (const code of LIQUIDITY_CODES) {
      this.market.setLiquidity({
        code,
        available: this.market.available(code)?.toString() ?? null,
        at: this.clock.now(),
      });
    }
  }

  /** An empty engine at T0 with fresh prices, so every test starts from the same state. */
  async reset(): Promise<void> {
    await this.dataSource.query('TRUNCATE deposits, swaps, outbox, address_counters RESTART IDENTITY');
    this.clock.set(T0);
    for (const { coin } of this.market.priceEntries()) this.market.deletePrice(coin);
    for (const code of LIQUIDITY_CODES) {
      this.market.setLiquidity({ code, available: null, at: this.clock.now() });
    }
    this.setPrices();
    this.commits = 0;
    this.afterCommit = () => undefined;
    this.logger.entries.length = 0;
  }

  /**
   * Persists what the state machine makes of `event`, as the engine's other handlers (watchers,
   * treasury) would: used to bring a real swap to a state only the chain can reach.
   */
  async record(id: string, event: SwapEvent): Promise<Swap> {
    const swap = await this.swaps.find(id);
    if (!swap) throw new Error(`no swap ${id}`);
    const result = transition(swap, event);
    if (!result.ok || !result.changed) throw new Error(`${event.kind} refused in ${swap.status}`);
    return this.swaps.saveTransition(result.swap, swapUpdatedMessage);
  }

  outboxRows(): Promise<OutboxRow[]> {
    return this.dataSource.query(
      'SELECT msg_id, subject, payload, published_at IS NOT NULL AS published FROM outbox ORDER BY id',
    );
  }

  /** The payout and refund attempts the swap waits on. */
  async attempts(id: string): Promise<MoneyAttempts> {
    const found = await this.swaps.findWithAttempts(id);
    if (!found) throw new Error(`no swap ${id}`);
    return found.attempts;
  }

  async count(table: 'swaps' | 'outbox' | 'address_counters'): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`);
    return row.n;
  }

  async counters(): Promise<Record<string, number>> {
    const rows: Array<{ network: string; next_index: string }> = await this.dataSource.query(
      'SELECT network, next_index FROM address_counters ORDER BY network',
    );
    return Object.fromEntries(rows.map((row) => [row.network, Number(row.next_index)]));
  }

  async close(): Promise<void> {
    this.market.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.db.drop();
  }
}

/**
 * One harness for the calling suite: opened before its tests, reset (clock and tables) before each
 * one, closed after them. Returns the open harness.
 */
export function useEngineHarness(): () => EngineHarness {
  let harness: EngineHarness | undefined;
  beforeAll(async () => {
    harness = await EngineHarness.open();
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await open().reset();
  });
  const open = (): EngineHarness => {
    if (!harness) throw new Error('the engine harness is not open (useEngineHarness outside a describe?)');
    return harness;
  };
  return open;
}
