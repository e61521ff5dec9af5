import { lamports, type Address } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { resolveLookups, type LoadedAddresses } from './lookup-tables';
import { traceOf, type RunTrace } from './run-trace';
import { fieldlessTxError, txErrorFromLitesvm, type TxError } from './tx-error';
import { SYSTEM_PROGRAM } from './well-known';
import type { DecodedTx } from './wire';

export interface AccountState {
  readonly lamports: bigint;
  readonly owner: string;
  readonly data: Uint8Array;
  readonly executable: boolean;
}

export interface GenesisAccount {
  readonly address: string;
  readonly lamports: bigint;
}

/** A transaction the runtime committed (fee charged), successful or not. */
export interface Execution extends RunTrace {
  readonly err: TxError | null;
  readonly fee: bigint;
  /** Static keys, then loaded writable, then loaded readonly addresses. */
  readonly keys: readonly string[];
  readonly loaded: LoadedAddresses;
  readonly preStates: ReadonlyArray<AccountState | null>;
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
}

export interface Simulation extends RunTrace {
  readonly err: TxError | null;
}

/** The real Solana runtime (litesvm): the lab checks blockhashes and duplicates itself, per block. */
export class Runtime {
  private readonly svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);

  constructor(genesis: readonly GenesisAccount[]) {
    for (const { address, lamports: amount } of genesis) {
      this.svm.setAccount({
        address: address as Address,
        lamports: lamports(amount),
        data: new Uint8Array(),
        programAddress: SYSTEM_PROGRAM as Address,
        executable: false,
        space: 0n,
      });
    }
  }

  /** Sets the Clock sysvar for the slot transactions now run in. */
  enterSlot(slot: number, unixTimestamp: number): void {
    const clock = this.svm.getClock();
    clock.slot = BigInt(slot);
    clock.unixTimestamp = BigInt(unixTimestamp);
    this.svm.setClock(clock);
  }

  account(address: string): AccountState | null {
    const account = this.svm.getAccount(address as Address);
    if (!account.exists || account.lamports === 0n) return null;
    const { lamports: amount, programAddress, data, executable } = account;
    return { lamports: amount, owner: programAddress, data: Uint8Array.from(data), executable };
  }

  rentExemptMinimum(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  /** Executes and, when the runtime committed it, returns what the ledger records; null when it was not. */
  execute(tx: DecodedTx): Execution | null {
    const loaded = resolveLookups(tx.message.lookups, (address) => {
      const table = this.svm.getAccount(address as Address);
      return table.exists ? table.data : undefined;
    });
    const keys = [...tx.message.staticKeys, ...loaded.writable, ...loaded.readonly];
    const preStates = keys.map((key) => this.account(key));
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      result = this.svm.sendTransaction(tx.transaction);
    } catch {
      return null; // kit refuses a transaction with an all-zero signature: no leader would take it either
    }
    const preBalances = preStates.map((state) => state?.lamports ?? 0n);
    const postBalances = keys.map((key) => this.account(key)?.lamports ?? 0n);
    // Lamports only leave a transaction's accounts as its fee, so the drop in their sum is what was charged.
    const fee = sum(preBalances) - sum(postBalances);
    const committed = { fee, keys, loaded, preStates, preBalances, postBalances };
    if (!(result instanceof FailedTransactionMetadata))
      return { ...traceOf(result), ...committed, err: null };
    if (fee === 0n) return null;
    return { ...traceOf(result.meta()), ...committed, err: txErrorFromLitesvm(result.err()) };
  }

  simulate(tx: DecodedTx, sigVerify: boolean): Simulation {
    this.svm.withSigverify(sigVerify);
    try {
      const result = this.svm.simulateTransaction(tx.transaction);
      if (result instanceof FailedTransactionMetadata) {
        return { ...traceOf(result.meta()), err: txErrorFromLitesvm(result.err()) };
      }
      return { ...traceOf(result.meta()), err: null };
    } catch {
      return {
        logs: [],
        unitsConsumed: 0n,
        innerInstructions: [],
        returnData: null,
        err: fieldlessTxError('SignatureFailure'),
      };
    } finally {
      this.svm.withSigverify(true);
    }
  }
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}
