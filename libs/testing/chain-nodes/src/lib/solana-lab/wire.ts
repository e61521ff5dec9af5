import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  verifySignature,
  type Address,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import { invalidParams } from './rpc-error';
import { fieldlessTxError } from './tx-error';

export interface CompiledIx {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
}

export interface TableLookup {
  readonly accountKey: string;
  readonly writableIndexes: readonly number[];
  readonly readonlyIndexes: readonly number[];
}

/** A compiled message, in the RPC's own terms. */
export interface DecodedMessage {
  readonly bytes: Uint8Array;
  readonly version: 'legacy' | 0;
  readonly header: {
    readonly numRequiredSignatures: number;
    readonly numReadonlySignedAccounts: number;
    readonly numReadonlyUnsignedAccounts: number;
  };
  readonly staticKeys: readonly string[];
  readonly recentBlockhash: string;
  readonly instructions: readonly CompiledIx[];
  readonly lookups: readonly TableLookup[];
}

export interface DecodedTx {
  readonly wire: Uint8Array;
  /** kit's form, which litesvm executes. */
  readonly transaction: Transaction;
  readonly signature: string;
  readonly signatures: readonly string[];
  readonly signatureBytes: readonly Uint8Array[];
  readonly message: DecodedMessage;
}

const base58 = getBase58Decoder();
const TX_TYPE = 'solana_transaction::versioned::VersionedTransaction';

/** Deserializes and sanitizes wire bytes, failing with the RPC's -32602 messages. */
export function decodeTransaction(wire: Uint8Array): DecodedTx {
  let signatureBytes: Uint8Array[];
  let message: DecodedMessage;
  let transaction: Transaction;
  try {
    const [count, offset] = readShortVec(wire, 0);
    const messageStart = offset + count * 64;
    if (messageStart > wire.length) throw new Error('io error: unexpected end of file');
    signatureBytes = Array.from({ length: count }, (_, i) =>
      wire.slice(offset + i * 64, offset + (i + 1) * 64),
    );
    message = decodeMessageBytes(wire.slice(messageStart));
    transaction = getTransactionDecoder().decode(wire);
  } catch (error) {
    throw invalidParams(`failed to deserialize ${TX_TYPE}: ${(error as Error).message}`);
  }
  const problem = sanitizeProblem(message, signatureBytes.length);
  if (problem) throw invalidParams(`invalid transaction: ${fieldlessTxError(problem).message}`);
  const signatures = signatureBytes.map((bytes) => base58.decode(bytes));
  return { wire, transaction, signature: signatures[0], signatures, signatureBytes, message };
}

/** A message alone (getFeeForMessage). */
export function decodeMessage(bytes: Uint8Array): DecodedMessage {
  let message: DecodedMessage;
  try {
    message = decodeMessageBytes(bytes);
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_message::versioned::VersionedMessage: ${(error as Error).message}`,
    );
  }
  const problem = sanitizeProblem(message, message.header.numRequiredSignatures);
  if (problem) throw invalidParams(`invalid transaction message: ${fieldlessTxError(problem).message}`);
  return message;
}

/** Ed25519 verification of every required signature, as the RPC does before preflight. */
export async function signaturesVerify(tx: DecodedTx): Promise<boolean> {
  const checks = tx.signatureBytes.map(async (signature, i) => {
    try {
      const key = await getPublicKeyFromAddress(tx.message.staticKeys[i] as Address);
      return await verifySignature(key, signature as SignatureBytes, tx.message.bytes);
    } catch {
      return false;
    }
  });
  return (await Promise.all(checks)).every(Boolean);
}

function decodeMessageBytes(bytes: Uint8Array): DecodedMessage {
  const [compiled, end] = getCompiledTransactionMessageDecoder().read(bytes, 0);
  if (end !== bytes.length) throw new Error('trailing bytes');
  if (compiled.version !== 'legacy' && compiled.version !== 0) throw new Error('unsupported message version');
  const lookups = 'addressTableLookups' in compiled ? (compiled.addressTableLookups ?? []) : [];
  return {
    bytes,
    version: compiled.version,
    header: {
      numRequiredSignatures: compiled.header.numSignerAccounts,
      numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
    },
    staticKeys: compiled.staticAccounts,
    recentBlockhash: compiled.lifetimeToken,
    instructions: compiled.instructions.map((ix) => ({
      programIdIndex: ix.programAddressIndex,
      accounts: ix.accountIndices ?? [],
      data: Uint8Array.from(ix.data ?? []),
    })),
    lookups: lookups.map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: lookup.writableIndexes,
      readonlyIndexes: lookup.readonlyIndexes,
    })),
  };
}

/** agave's sanitize checks, by the TransactionError name each failure maps to. */
function sanitizeProblem(message: DecodedMessage, signatureCount: number): string | undefined {
  const { header, staticKeys, instructions, lookups } = message;
  const loaded = lookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  const offsetsBroken =
    signatureCount !== header.numRequiredSignatures ||
    header.numRequiredSignatures === 0 ||
    header.numReadonlySignedAccounts >= header.numRequiredSignatures ||
    header.numRequiredSignatures + header.numReadonlyUnsignedAccounts > staticKeys.length ||
    staticKeys.length + loaded > 256 ||
    instructions.some(
      (ix) =>
        ix.programIdIndex === 0 ||
        ix.programIdIndex >= staticKeys.length ||
        ix.accounts.some((index) => index >= staticKeys.length + loaded),
    );
  if (offsetsBroken) return 'SanitizeFailure';
  if (new Set(staticKeys).size !== staticKeys.length) return 'AccountLoadedTwice';
  return undefined;
}

function readShortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Error('io error: unexpected end of file');
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, offset + i + 1];
  }
  throw new Error('invalid compact-u16 length');
}
