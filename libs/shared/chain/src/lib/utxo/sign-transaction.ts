import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Psbt, type Signer, type Transaction } from 'bitcoinjs-lib';
import type { AddressSigner } from '../chain-sender';
import type { Payment } from './coin-selection';

/** A P2WPKH output being spent, and the key of its address. */
export interface SpendInput {
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
  signer: AddressSigner;
}

/** bitcoinjs-lib signs through this: the treasury's key signs the BIP143 sighash, nothing else. */
function psbtSigner(key: AddressSigner): Signer {
  return { publicKey: key.publicKey, sign: (hash) => key.signDigest(hash).slice(0, 64) };
}

const verify = (publicKey: Uint8Array, digest: Uint8Array, signature: Uint8Array) =>
  secp256k1.verify(signature, digest, publicKey, { prehash: false });

/**
 * BIP125: every input signals replaceability (nSequence below 0xfffffffe), so an operator can bump
 * a stuck payout's fee (`swapctl treasury bump`); no lock time is used either way.
 */
export const RBF_SEQUENCE = 0xfffffffd;

/** Builds, signs (SIGHASH_ALL), checks every signature and finalizes the transaction. */
export function signTransaction(inputs: readonly SpendInput[], outputs: readonly Payment[]): Transaction {
  const psbt = new Psbt();
  for (const input of inputs)
    psbt.addInput({
      hash: input.txid,
      index: input.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: input.script, value: input.value },
    });
  for (const output of outputs) psbt.addOutput({ script: output.script, value: output.value });
  inputs.forEach((input, i) => psbt.signInput(i, psbtSigner(input.signer)));
  // A signer that returned garbage must fail here, not as a refused broadcast after it was stored.
  if (!psbt.validateSignaturesOfAllInputs(verify)) throw new Error('a payout signature does not verify');
  psbt.finalizeAllInputs();
  return psbt.extractTransaction();
}
