import { fromHex, toHex } from './address';
import { actuate, type SystemContract } from './actuators';
import { contractTypeName, encodeTransaction, type SignedTransaction } from './transaction-codec';
import { contractValueOf, type ContractValue } from './contracts';
import type { TokenEvm, TronLog } from './evm';
import type { ChainParameters } from './parameters';
import { BLOCK_INTERVAL_MS, consumeBandwidth, MAX_RESULT_SIZE_IN_TX } from './resources';
import { checkSignatures } from './signature';
import { TxRejected, validateError, type ChainState } from './state';
import { trigger } from './trigger';

/** What the chain charged and returned; the body of gettransactioninfobyid and of the block's ret. */
export interface TxOutcome {
  contractRet: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  fee: number;
  energyUsage: number;
  energyFee: number;
  energyUsageTotal: number;
  netUsage: number;
  netFee: number;
  /** Only for TriggerSmartContract: its result is printed in the receipt. */
  vm?: { contractAddress: string; output: string; logs: TronLog[]; message?: string };
}

export interface ProcessContext {
  params: ChainParameters;
  energyPerGas: number;
  /** The head the transaction is checked against (the parent when packing a block). */
  head: { number: number; timestamp: number };
  /** Set when packing a block: its timestamp, and the TVM to run calls on. */
  block?: { timestamp: number; evm: TokenEvm };
  /** Bytes 8..16 of the id of the recent block whose number ends in these two bytes. */
  recentBlockHash(refBlockBytes: Uint8Array): Uint8Array | undefined;
  isKnown(txID: string): boolean;
  /** Replaying a fork: the transaction's reference block may be one the fork replaced. */
  skipTapos?: boolean;
}

const EXPIRED = () => new TxRejected('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
const MAX_EXPIRATION_MS = 24 * 3600 * 1000;
const TRANSACTION_MAX_BYTE_SIZE = 500 * 1024;

/** Wallet.broadcastTransaction + Manager.processTransaction, in java-tron's order of checks. */
export async function processTransaction(
  tx: SignedTransaction,
  state: ChainState,
  ctx: ProcessContext,
): Promise<TxOutcome> {
  const { raw } = tx;
  if (raw.contracts.length === 0) throw validateError('No contract!');
  const expiration = Number(raw.expiration);
  if (expiration < (ctx.block?.timestamp ?? ctx.head.timestamp + BLOCK_INTERVAL_MS)) throw EXPIRED();
  const contract = contractValueOf(raw.contracts[0]);
  const sigError = checkSignatures(
    fromHex(tx.txID),
    tx.signatures,
    contract.owner,
    raw.contracts[0].permissionId,
  );
  if (sigError) throw new TxRejected('SIGERROR', `Validate signature error: ${sigError}`);
  if (raw.contracts.length !== 1)
    throw validateError(
      `tx ${tx.txID} contract size should be exactly 1, this is extend feature ,actual :${raw.contracts.length}`,
    );
  if (!ctx.skipTapos) checkTapos(tx, ctx);
  const size = encodeTransaction(tx).length;
  if (size + 2 * MAX_RESULT_SIZE_IN_TX > TRANSACTION_MAX_BYTE_SIZE)
    throw new TxRejected(
      'TOO_BIG_TRANSACTION_ERROR',
      `Too big transaction with result, the size is ${size} bytes`,
    );
  if (expiration <= ctx.head.timestamp || expiration > ctx.head.timestamp + MAX_EXPIRATION_MS)
    throw EXPIRED();
  if (ctx.isKnown(tx.txID)) throw new TxRejected('DUP_TRANSACTION_ERROR', 'Dup transaction.');

  const now = Math.floor(ctx.head.timestamp / BLOCK_INTERVAL_MS);
  const net = consumeBandwidth(
    state,
    contract.owner,
    {
      bytes: size + MAX_RESULT_SIZE_IN_TX,
      createsAccount: contract.type === 'TransferContract' && !state.accounts.has(contract.to),
      unsignedSize: size - tx.signatures.length * 65,
      now,
      headTime: ctx.head.timestamp,
    },
    ctx.params,
  );
  const memoFee = chargeMemo(tx, contract, state, ctx.params);

  if (contract.type === 'Unsupported')
    throw validateError(`${contractTypeName(raw.contracts[0].type)} is not supported by the Tron lab`);
  if (contract.type === 'TriggerSmartContract') return trigger(tx, contract, state, ctx, net, memoFee);
  const fee = actuate(contract as SystemContract, {
    state,
    params: ctx.params,
    now,
    headTime: ctx.head.timestamp,
  });
  return {
    contractRet: 'SUCCESS',
    fee: fee + net.netFee + memoFee,
    energyUsage: 0,
    energyFee: 0,
    energyUsageTotal: 0,
    ...net,
  };
}

/** Manager.validateTapos against the recent-block index (the last 65536 blocks by their low 2 bytes). */
function checkTapos(tx: SignedTransaction, ctx: ProcessContext): void {
  const known = ctx.recentBlockHash(tx.raw.refBlockBytes);
  if (!known || toHex(known) !== toHex(tx.raw.refBlockHash))
    throw new TxRejected(
      'TAPOS_ERROR',
      'Tapos check error.',
      `Tapos failed, ${known ? 'different block hash' : 'block not found'}, ref block ${toHex(tx.raw.refBlockBytes)}`,
    );
}

/** Manager.consumeMemoFee: a transaction carrying raw_data.data pays getMemoFee. */
function chargeMemo(
  tx: SignedTransaction,
  contract: ContractValue,
  state: ChainState,
  params: ChainParameters,
) {
  if (tx.raw.data.length === 0 || params.memoFee === 0) return 0;
  const owner = state.accounts.get(contract.owner);
  if (!owner) return 0;
  if (owner.balance < params.memoFee)
    throw new TxRejected(
      'BANDWITH_ERROR',
      'Account resource insufficient error.',
      'insufficient balance to memo fee',
    );
  owner.balance -= params.memoFee;
  return params.memoFee;
}
