import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES, fromUnits, type CurrencyCode, type SwapStatus } from '@swap/domain';
import type { SwapClient, SwapOrder } from '@swap/sdk';
import { settledAs } from './crash-later-checks';
import { units, type Kind, type Running } from './crash-plan';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A second deposit to a swap, sent while the services are killed. further: once the swap is
 * credited, so it lands while the swap pays out (paid on its own) or after DONE (returned);
 * late: once the swap ended, so it goes back less 1 %.
 */
export interface Extra {
  swap: Running;
  kind: 'further' | 'late';
  /** Half the swap's first deposit. */
  amount: string;
  txid?: string;
  /** When it was sent, and the status the swap showed then. */
  sentAt?: number;
  sentWhile?: SwapStatus;
}

const READY: Record<Extra['kind'], readonly SwapStatus[]> = {
  further: ['EXCHANGING', 'SENDING', 'DONE'],
  late: ['DONE', 'REFUNDED'],
};

const half = (amount: string, code: CurrencyCode) =>
  fromUnits(units(amount, code) / 2n, CURRENCIES[code].chainDecimals, CURRENCIES[code].precision);

/**
 * 4 float swaps get a further deposit, from BTC or SOL, whose one confirmation can beat the swap's
 * own payout (TRX's 20 and ETH's 12 would almost always come after DONE); 2 other float swaps and
 * 2 refunded ones a late deposit. Drawn from `draw`.
 */
export function planExtras(swaps: Running[], draw: () => number): Extra[] {
  const shuffled = (kind: Kind) =>
    swaps
      .filter((swap) => swap.kind === kind)
      .map((swap) => ({ swap, key: draw() }))
      .sort((a, b) => a.key - b.key)
      .map(({ swap }) => swap);
  const extra = (kind: Extra['kind']) => (swap: Running) => ({
    swap,
    kind,
    amount: half(swap.paid, swap.from),
  });
  const floats = shuffled('float');
  const quick = floats.filter((swap) => CURRENCIES[swap.from].reqConfirmations === 1).slice(0, 4);
  const others = floats.filter((swap) => !quick.includes(swap)).slice(0, 2);
  return [
    ...quick.map(extra('further')),
    ...[...others, shuffled('below-minimum')[0], shuffled('more-refund')[0]].map(extra('late')),
  ];
}

/** The public order shows the extra deposit handled: paid with the swap DONE, or sent back. */
function handledInOrder(order: SwapOrder, extra: Extra): boolean {
  const back = order.returns.find((ret) => ret.depositTx === extra.txid);
  if (back) return back.status === 'REFUNDED' || back.status === 'FAILED';
  const both = units(extra.swap.paid, extra.swap.from) + units(extra.amount, extra.swap.from);
  return order.status === 'DONE' && units(order.from.amountDeposited, extra.swap.from) === both;
}

/** What the extra deposits are sent and followed with. */
export interface ExtraPorts {
  api: SwapClient;
  /** Deposits the extra on the devnet: its txid. */
  send: (extra: Extra) => Promise<string>;
  /** The engine's snapshot of a swap. */
  show: (id: string) => Promise<SwapSnapshot>;
}

/**
 * Sends each extra deposit once its swap shows a status it waits for (asking the public API every
 * 250 ms), until all are sent or stop(); then follows them to their end.
 */
export class ExtraDeposits {
  private stopping = false;
  private failure: unknown;
  private readonly done: Promise<void>;

  constructor(
    readonly extras: Extra[],
    private readonly ports: ExtraPorts,
  ) {
    // Kept until stop(), so a failed deposit fails the test rather than the process.
    this.done = this.run().catch((error: unknown) => {
      this.failure = error ?? new Error('extra deposits failed');
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.done;
    if (this.failure) throw this.failure;
  }

  /** Until every extra was sent and handled as the public orders show, or `deadline`: those still open. */
  async follow(deadline: number): Promise<string[]> {
    const open = new Set(this.extras);
    while (open.size > 0 && Date.now() < deadline) {
      for (const extra of open) {
        const order = extra.txid ? await this.ports.api.status(extra.swap.id).catch(() => null) : null;
        if (order && handledInOrder(order, extra)) open.delete(extra);
      }
      if (open.size > 0) await sleep(500);
    }
    return [...open].map((e) => `${e.swap.id} ${e.kind} deposit ${e.txid ? 'not handled' : 'not sent'}`);
  }

  /**
   * Until the engine shows each extra's payout landed or its return confirmed (the public order
   * shows a return REFUNDED once broadcast), or `deadline`: those still open. Notes each outcome.
   */
  async settled(deadline: number, note: (line: string) => void): Promise<string[]> {
    let open = this.extras;
    while (open.length > 0 && Date.now() < deadline) {
      const outcomes = await Promise.all(
        open.map(async (e) => settledAs(await this.ports.show(e.swap.id), e)),
      );
      for (const [i, outcome] of outcomes.entries())
        if (outcome) note(`${open[i].kind} deposit to ${open[i].swap.id}: ${outcome}`);
      open = open.filter((_, i) => outcomes[i] === null);
      if (open.length > 0) await sleep(500);
    }
    return open.map((e) => `${e.swap.id} ${e.kind} deposit not settled in the engine`);
  }

  private async run(): Promise<void> {
    while (!this.stopping && this.extras.some((extra) => !extra.txid)) {
      for (const extra of this.extras.filter((e) => !e.txid)) {
        // A status the API could not give (the engine restarting) is asked again next round.
        const status = await this.ports.api.status(extra.swap.id).then(
          (order) => order.status,
          () => null,
        );
        if (status === null || !READY[extra.kind].includes(status)) continue;
        extra.sentWhile = status;
        // Never retried: the devnet may have taken a deposit whose reply was lost.
        extra.txid = await this.ports.send(extra);
        extra.sentAt = Date.now();
      }
      await sleep(250);
    }
  }
}
