import { fromHex } from './address';
import type { Block } from './block';
import { encodeContractValue, TYPE_URL_PREFIX, type ContractValue } from './contracts';
import { signHash } from './signature';
import {
  CONTRACT_TYPE_NUMBERS,
  encodeRawData,
  signedTransaction,
  type SignedTransaction,
} from './transaction-codec';

/** java-tron's default: a transaction it builds expires 60 s after its reference (head) block. */
const EXPIRATION_MS = 60_000;
let lastTimestamp = 0;

/** Unique per call, so two identical transfers built in the same millisecond get different txIDs. */
function nextTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export type BuildableContract = Exclude<ContractValue, { type: 'Unsupported' }>;

/** An unsigned transaction referencing `head` (TaPoS), as Wallet.createTransactionCapsule builds it. */
export function buildTransaction(
  contract: BuildableContract,
  head: Block,
  options: { feeLimit?: number } = {},
): SignedTransaction {
  const id = fromHex(head.id);
  const rawBytes = encodeRawData({
    refBlockBytes: id.slice(6, 8),
    refBlockNum: 0n,
    refBlockHash: id.slice(8, 16),
    expiration: BigInt(head.timestamp + EXPIRATION_MS),
    auths: [],
    data: new Uint8Array(),
    contracts: [
      {
        type: CONTRACT_TYPE_NUMBERS[contract.type],
        typeUrl: TYPE_URL_PREFIX + contract.type,
        value: encodeContractValue(contract),
        provider: new Uint8Array(),
        contractName: new Uint8Array(),
        permissionId: 0,
      },
    ],
    scripts: new Uint8Array(),
    timestamp: BigInt(nextTimestamp()),
    feeLimit: BigInt(options.feeLimit ?? 0),
  });
  return signedTransaction(rawBytes, []);
}

export function signTransaction(tx: SignedTransaction, privateKey: string): SignedTransaction {
  return { ...tx, signatures: [...tx.signatures, signHash(privateKey, fromHex(tx.txID))] };
}
