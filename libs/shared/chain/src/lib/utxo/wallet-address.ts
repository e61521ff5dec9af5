import { addressInfo, decodedScript, query } from './rpc-schemas';
import type { UtxoRpc } from './utxo-rpc';

/** `…/0/<index>` at the end of a key path: the account's receive branch, whatever origin precedes it. */
const RECEIVE_PATH = /\/0\/(\d+)$/;
/** The key origin in a descriptor such as `wpkh([b48615ad/0/7]02…)`. */
const ORIGIN = /\[[0-9a-f]{8}((?:\/\d+['h]?)*)\]/;

export function receiveIndexOfPath(path: string | undefined): number | null {
  const match = path === undefined ? null : RECEIVE_PATH.exec(path);
  return match ? Number(match[1]) : null;
}

/** The receive index in the key origin of a descriptor listunspent gives, if it has one. */
export function receiveIndexOfDescriptor(desc: string | undefined): number | null {
  const origin = desc === undefined ? null : ORIGIN.exec(desc);
  return origin ? receiveIndexOfPath(origin[1]) : null;
}

/**
 * The receive index at which the wallet watches the output script `scriptHex`, or null if it does
 * not watch it. The node spells the address itself (decodescript), so this works whatever chain
 * parameters the adapter writes addresses with.
 */
export async function watchedIndex(rpc: UtxoRpc, wallet: string, scriptHex: string): Promise<number | null> {
  const decoded = await query(rpc, decodedScript, 'decodescript', [scriptHex]);
  const address = decoded.address ?? decoded.addresses?.[0];
  if (address === undefined) return null;
  const info = await query(rpc, addressInfo, 'getaddressinfo', [address], { wallet });
  return info.iswatchonly || info.ismine ? receiveIndexOfPath(info.hdkeypath) : null;
}
