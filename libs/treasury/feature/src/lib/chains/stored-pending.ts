import type { PendingTransactions } from '@swap/chain';
import type { Network } from '@swap/domain';
import type { TransferLifecycle } from '@swap/treasury-data';
import type { TreasuryKeys } from '../keys/treasury-keys';
import { signedOf } from '../sending/network-sender';

/**
 * What the treasury signed on `network` and has not seen settle, per sending address: a real
 * node's sender counts these (EVM nonces, UTXO inputs) even when the node never received them, so
 * a crash between signing and broadcasting can neither reuse a nonce or an input nor leave a gap.
 */
export function storedPending(
  transfers: TransferLifecycle,
  keys: TreasuryKeys,
  network: Network,
): PendingTransactions {
  return {
    async signedFrom(address) {
      const unsettled = await transfers.unsettledSigned(network);
      return unsettled
        .filter((transfer) => keys.signer(network, transfer.fromIndex).address === address)
        .map(signedOf);
    },
  };
}
