import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import type { Ledger } from './ledger';
import { decodeTransaction, type DecodedTx } from './wire';

/** A System transfer signed by `from`, with the newest block's blockhash, as a wallet would build it. */
export async function signedTransfer(
  ledger: Ledger,
  from: KeyPairSigner,
  to: string,
  lamports: bigint,
): Promise<DecodedTx> {
  const newest = ledger.newest();
  const lifetime = {
    blockhash: newest.blockhash as Blockhash,
    lastValidBlockHeight: BigInt(newest.blockHeight + ledger.config.blockhashValidity),
  };
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: from, destination: to as Address, amount: lamports }),
        m,
      ),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return decodeTransaction(new Uint8Array(getTransactionEncoder().encode(signed)));
}

/** Lands `tx` after a preflight (throwing its failure) and waits for the block that holds it. */
export async function landAndWait(ledger: Ledger, tx: DecodedTx, produceOnDemand: boolean): Promise<string> {
  const failure = ledger.preflight(tx);
  if (failure) throw new Error(`Transaction simulation failed: ${failure.err?.message}`);
  if (!ledger.land(tx)) throw new Error(`the leader did not take ${tx.signature}`);
  if (produceOnDemand) ledger.produceBlock();
  await new Promise<void>((resolve, reject) => {
    const check = (): boolean => {
      const found = ledger.locate(tx.signature);
      if (found?.block) resolve();
      else if (!found) reject(new Error(`${tx.signature} was dropped by a fork`));
      else return false;
      stop();
      return true;
    };
    const stop = ledger.onBlock(check);
    check();
  });
  return tx.signature;
}
