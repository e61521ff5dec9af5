import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { devnetTxMessage, type DevnetSignedTx } from '@swap/chain';
import { keyControlsAddress } from '@swap/chain-keys';
import { CURRENCIES, isValidAddress, type Network } from '@swap/domain';
import { TxRefused } from './devnet-error';

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
  try {
    if (ED25519_NETWORKS.has(tx.network)) {
      return tx.signature.length === 64 && ed25519.verify(tx.signature, message, tx.publicKey);
    }
    // r‖s‖recovery over sha256(message); noble hashes the message itself and refuses high s.
    return (
      tx.signature.length === 65 && secp256k1.verify(tx.signature.subarray(0, 64), message, tx.publicKey)
    );
  } catch {
    return false;
  }
}
