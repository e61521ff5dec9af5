import type { LiquidityEntry } from '@swap/contracts';
import {
  CURRENCIES,
  CURRENCY_CODES,
  toUnits,
  type CurrencyCode,
  type Network,
  type Logger,
  type Clock,
} from '@swap/domain';
import { DependencyWaits } from '@swap/service-kit';
import type { Reservations, TransferReports } from '@swap/treasury-data';
import type { ChainNodes } from '../chains/chain-nodes';
import type { TreasuryKeys } from '../keys/treasury-keys';
import { availableLiquidity } from './available-liquidity';
import type { LiquidityCaps } from './liquidity-caps';
import { NO_WALLET_OBSERVER, type WalletObserver } from '../metrics/wallet.metrics';

/** Where liquidity goes: the `liquidity` KV bucket that quotes and the engine's NO_LIQUIDITY rule read. */
export type LiquiditySink = (entry: LiquidityEntry) => Promise<void>;

export interface LiquidityPublisherDeps {
  transfers: TransferReports;
  chains: ChainNodes;
  keys: TreasuryKeys;
  caps: LiquidityCaps;
  sink: LiquiditySink;
  clock: Clock;
  logger: Logger;
  /**
   * Least time between two publishes asked for by kick(): under a stream of payouts every one
   * changes the reservations, and each publish reads every hot wallet's balance. 0: at once.
   */
  minIntervalMs?: number;
  /** Told of each hot-wallet balance read and what it leaves available (the metrics). */
  wallets?: WalletObserver;
}

/**
 * Publishes available(currency) = hot-wallet balance − reservations, capped by the operator: every
 * currency on a timer, and a network's currencies right after a reservation there changes (kick),
 * so a payout on one network asks one node, not all of them. A currency whose node cannot be asked
 * keeps its last published value rather than a guess (it ages out for quotes), and that node is
 * asked less often the longer it stays away (DependencyWait's backoff, up to 30 s).
 */
export class LiquidityPublisher {
  private running: Promise<void> | null = null;
  private publishing = false;
  private again = false;
  private lastKickedAt = Number.NEGATIVE_INFINITY;
  /** Networks kicked since the last kicked run started. */
  private kicked = new Set<Network>();
  /** Each network's node, as its balance reads found it: one line per outage, not one per read. */
  private readonly waits: DependencyWaits<Network>;

  constructor(private readonly deps: LiquidityPublisherDeps) {
    this.waits = new DependencyWaits((network) => `liquidity of ${network}`, deps.logger, {
      clock: deps.clock,
      faultLevel: 'warn',
    });
  }

  /** Every currency, or only those of the given networks. */
  async publish(networks?: ReadonlySet<Network>): Promise<void> {
    const reserved = await this.deps.transfers.reservations();
    // A node that failed is asked again only once its backoff is over (it keeps its last value meanwhile).
    const due = (code: CurrencyCode) => this.waits.of(CURRENCIES[code].network).due();
    const codes = (
      networks ? CURRENCY_CODES.filter((code) => networks.has(CURRENCIES[code].network)) : CURRENCY_CODES
    ).filter(due);
    const failures = (await Promise.all(codes.map((code) => this.publishOne(code, reserved)))).filter(
      (failure) => failure !== null,
    );
    // A network's node is back once every read there succeeded (a token's too).
    for (const network of new Set(codes.map((code) => CURRENCIES[code].network))) {
      const failed = failures.filter(({ code }) => CURRENCIES[code].network === network);
      if (failed.length === 0) this.waits.of(network).succeeded();
      for (const { code, err } of failed)
        this.waits.of(network).failed(err, `liquidity of ${code} not refreshed`, { code });
    }
  }

  /**
   * Publishes the network's currencies now, or once more right after the run under way; within
   * minIntervalMs of the last kicked run, once that interval is over (a run that has not started
   * yet reads the newest state, for every network kicked until it starts).
   */
  kick(network: Network): void {
    this.kicked.add(network);
    this.schedule();
  }

  private schedule(): void {
    if (this.running) {
      this.again ||= this.publishing;
      return;
    }
    const wait = this.lastKickedAt + (this.deps.minIntervalMs ?? 0) - performance.now();
    const run = () => {
      this.publishing = true;
      this.lastKickedAt = performance.now();
      const networks = this.kicked;
      this.kicked = new Set();
      return this.publish(networks);
    };
    this.running = (wait > 0 ? delay(wait).then(run) : run())
      .catch((err: unknown) => this.deps.logger.error({ err }, 'liquidity publish failed'))
      .finally(() => {
        this.running = null;
        this.publishing = false;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  /** Resolves once the publish under way or waiting (if any) is over. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Null when published; else what failed, for the network's DependencyWait. */
  private async publishOne(
    code: CurrencyCode,
    reserved: Reservations,
  ): Promise<{ code: CurrencyCode; err: unknown } | null> {
    const { caps, sink, clock } = this.deps;
    try {
      const balance = await this.hotBalance(code);
      // The hot wallet keeps the chain's account floor (Solana's rent-exempt minimum): not liquid.
      const floor = CURRENCIES[code].accountMinimum;
      const kept = floor === undefined ? 0n : toUnits(floor, CURRENCIES[code].chainDecimals);
      const available = availableLiquidity(balance, (reserved.get(code) ?? 0n) + kept, caps[code]);
      this.wallets.available(code, available);
      await sink({ code, available: available.toString(), at: clock() });
      return null;
    } catch (err) {
      return { code, err };
    }
  }

  /** The hot wallet's balance as its node reports it; the metrics hear whether the node answered. */
  private async hotBalance(code: CurrencyCode): Promise<bigint> {
    const { chains, keys } = this.deps;
    const network = CURRENCIES[code].network;
    try {
      const units = await chains.reader(network).balance(keys.hotAddress(network), code);
      this.wallets.balance(code, units);
      return units;
    } catch (err) {
      this.wallets.unreachable(code);
      throw err;
    }
  }

  private get wallets(): WalletObserver {
    return this.deps.wallets ?? NO_WALLET_OBSERVER;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
