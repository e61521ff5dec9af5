import type { LiquidityEntry } from '@swap/contracts';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '@swap/domain';
import type { Reservations, TransferRepository } from '@swap/treasury-data';
import type { ChainNodes, Clock, TreasuryLogger } from '../chains/chain-nodes';
import type { TreasuryKeys } from '../keys/treasury-keys';
import { availableLiquidity } from './available-liquidity';
import type { LiquidityCaps } from './liquidity-caps';

/** Where liquidity goes: the `liquidity` KV bucket that quotes and the engine's NO_LIQUIDITY rule read. */
export type LiquiditySink = (entry: LiquidityEntry) => Promise<void>;

export interface LiquidityPublisherDeps {
  transfers: TransferRepository;
  chains: ChainNodes;
  keys: TreasuryKeys;
  caps: LiquidityCaps;
  sink: LiquiditySink;
  clock: Clock;
  logger: TreasuryLogger;
}

/**
 * Publishes available(currency) = hot-wallet balance − reservations, capped by the operator, on a
 * timer and right after a reservation changes (kick). A currency whose node cannot be asked keeps
 * its last published value rather than a guess.
 */
export class LiquidityPublisher {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: LiquidityPublisherDeps) {}

  async publish(): Promise<void> {
    const reserved = await this.deps.transfers.reservations();
    await Promise.all(CURRENCY_CODES.map((code) => this.publishOne(code, reserved)));
  }

  /** Publishes now, or once more right after the run under way. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.publish()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'liquidity publish failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the publish under way (if any) is over. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async publishOne(code: CurrencyCode, reserved: Reservations): Promise<void> {
    const { chains, keys, caps, sink, clock, logger } = this.deps;
    const network = CURRENCIES[code].network;
    try {
      const balance = await chains.reader(network).balance(keys.hotAddress(network), code);
      const available = availableLiquidity(balance, reserved.get(code) ?? 0n, caps[code]);
      await sink({ code, available: available.toString(), at: clock() });
    } catch (err) {
      logger.warn({ err, code }, 'liquidity not refreshed');
    }
  }
}
