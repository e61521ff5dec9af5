import { devnetTxMessage, type DevnetSignedTx } from '@swap/chain';
import { keyControlsAddress } from '@swap/chain-keys';
import { CURRENCIES, isValidAddress, type Network } from '@swap/domain';
import { TxRefused } from './devnet-error';
import { validEd25519, validSecp256k1 } from './signature';

const ED25519_NETWORKS: ReadonlySet<Network> = new Set(['SOL', 'XMR']);

/**
 * What can be checked of a signed transaction without the chain's state: its currency and
 * addresses (D8 formats), its amount, its signature, and that the signing key controls `from`.
 */
export function checkSignedTx(tx: DevnetSignedTx): void {
  if (CURRENCIES[tx.currency].network !== tx.network) {
    throw new TxRefused(`${tx.currency} is not a currency of ${tx.network}`);
  }
  if (!isValidAddress(tx.currency, tx.from)) throw new TxRefused(`invalid sender address for ${tx.network}`);
  if (!isValidAddress(tx.currency, tx.to))
    throw new TxRefused(`invalid recipient address for ${tx.currency}`);
  if (tx.amount <= 0n) throw new TxRefused('the amount must be positive');
  if (!validSignature(tx)) throw new TxRefused('bad signature');
  if (!keyControlsAddress(tx.network, tx.from, tx.publicKey)) {
    throw new TxRefused('the signing key does not control the sender address');
  }
}

function validSignature(tx: DevnetSignedTx): boolean {
  const message = devnetTxMessage(tx);
  return ED25519_NETWORKS.has(tx.network)
    ? validEd25519(message, tx.signature, tx.publicKey)
    : validSecp256k1(message, tx.signature, tx.publicKey);
}
