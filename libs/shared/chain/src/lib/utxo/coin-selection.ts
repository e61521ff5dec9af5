import { dustLimit, feeFor, p2wpkhTxVsize } from './tx-size';

/** A confirmed P2WPKH output of the wallet. */
export interface Coin {
  txid: string;
  vout: number;
  value: bigint;
}

export interface Payment {
  script: Uint8Array;
  value: bigint;
}

export interface SelectionParams {
  /** sat per 1000 vB. */
  feeRate: bigint;
  /** Where change goes (the hot address). */
  changeScript: Uint8Array;
  dustRelaySatVb: bigint;
}

export type Selection<C extends Coin = Coin> =
  | { ok: true; inputs: C[]; change: bigint; fee: bigint }
  /** `needed`: what the payments and the fee of spending every coin would take. */
  | { ok: false; needed: bigint; available: bigint };

/**
 * Largest coins first, until they pay the outputs and their own fee. Few inputs keep each
 * payout's fee (paid by the treasury) low and its size bounded whatever the number of small
 * deposits; the small coins are left for batches that need them. Change below dust is not worth
 * an output and goes to the fee.
 */
export function selectCoins<C extends Coin>(
  coins: readonly C[],
  payments: readonly Payment[],
  params: SelectionParams,
): Selection<C> {
  const { feeRate, changeScript } = params;
  const target = payments.reduce((sum, p) => sum + p.value, 0n);
  const scripts = payments.map((p) => p.script.length);
  const ordered = [...coins].sort(
    (a, b) =>
      (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
      a.txid.localeCompare(b.txid) ||
      a.vout - b.vout,
  );
  const inputs: C[] = [];
  let total = 0n;
  for (const coin of ordered) {
    inputs.push(coin);
    total += coin.value;
    const bareFee = feeFor(p2wpkhTxVsize(inputs.length, scripts), feeRate);
    if (total < target + bareFee) continue;
    const changeFee = feeFor(p2wpkhTxVsize(inputs.length, [...scripts, changeScript.length]), feeRate);
    const change = total - target - changeFee;
    if (change >= dustLimit(changeScript, params.dustRelaySatVb))
      return { ok: true, inputs, change, fee: changeFee };
    return { ok: true, inputs, change: 0n, fee: total - target };
  }
  const needed = target + feeFor(p2wpkhTxVsize(Math.max(1, ordered.length), scripts), feeRate);
  return { ok: false, needed, available: total };
}

/**
 * `fee` shared among `count` payments of one transaction: equal shares, the remainder one unit at a
 * time to the first ones, so the shares always add up to the fee exactly.
 */
export function splitFee(fee: bigint, count: number): bigint[] {
  const n = BigInt(count);
  const share = fee / n;
  const remainder = Number(fee % n);
  return Array.from({ length: count }, (_, i) => share + (i < remainder ? 1n : 0n));
}
