import { fromHex, sha256, toHex } from './address';
import type { TxOutcome } from './processor';
import { Writer } from './protobuf';
import { signHash } from './signature';
import type { ChainState } from './state';
import { encodeResult, encodeTransaction, type SignedTransaction } from './transaction-codec';

export interface MinedTx {
  tx: SignedTransaction;
  outcome: TxOutcome;
}

export interface Block {
  number: number;
  timestamp: number;
  parentHash: string;
  txTrieRoot: string;
  witness: string;
  witnessSignature: string;
  version: number;
  /** blockID: the 8-byte big-endian number, then bytes 8..32 of sha256(header raw_data). */
  id: string;
  transactions: MinedTx[];
  /** The state after this block; shared with the parent when the block changed nothing. */
  state: ChainState;
}

/** The block version java-tron 4.8 stamps. */
const BLOCK_VERSION = 32;

/** Transaction.Result.contractRet numbers. */
export const CONTRACT_RET_CODES: Readonly<Record<TxOutcome['contractRet'], number>> = {
  SUCCESS: 1,
  REVERT: 2,
  OUT_OF_ENERGY: 10,
};

/** BlockCapsule.calcMerkleRoot: pairs hashed with sha256, an odd one carried up; zero when empty. */
export function txTrieRoot(transactions: MinedTx[]): string {
  if (transactions.length === 0) return '00'.repeat(32);
  let level = transactions.map(({ tx, outcome }) =>
    sha256(encodeTransaction(tx, [encodeResult(CONTRACT_RET_CODES[outcome.contractRet])])),
  );
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? sha256(Uint8Array.from([...level[i], ...level[i + 1]])) : level[i]);
    level = next;
  }
  return toHex(level[0]);
}

export interface Witness {
  privateKey: string;
  address: string;
}

/** Builds and signs the header of a block at `number` over `transactions`. */
export function sealBlock(
  number: number,
  timestamp: number,
  parentHash: string,
  transactions: MinedTx[],
  witness: Witness,
  state: ChainState,
): Block {
  const root = txTrieRoot(transactions);
  const raw = new Writer()
    .int(1, timestamp)
    .bytes(2, fromHex(root))
    .bytes(3, fromHex(parentHash))
    .int(7, number)
    .bytes(9, fromHex(witness.address))
    .int(10, BLOCK_VERSION)
    .finish();
  const hash = sha256(raw);
  const id = number.toString(16).padStart(16, '0') + toHex(hash.slice(8));
  return {
    number,
    timestamp,
    parentHash,
    txTrieRoot: root,
    witness: witness.address,
    witnessSignature: toHex(signHash(witness.privateKey, hash)),
    version: BLOCK_VERSION,
    id,
    transactions,
    state,
  };
}
