import { getBytes, hexlify, Signature, Transaction } from 'ethers';
import type { AddressSigner, SignedTransaction } from '../chain-sender';
import type { EvmNetwork } from './evm-config';

/** Everything an EIP-1559 (type 2) transaction commits to, but its signature. */
export interface EvmTxFields {
  chainId: bigint;
  nonce: number;
  to: string;
  value: bigint;
  data: string;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * Signs with the address's own key over the transaction's keccak digest (the key never leaves
 * @swap/chain-keys), and checks the signature recovers to that address before anyone broadcasts.
 */
export function signEvmTransaction(
  network: EvmNetwork,
  fields: EvmTxFields,
  signer: AddressSigner,
): SignedTransaction {
  const tx = Transaction.from({ type: 2, ...fields });
  const rsv = signer.signDigest(getBytes(tx.unsignedHash));
  tx.signature = Signature.from({
    r: hexlify(rsv.subarray(0, 32)),
    s: hexlify(rsv.subarray(32, 64)),
    v: 27 + rsv[64],
  });
  if (tx.from !== signer.address || !tx.hash)
    throw new Error(`the key of ${network} address ${signer.index} does not sign for ${signer.address}`);
  return {
    network,
    txid: tx.hash,
    raw: tx.serialized,
    // The most it can cost: it pays gasUsed × (base fee + tip), known only once mined.
    fee: fields.gasLimit * fields.maxFeePerGas,
    feeCurrency: network,
    txKey: null,
  };
}
