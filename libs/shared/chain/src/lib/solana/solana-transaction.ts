import { base58 } from '@scure/base';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import type { AddressSigner, SignedTransaction } from '../chain-sender';

/** Lamports per signature, the base fee of every Solana transaction. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** A recent blockhash and the last block height at which a transaction using it may land. */
export interface SolanaLifetime {
  blockhash: string;
  lastValidBlockHeight: number;
}

export interface SolanaTransferParams {
  signer: AddressSigner;
  to: string;
  lamports: bigint;
  lifetime: SolanaLifetime;
  /** Micro-lamports per compute unit (0: none, and no compute-budget instructions). */
  priorityFee: bigint;
  computeUnitLimit: bigint;
}

/** What a transfer costs its fee payer: one signature, plus the priority fee rounded up. */
export function solanaTransferFee(priorityFee: bigint, computeUnitLimit: bigint): bigint {
  if (priorityFee === 0n) return LAMPORTS_PER_SIGNATURE;
  return LAMPORTS_PER_SIGNATURE + (priorityFee * computeUnitLimit + 999_999n) / 1_000_000n;
}

/**
 * A legacy transaction with one System transfer, fee paid by the sender, built with @solana/kit and
 * signed with the treasury's ed25519 key of the sending address (a raw child scalar, which kit's
 * CryptoKey signers cannot hold: the message bytes are signed here and the signature put in place).
 * Its txid is the signature in base58, as Solana names transactions.
 */
export function signSolanaTransfer(params: SolanaTransferParams): SignedTransaction {
  const { signer, to, lamports, lifetime, priorityFee, computeUnitLimit } = params;
  const from = address(signer.address);
  const budget: Instruction[] =
    priorityFee === 0n
      ? []
      : [
          getSetComputeUnitLimitInstruction({ units: Number(computeUnitLimit) }),
          getSetComputeUnitPriceInstruction({ microLamports: priorityFee }),
        ];
  const transfer = getTransferSolInstruction({
    source: createNoopSigner(from),
    destination: address(to),
    amount: lamports,
  });
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: blockhash(lifetime.blockhash),
          lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions([...budget, transfer], m),
  );
  const compiled = compileTransaction(message);
  const signature = signer.sign(new Uint8Array(compiled.messageBytes));
  const signed = { ...compiled, signatures: { ...compiled.signatures, [from]: signature } };
  return {
    network: 'SOL',
    txid: base58.encode(signature),
    raw: getBase64EncodedWireTransaction(signed as Parameters<typeof getBase64EncodedWireTransaction>[0]),
    fee: solanaTransferFee(priorityFee, computeUnitLimit),
    feeCurrency: 'SOL',
    txKey: null,
    validUntil: lifetime.lastValidBlockHeight,
  };
}
