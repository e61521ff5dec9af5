import { getAddressDecoder } from '@solana/kit';
import type { TransactionMetadata } from 'litesvm';

export interface InnerInstructions {
  readonly index: number;
  readonly instructions: ReadonlyArray<{
    programIdIndex: number;
    accounts: number[];
    data: Uint8Array;
    stackHeight: number;
  }>;
}

/** What running a transaction showed, beyond its success or error. */
export interface RunTrace {
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  readonly innerInstructions: readonly InnerInstructions[];
  readonly returnData: { programId: string; data: Uint8Array } | null;
}

const addressDecoder = getAddressDecoder();

/** litesvm's transaction metadata in the shape the ledger keeps. */
export function traceOf(meta: TransactionMetadata): RunTrace {
  const returned = meta.returnData();
  const data = returned.data();
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    innerInstructions: meta
      .innerInstructions()
      .map((group, index) => ({
        index,
        instructions: group.map((inner) => ({
          programIdIndex: inner.instruction().programIdIndex(),
          accounts: Array.from(inner.instruction().accounts()),
          data: inner.instruction().data(),
          stackHeight: inner.stackHeight(),
        })),
      }))
      .filter((group) => group.instructions.length > 0),
    // agave records return data only when a program set some.
    returnData: data.length > 0 ? { programId: addressDecoder.decode(returned.programId()), data } : null,
  };
}
