import type { SwapSnapshot } from '@swap/contracts';
import { CURRENCIES } from '@swap/domain';
import type { Extra } from './crash-later';
import { hotWallet, network, units, type Running } from './crash-plan';

/** A transaction on the devnet and the treasury transfer that sent it, as a swap's payments are compared. */
export interface Payment {
  sent: { txid?: string; sender: string; currency: string; amount?: string; state: string };
  transfer: { kind: string; txid?: string; state: string };
}

/** Section 3: the deposit less the 1 % refund fee, rounded down to the API precision; no network fee. */
export function returnAmount(extra: Extra): bigint {
  const { chainDecimals, precision } = CURRENCIES[extra.swap.from];
  const step = 10n ** BigInt(Math.max(0, chainDecimals - precision));
  return ((units(extra.amount, extra.swap.from) * 99n) / 100n / step) * step;
}

const laterOf = (snapshot: SwapSnapshot, extra: Extra) =>
  snapshot.later.find((deposit) => deposit.tx === extra.txid);

/**
 * How the engine settled the extra deposit: PAID once its further payout landed, RETURNED once its
 * return confirmed (with why), RETURN FAILED; null while neither.
 */
export function settledAs(snapshot: SwapSnapshot, extra: Extra): string | null {
  const later = laterOf(snapshot, extra);
  if (later?.handling === 'PAID') return later.payout?.state === 'DONE' ? 'PAID' : null;
  const back = snapshot.returns.filter((ret) => ret.deposit === later?.id).at(-1);
  if (back?.state === 'FAILED') return 'RETURN FAILED';
  return back?.state === 'CONFIRMED' ? `RETURNED (${back.reason})` : null;
}

/** What the engine's snapshot says became of the deposits after the swap's own. */
export function laterDeposits(snapshot: SwapSnapshot) {
  return {
    deposited: snapshot.amountDeposited,
    later: snapshot.later.map((later) => ({
      tx: later.tx,
      amount: later.amount,
      handling: later.handling,
      payout: later.payout?.state ?? null,
      returns: snapshot.returns
        .filter((ret) => ret.deposit === later.id)
        .map(({ state, address, amount }) => ({ state, address, amount })),
    })),
    returns: snapshot.returns.length,
  };
}

/**
 * What it must say: the first deposit credited alone, and the extra one (if any) handled once: a
 * further deposit the swap took paid with its payout landed, any other returned once, confirmed,
 * to the refund address, less 1 %.
 */
export function expectedLaterDeposits(swap: Running, snapshot: SwapSnapshot, extra?: Extra) {
  const paid = extra?.kind === 'further' && laterOf(snapshot, extra)?.handling === 'PAID';
  const back = { state: 'CONFIRMED', address: swap.refundAddress, amount: extra && `${returnAmount(extra)}` };
  return {
    deposited: `${units(swap.paid, swap.from)}`,
    later: extra
      ? [
          {
            tx: extra.txid,
            amount: `${units(extra.amount, swap.from)}`,
            handling: paid ? 'PAID' : 'RETURNED',
            payout: paid ? 'DONE' : null,
            returns: paid ? [] : [back],
          },
        ]
      : [],
    returns: extra && !paid ? 1 : 0,
  };
}

/**
 * The extra deposit's payout (from the hot wallet of the swap's to-network, for what the engine
 * paid) or return (from the from-network's, for the deposit less 1 %), one treasury transfer each.
 */
export function extraPayment(swap: Running, snapshot: SwapSnapshot, extra: Extra): Payment {
  const later = laterOf(snapshot, extra);
  if (later?.handling === 'PAID') {
    const txid = later.payout?.tx?.id;
    return {
      sent: {
        txid,
        sender: hotWallet(network(swap.to)),
        currency: swap.to,
        amount: later.payout?.amountTo,
        state: 'confirmed',
      },
      transfer: { kind: 'payout', txid, state: 'CONFIRMED' },
    };
  }
  const txid = snapshot.returns.find((ret) => ret.deposit === later?.id)?.tx?.id;
  return {
    sent: {
      txid,
      sender: hotWallet(network(swap.from)),
      currency: swap.from,
      amount: `${returnAmount(extra)}`,
      state: 'confirmed',
    },
    transfer: { kind: 'refund', txid, state: 'CONFIRMED' },
  };
}

/** Sorted by txid, so payments compare whatever order they were sent in. */
export const byTxid = <T extends { txid?: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => (a.txid ?? '').localeCompare(b.txid ?? ''));
