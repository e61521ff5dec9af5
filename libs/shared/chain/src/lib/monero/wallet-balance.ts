import { MoneroRpcError } from './monero-rpc';
import type { MoneroWallet } from './monero-wallet';

/**
 * What the wallet can spend now, in piconero: the whole of account 0 for the primary address
 * (deposits land on subaddresses of the same wallet, so they are the hot wallet's funds without a
 * sweep), one subaddress's otherwise.
 */
export async function unlockedBalance(wallet: MoneroWallet, address: string): Promise<bigint> {
  if (address === wallet.address) return wallet.use('get_balance', (w) => w.getUnlockedBalance(0));
  const minor = await subaddressIndex(wallet, address);
  return wallet.use('get_balance', (w) => w.getUnlockedBalance(0, minor));
}

async function subaddressIndex(wallet: MoneroWallet, address: string): Promise<number> {
  let index: { major: number; minor: number };
  try {
    index = await wallet.use('get_address_index', async (w) => {
      const subaddress = await w.getAddressIndex(address);
      return { major: subaddress.getAccountIndex(), minor: subaddress.getIndex() };
    });
  } catch (err) {
    if (err instanceof MoneroRpcError)
      throw new Error(`${address} is not an address of wallet ${wallet.name}`);
    throw err;
  }
  if (index.major !== 0) throw new Error(`${address} is not in account 0 of wallet ${wallet.name}`);
  return index.minor;
}
