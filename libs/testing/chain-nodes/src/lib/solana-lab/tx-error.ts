import type { FailedTransactionMetadata } from 'litesvm';
import { INSTRUCTION_ERRORS, TRANSACTION_ERRORS } from './error-names';

/** A transaction error as the RPC prints it (serde's externally tagged enum) and as agave's Display words it. */
export interface TxError {
  readonly json: unknown;
  readonly message: string;
}

type LitesvmTxError = ReturnType<FailedTransactionMetadata['err']>;
type LitesvmIxError = ReturnType<Extract<LitesvmTxError, { index: number; err: unknown }>['err']>;

export function fieldlessTxError(name: string): TxError {
  const entry = TRANSACTION_ERRORS.find(([known]) => known === name);
  if (!entry) throw new Error(`unknown transaction error ${name}`);
  return { json: entry[0], message: entry[1] };
}

export function txErrorFromLitesvm(err: LitesvmTxError): TxError {
  if (typeof err === 'number') {
    const [name, message] = TRANSACTION_ERRORS[err] ?? [`Unknown${err}`, `unknown transaction error ${err}`];
    return { json: name, message };
  }
  if ('err' in err) return instructionError(err.index, err.err());
  if ('accountIndex' in err) {
    const index = err.accountIndex;
    // Two struct variants carry an account_index; only the class name tells them apart.
    return err.constructor.name.endsWith('InsufficientFundsForRent')
      ? {
          json: { InsufficientFundsForRent: { account_index: index } },
          message: `Transaction results in an account (${index}) with insufficient funds for rent`,
        }
      : {
          json: { ProgramExecutionTemporarilyRestricted: { account_index: index } },
          message: `Execution of the program referenced by account at index ${index} is temporarily restricted.`,
        };
  }
  return {
    json: { DuplicateInstruction: err.index },
    message: `Transaction contains a duplicate instruction (${err.index}) that is not allowed`,
  };
}

function instructionError(index: number, err: LitesvmIxError): TxError {
  let json: unknown;
  let text: string;
  if (typeof err === 'number') {
    [json, text] = INSTRUCTION_ERRORS[err] ?? [`Unknown${err}`, `unknown instruction error ${err}`];
  } else if ('code' in err) {
    json = { Custom: err.code };
    text = `custom program error: 0x${err.code.toString(16)}`;
  } else {
    json = { BorshIoError: err.msg };
    text = 'Failed to serialize or deserialize account data';
  }
  return {
    json: { InstructionError: [index, json] },
    message: `Error processing Instruction ${index}: ${text}`,
  };
}
