import { z } from 'zod';
import type { ChainTransfer } from '../chain-reader';
import type { MoneroWallet } from './monero-wallet';
import { count, hash, piconero, readAnswer } from './rpc-values';

/** A ChainTransfer and the height of its block. */
export type HeightTransfer = ChainTransfer & { height: number };

// One entry per (transaction, subaddress): the wallet adds up the outputs of one subaddress.
const entry = z.object({
  txid: hash,
  address: z.string(),
  amount: piconero,
  height: count,
  subaddr_index: z.object({ major: count, minor: count }),
});

const toTransfer = (e: z.infer<typeof entry>): HeightTransfer => ({
  txid: e.txid,
  index: e.subaddr_index.minor,
  currency: 'XMR',
  to: e.address,
  amount: e.amount,
  from: [],
  height: e.height,
});

/** Incoming transfers of account 0 mined at heights `from`…`to` (both included). */
export async function minedTransfers(
  wallet: MoneroWallet,
  from: number,
  to: number,
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
  return readAnswer(z.object({ in: z.array(entry).default([]) }), answer, 'get_transfers').in.map(toTransfer);
}

/** Incoming transfers of account 0 waiting in the daemon's pool, as of the wallet's last refresh. */
export async function pooledTransfers(wallet: MoneroWallet): Promise<ChainTransfer[]> {
  const answer = await wallet.call('get_transfers', { pool: true, account_index: 0 });
  const { pool } = readAnswer(z.object({ pool: z.array(entry).default([]) }), answer, 'get_transfers');
  return pool.map((e) => {
    const { height: _height, ...transfer } = toTransfer(e);
    return transfer;
  });
}
