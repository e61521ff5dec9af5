import { z } from 'zod';
import type { ChainTransfer } from '../chain-reader';
import type { MoneroWallet } from './monero-wallet';
import { count, hash, piconero, readAnswer } from './rpc-values';

/** A ChainTransfer and the height of its block. */
export type HeightTransfer = ChainTransfer & { height: number };

/** Below this, an unlock_time is a block height; from it on, a UNIX time (Monero's rule). */
const UNLOCK_TIME_IS_HEIGHT_BELOW = 500_000_000n;
/** Every Monero output is spendable 10 blocks after its own (CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE). */
const SPENDABLE_AGE = 10n;

// One entry per (transaction, subaddress): the wallet adds up the outputs of one subaddress.
const entry = z.object({
  txid: hash,
  address: z.string(),
  amount: piconero,
  height: count,
  subaddr_index: z.object({ major: count, minor: count }),
  unlock_time: z.string().regex(/^\d+$/).transform(BigInt).default(0n),
});

type Entry = z.infer<typeof entry>;

/** A transfer whose sender locked it beyond the usual spendable age: no deposit to credit. */
export interface LockedTransfer {
  txid: string;
  address: string;
  unlockTime: bigint;
}

/**
 * Whether the sender locked the output past the point it would be spendable anyway: until a
 * later block (or time) the treasury could not move it, so crediting it would pay out money the
 * service cannot touch. A pooled entry (no height yet) is locked by any unlock_time at all.
 */
function timeLocked(e: Entry, nowSeconds: number): boolean {
  if (e.unlock_time === 0n) return false;
  if (e.unlock_time >= UNLOCK_TIME_IS_HEIGHT_BELOW) return e.unlock_time > BigInt(nowSeconds);
  return e.height === 0 || e.unlock_time > BigInt(e.height) + SPENDABLE_AGE;
}

/** The entries a deposit may be made of; the others go to `onLocked`. */
function unlocked(entries: Entry[], onLocked: (transfer: LockedTransfer) => void): Entry[] {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return entries.filter((e) => {
    if (!timeLocked(e, nowSeconds)) return true;
    onLocked({ txid: e.txid, address: e.address, unlockTime: e.unlock_time });
    return false;
  });
}

const toTransfer = (e: Entry): HeightTransfer => ({
  txid: e.txid,
  index: e.subaddr_index.minor,
  currency: 'XMR',
  to: e.address,
  amount: e.amount,
  from: [],
  height: e.height,
});

/**
 * Incoming transfers of account 0 mined at heights `from`…`to` (both included); those time-locked
 * by their sender are left out and handed to `onLocked`.
 */
export async function minedTransfers(
  wallet: MoneroWallet,
  from: number,
  to: number,
  onLocked: (transfer: LockedTransfer) => void = () => undefined,
): Promise<HeightTransfer[]> {
  // get_transfers takes heights above min_height, up to max_height.
  // Nothing of ours is in the genesis block, so height 0 may be left out.
  const params = {
    in: true,
    account_index: 0,
    filter_by_height: true,
    min_height: Math.max(0, from - 1),
    max_height: to,
  };
  const answer = await wallet.call('get_transfers', params);
  const { in: incoming } = readAnswer(z.object({ in: z.array(entry).default([]) }), answer, 'get_transfers');
  return unlocked(incoming, onLocked).map(toTransfer);
}

/** Incoming transfers of account 0 waiting in the daemon's pool, as of the wallet's last refresh. */
export async function pooledTransfers(
  wallet: MoneroWallet,
  onLocked: (transfer: LockedTransfer) => void = () => undefined,
): Promise<ChainTransfer[]> {
  const answer = await wallet.call('get_transfers', { pool: true, account_index: 0 });
  const { pool } = readAnswer(z.object({ pool: z.array(entry).default([]) }), answer, 'get_transfers');
  return unlocked(pool, onLocked).map((e) => {
    const { height: _height, ...transfer } = toTransfer(e);
    return transfer;
  });
}
