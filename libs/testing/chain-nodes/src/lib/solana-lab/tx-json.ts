import { getBase58Decoder, getBase64Decoder } from '@solana/kit';
import { isWritable } from './account-keys';
import type { LandedTx } from './ledger';
import { rpcErrors } from './rpc-error';
import type { InnerInstructions } from './run-trace';
import type { Execution } from './runtime';

/* A landed transaction as getTransaction and getBlock print it (agave's transaction-status encoders). */

export type TxEncoding = 'json' | 'base64' | 'base58';

export interface TxViewOptions {
  readonly encoding: TxEncoding;
  readonly maxVersion: number | undefined;
  readonly rewards: boolean;
}

const base58 = getBase58Decoder();
const base64 = getBase64Decoder();

/** Full detail: the transaction in `encoding`, with its whole status meta. */
export function fullTransaction(landed: LandedTx, options: TxViewOptions): Record<string, unknown> {
  const version = versionField(landed, options.maxVersion);
  return {
    transaction: encodeTransaction(landed, options.encoding),
    meta: fullMeta(landed.exec, options),
    version,
  };
}

/** getBlock's transactionDetails 'accounts': signatures, parsed account keys and the balance meta. */
export function accountsTransaction(landed: LandedTx, options: TxViewOptions): Record<string, unknown> {
  const version = versionField(landed, options.maxVersion);
  const { tx, exec } = landed;
  const staticCount = tx.message.staticKeys.length;
  const accountKeys = exec.keys.map((pubkey, i) => ({
    pubkey,
    writable: isWritable(tx.message, exec.keys, i),
    signer: i < tx.message.header.numRequiredSignatures,
    source: i < staticCount ? 'transaction' : 'lookupTable',
  }));
  const meta = {
    ...statusMeta(exec),
    preTokenBalances: [],
    postTokenBalances: [],
    rewards: options.rewards ? [] : undefined,
  };
  return { transaction: { signatures: tx.signatures, accountKeys }, meta, version };
}

/** `version` is only printed for clients that set maxSupportedTransactionVersion; others get no v0 at all. */
function versionField(landed: LandedTx, maxVersion: number | undefined): 'legacy' | 0 | undefined {
  const { version } = landed.tx.message;
  if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) {
    throw rpcErrors.unsupportedVersion(version);
  }
  return maxVersion === undefined ? undefined : version;
}

function encodeTransaction(landed: LandedTx, encoding: TxEncoding): unknown {
  const { tx } = landed;
  if (encoding === 'base64') return [base64.decode(tx.wire), 'base64'];
  if (encoding === 'base58') return [base58.decode(tx.wire), 'base58'];
  const { message } = tx;
  return {
    signatures: tx.signatures,
    message: {
      accountKeys: message.staticKeys,
      header: message.header,
      recentBlockhash: message.recentBlockhash,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: ix.accounts,
        data: base58.decode(ix.data),
        stackHeight: null,
      })),
      addressTableLookups: message.version === 'legacy' ? undefined : message.lookups,
    },
  };
}

function statusMeta(exec: Execution) {
  const err = exec.err?.json ?? null;
  return {
    err,
    status: err === null ? { Ok: null } : { Err: err },
    fee: exec.fee,
    preBalances: exec.preBalances,
    postBalances: exec.postBalances,
  };
}

function fullMeta(exec: Execution, options: TxViewOptions) {
  return {
    ...statusMeta(exec),
    innerInstructions: innerInstructionsJson(exec.innerInstructions),
    logMessages: exec.logs,
    preTokenBalances: [],
    postTokenBalances: [],
    rewards: options.rewards ? [] : null,
    loadedAddresses: exec.loaded,
    returnData: exec.returnData
      ? { programId: exec.returnData.programId, data: [base64.decode(exec.returnData.data), 'base64'] }
      : undefined,
    computeUnitsConsumed: exec.unitsConsumed,
  };
}

export function innerInstructionsJson(groups: readonly InnerInstructions[]): unknown[] {
  return groups.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => ({ ...ix, data: base58.decode(ix.data) })),
  }));
}
