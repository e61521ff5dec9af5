import { depositAddress } from '@swap/chain-keys';
import type { Network } from '@swap/domain';
import type { AddressSigner, SenderKeys, TransferOrder } from './chain-sender';

/**
 * What an account chain's sender checks before it signs: the key is one of this network's account,
 * and the transfer moves something.
 */
export function checkAccountSigner(
  network: Network,
  keys: SenderKeys,
  order: TransferOrder,
  signer: AddressSigner,
): void {
  if (signer.network !== network) throw new Error(`a ${signer.network} key cannot sign on ${network}`);
  if (depositAddress(network, keys.accountPublic, signer.index) !== signer.address)
    throw new Error(`${signer.address} is not address ${signer.index} of the ${network} account`);
  if (order.amount <= 0n) throw new Error('a transfer moves a positive amount');
}
