import { z } from 'zod';
import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';
import { count, piconero, readAnswer } from './rpc-values';

const balance = z.object({
  unlocked_balance: piconero,
  per_subaddress: z.array(z.object({ address_index: count, unlocked_balance: piconero })).default([]),
});

/**
 * What the wallet can spend now, in piconero: the whole of account 0 for the primary address
 * (deposits land on subaddresses of the same wallet, so they are the hot wallet's funds without a
 * sweep), one subaddress's otherwise.
 */
export async function unlockedBalance(wallet: MoneroWallet, address: string): Promise<bigint> {
  if (address === wallet.address) {
    const answer = await wallet.call('get_balance', { account_index: 0 });
    return readAnswer(balance, answer, 'get_balance').unlocked_balance;
  }
  const minor = await subaddressIndex(wallet, address);
  const answer = await wallet.call('get_balance', { account_index: 0, address_indices: [minor] });
  const entry = readAnswer(balance, answer, 'get_balance').per_subaddress.find(
    (s) => s.address_index === minor,
  );
  return entry?.unlocked_balance ?? 0n;
}

async function subaddressIndex(wallet: MoneroWallet, address: string): Promise<number> {
  let index: { major: number; minor: number };
  try {
    const answer = await wallet.call('get_address_index', { address });
    const schema = z.object({ index: z.object({ major: count, minor: count }) });
    index = readAnswer(schema, answer, 'get_address_index').index;
  } catch (err) {
    if (err instanceof MoneroRpcError)
      throw new Error(`${address} is not an address of wallet ${wallet.name}`);
    throw err;
  }
  if (index.major !== 0) throw new Error(`${address} is not in account 0 of wallet ${wallet.name}`);
  return index.minor;
}
