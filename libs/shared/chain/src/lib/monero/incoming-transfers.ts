import type { MoneroIncomingTransfer, MoneroTransferQuery } from 'monero-ts';
import type { ChainTransfer } from '../chain-reader';
import type { MoneroWallet } from './monero-wallet';

/** A ChainTransfer and the height of its block. */
export type HeightTransfer = ChainTransfer & { height: number };

/** Below this, an unlock_time is a block height; from it on, a UNIX time (Monero's rule). */
const UNLOCK_TIME_IS_HEIGHT_BELOW = 500_000_000n;
/** Every Monero output is spendable 10 blocks after its own (CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE). */
const SPENDABLE_AGE = 10n;

/** One incoming (transaction, subaddress) entry of the wallet: it adds up that subaddress's outputs. */
interface Entry {
  txid: string;
  address: string;
  amount: bigint;
  /** 0 while in the pool. */
  height: number;
  minor: number;
  unlockTime: bigint;
}

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
  if (e.unlockTime === 0n) return false;
  if (e.unlockTime >= UNLOCK_TIME_IS_HEIGHT_BELOW) return e.unlockTime > BigInt(nowSeconds);
  return e.height === 0 || e.unlockTime > BigInt(e.height) + SPENDABLE_AGE;
}

/** The entries a deposit may be made of; the others go to `onLocked`. */
function unlocked(entries: Entry[], onLocked: (transfer: LockedTransfer) => void): Entry[] {
  const nowSeconds = Math.floor(Date.now() / 1000);
  return entries.filter((e) => {
    if (!timeLocked(e, nowSeconds)) return true;
    onLocked({ txid: e.txid, address: e.address, unlockTime: e.unlockTime });
    return false;
  });
}

const toTransfer = (e: Entry): HeightTransfer => ({
  txid: e.txid,
  index: e.minor,
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
  // Nothing of ours is in the genesis block, so height 0 may be left out.
  const query = { accountIndex: 0, txQuery: { minHeight: from, maxHeight: to } };
  const entries = await incoming(wallet, query);
  return unlocked(entries, onLocked).map(toTransfer);
}

/** Incoming transfers of account 0 waiting in the daemon's pool, as of the wallet's last refresh. */
export async function pooledTransfers(
  wallet: MoneroWallet,
  onLocked: (transfer: LockedTransfer) => void = () => undefined,
): Promise<ChainTransfer[]> {
  const entries = await incoming(wallet, { accountIndex: 0, txQuery: { inTxPool: true } });
  return unlocked(entries, onLocked).map((e) => {
    const { height: _height, ...transfer } = toTransfer(e);
    return transfer;
  });
}

async function incoming(wallet: MoneroWallet, query: Partial<MoneroTransferQuery>): Promise<Entry[]> {
  const transfers = await wallet.use('get_transfers', (w) => w.getIncomingTransfers(query));
  return transfers.map(entryOf);
}

function entryOf(t: MoneroIncomingTransfer): Entry {
  const tx = t.getTx();
  return {
    txid: tx.getHash(),
    address: t.getAddress(),
    amount: t.getAmount(),
    height: tx.getHeight() ?? 0,
    minor: t.getSubaddressIndex(),
    // monero-ts keeps unlock_time as the answer had it: a number up to 15 digits, a string beyond.
    unlockTime: BigInt(tx.getUnlockTime() ?? 0),
  };
}
