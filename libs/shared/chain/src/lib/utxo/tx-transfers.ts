import { hexToBytes } from '@noble/hashes/utils.js';
import type { ChainTransfer } from '../chain-reader';
import { addressFromScript } from './address-codec';
import type { VerboseTx } from './rpc-schemas';
import type { AddressParams, UtxoNetwork } from './utxo-network';

/**
 * One transfer per output of `tx` that moves value to an address this service can name. `from`
 * stays empty: verbose blocks and transactions do not carry the outputs their inputs spend, and
 * fetching every prevout would cost one more call per input for a field only used to skip the
 * treasury's own change (which pays the hot address, never a deposit address). `spends` names the
 * coins its inputs spend, which is how a replaced or double-spent deposit is recognised.
 */
export function transfersOf(tx: VerboseTx, network: UtxoNetwork, params: AddressParams): ChainTransfer[] {
  const transfers: ChainTransfer[] = [];
  const spends = tx.vin.flatMap((input) =>
    input.txid === undefined || input.vout === undefined ? [] : [`${input.txid}:${input.vout}`],
  );
  for (const output of tx.vout) {
    if (!output.value || !output.scriptPubKey) continue;
    const to = addressFromScript(hexToBytes(output.scriptPubKey.hex), params);
    if (to === null) continue;
    transfers.push({
      txid: tx.txid,
      index: output.n,
      currency: network,
      to,
      amount: output.value,
      from: [],
      spends,
    });
  }
  return transfers;
}
