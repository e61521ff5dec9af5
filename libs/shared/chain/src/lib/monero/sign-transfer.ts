import { SenderNotReady } from '../chain-sender';
import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';

/** monero-wallet-rpc error codes: the balance covers it, the unlocked part does not; or neither. */
const NOT_ENOUGH_UNLOCKED_MONEY = -37;
const NOT_ENOUGH_MONEY = -17;
/** Choosing decoys and proving ranges for many inputs takes a while. */
const TRANSFER_TIMEOUT_MS = 120_000;

export interface Destination {
  address: string;
  amount: bigint;
}

export interface UnrelayedTransfer {
  txid: string;
  fee: bigint;
  /** The transaction's secret key(s), hex: what check_tx_key takes to prove the payment. */
  txKey: string;
  txHex: string;
  metadata: string;
}

/**
 * One transaction from account 0 paying every destination, signed and NOT relayed. Signing two
 * before relaying the first would spend the same outputs twice, hence one transaction for all.
 */
export async function signTransfer(
  wallet: MoneroWallet,
  destinations: Destination[],
): Promise<UnrelayedTransfer> {
  // priority 0: the wallet's default; relay: false keeps the blob and metadata for broadcast.
  const config = { accountIndex: 0, destinations, priority: 0, relay: false };
  const tx = await wallet
    .use('transfer', (w) => w.createTx(config), TRANSFER_TIMEOUT_MS)
    .catch(async (err: unknown) => {
      throw await explain(wallet, err, destinations);
    });
  const [txid, fee, txKey, txHex, metadata] = [
    tx.getHash(),
    tx.getFee(),
    tx.getKey(),
    tx.getFullHex(),
    tx.getMetadata(),
  ];
  // A view-only wallet answers with an unsigned transaction set and no blob.
  if (!txid || fee === undefined || !txHex || !metadata || !txKey)
    throw new Error(`wallet ${wallet.name} gave no signed transaction: is it view-only?`);
  return { txid, fee, txKey, txHex, metadata };
}

async function explain(wallet: MoneroWallet, err: unknown, destinations: Destination[]): Promise<unknown> {
  if (!(err instanceof MoneroRpcError)) return err;
  if (err.code === NOT_ENOUGH_UNLOCKED_MONEY) return new SenderNotReady('waiting for outputs to unlock');
  if (err.code !== NOT_ENOUGH_MONEY) return err;
  const needed = destinations.reduce((sum, d) => sum + d.amount, 0n);
  const balance = await wallet.use('get_balance', (w) => w.getBalance(0)).catch(() => null);
  const holds = balance === null ? '' : `the wallet holds ${balance} piconero, `;
  return new Error(`insufficient funds: ${holds}the transfers need ${needed} piconero plus the fee`);
}
