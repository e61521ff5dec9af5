import { Gauge, type Registry } from 'prom-client';
import { CURRENCIES, fromUnits, type CurrencyCode, type Network, type Clock } from '@swap/domain';

/** What the liquidity publisher tells of each hot wallet it reads (the metrics, or nothing). */
export interface WalletObserver {
  /** The node answered with the hot wallet's balance, in base units. */
  balance(code: CurrencyCode, units: bigint): void;
  /** What new payouts may take now (balance less reservations, capped), in base units. */
  available(code: CurrencyCode, units: bigint): void;
  /** The node could not be asked for the balance. */
  unreachable(code: CurrencyCode): void;
}

export const NO_WALLET_OBSERVER: WalletObserver = {
  balance: () => undefined,
  available: () => undefined,
  unreachable: () => undefined,
};

/** Whole coins as a float: close enough for a graph or a threshold; the books keep base units. */
const coins = (code: CurrencyCode, units: bigint) => Number(fromUnits(units, CURRENCIES[code].chainDecimals));

/** What a network's node answered the balance reads, for readiness (UNIX milliseconds). */
export interface NodeContact {
  /** When it last answered a balance read; null: not since the treasury started. */
  answeredAt: number | null;
  /** When the current run of failed reads began; null while it answers any of them. */
  failingSince: number | null;
  /** Balance reads failed in a row. */
  failures: number;
}

/**
 * swap_hot_wallet_balance{currency} (D16), what quotes may still promise, and whether each
 * network's node answered the last balance read (the liquidity refresh reads every hot wallet on
 * a timer, LIQUIDITY_REFRESH_SECONDS). What each node answered is also kept as NodeContact, which
 * readiness reads: a network is failing only while none of its reads (the coin's, a token's) is
 * answered.
 */
export class WalletMetrics implements WalletObserver {
  private readonly balanceGauge: Gauge<'currency'>;
  private readonly availableGauge: Gauge<'currency'>;
  private readonly nodeUpGauge: Gauge<'network'>;
  private readonly contacts = new Map<Network, NodeContact>();

  constructor(
    registry: Registry,
    private readonly clock: Clock = Date.now,
  ) {
    this.balanceGauge = new Gauge({
      name: 'swap_hot_wallet_balance',
      help: 'Hot-wallet balance per currency in whole coins, as a float (an approximation for graphs and alerts; amounts in the code stay exact base units)',
      labelNames: ['currency'],
      registers: [registry],
    });
    this.availableGauge = new Gauge({
      name: 'swap_liquidity_available',
      help: 'What new payouts may take per currency in whole coins, as a float: the hot-wallet balance less what is promised, capped by TREASURY_LIQUIDITY_<CODE>',
      labelNames: ['currency'],
      registers: [registry],
    });
    this.nodeUpGauge = new Gauge({
      name: 'swap_treasury_node_up',
      help: "1 when the network's node answered the treasury's last hot-wallet balance read, 0 when it could not be asked",
      labelNames: ['network'],
      registers: [registry],
    });
  }

  /** Each network's node as the balance reads found it (networks not read yet are absent). */
  nodeContacts(): Map<Network, NodeContact> {
    return new Map([...this.contacts].map(([network, contact]) => [network, { ...contact }]));
  }

  balance(code: CurrencyCode, units: bigint): void {
    const network = CURRENCIES[code].network;
    this.balanceGauge.set({ currency: code }, coins(code, units));
    this.nodeUpGauge.set({ network }, 1);
    this.contacts.set(network, { answeredAt: this.clock(), failingSince: null, failures: 0 });
  }

  available(code: CurrencyCode, units: bigint): void {
    this.availableGauge.set({ currency: code }, coins(code, units));
  }

  unreachable(code: CurrencyCode): void {
    const network = CURRENCIES[code].network;
    this.nodeUpGauge.set({ network }, 0);
    const last = this.contacts.get(network) ?? { answeredAt: null, failingSince: null, failures: 0 };
    this.contacts.set(network, {
      answeredAt: last.answeredAt,
      failingSince: last.failingSince ?? this.clock(),
      failures: last.failures + 1,
    });
  }
}
