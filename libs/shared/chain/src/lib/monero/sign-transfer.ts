import { z } from 'zod';
import { SenderNotReady } from '../chain-sender';
import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';
import { hash, piconero, readAnswer } from './rpc-values';

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

const answer = z.object({
  tx_hash: hash,
  fee: piconero,
  tx_key: z.string(),
  tx_blob: z.string(),
  tx_metadata: z.string(),
});

/**
 * One transaction from account 0 paying every destination, signed and NOT relayed. Signing two
 * before relaying the first would spend the same outputs twice, hence one transaction for all.
 */
export async function signTransfer(
  wallet: MoneroWallet,
  destinations: Destination[],
): Promise<UnrelayedTransfer> {
  let result: z.infer<typeof answer>;
  try {
    const params = {
      destinations,
      account_index: 0,
      priority: 0,
      get_tx_key: true,
      get_tx_hex: true,
      get_tx_metadata: true,
      do_not_relay: true,
    };
    result = readAnswer(answer, await wallet.call('transfer', params, TRANSFER_TIMEOUT_MS), 'transfer');
  } catch (err) {
    throw await explain(wallet, err, destinations);
  }
  // A view-only wallet answers with an unsigned transaction set and no blob.
  if (!result.tx_blob || !result.tx_metadata || !result.tx_key)
    throw new Error(`wallet ${wallet.name} gave no signed transaction: is it view-only?`);
  return {
    txid: result.tx_hash,
    fee: result.fee,
    txKey: result.tx_key,
    txHex: result.tx_blob,
    metadata: result.tx_metadata,
  };
}

async function explain(wallet: MoneroWallet, err: unknown, destinations: Destination[]): Promise<unknown> {
  if (!(err instanceof MoneroRpcError)) return err;
  if (err.code === NOT_ENOUGH_UNLOCKED_MONEY) return new SenderNotReady('waiting for outputs to unlock');
  if (err.code !== NOT_ENOUGH_MONEY) return err;
  const needed = destinations.reduce((sum, d) => sum + d.amount, 0n);
  const balance = await wallet
    .call('get_balance', { account_index: 0 })
    .then((a) => readAnswer(z.object({ balance: piconero }), a, 'get_balance').balance)
    .catch(() => null);
  const holds = balance === null ? '' : `the wallet holds ${balance} piconero, `;
  return new Error(`insufficient funds: ${holds}the transfers need ${needed} piconero plus the fee`);
}
