import type { ContractValue } from './contracts';
import type { ProcessContext, TxOutcome } from './processor';
import { BLOCK_INTERVAL_MS, leftEnergy, useEnergy, type NetBill } from './resources';
import { validateError, type ChainState } from './state';
import type { SignedTransaction } from './transaction-codec';
import { executeCall, type VmOutcome } from './vm-call';

/** TriggerSmartContract: VMActuator's checks, the call on the TVM (anvil), then the energy bill. */
export async function trigger(
  tx: SignedTransaction,
  c: Extract<ContractValue, { type: 'TriggerSmartContract' }>,
  state: ChainState,
  ctx: ProcessContext,
  net: NetBill,
  memoFee: number,
): Promise<TxOutcome> {
  const { params } = ctx;
  const target = state.accounts.get(c.contract);
  if (target?.type !== 'Contract') throw validateError('No contract or not a smart contract');
  if (c.callValue < 0) throw validateError('callValue must be >= 0');
  if (c.callValue > 0 || c.callTokenValue > 0)
    throw validateError('call_value is not supported by the Tron lab');
  const feeLimit = Number(tx.raw.feeLimit);
  if (feeLimit < 0 || feeLimit > params.maxFeeLimit)
    throw validateError(`feeLimit must be >= 0 and <= ${params.maxFeeLimit}`);
  const owner = state.accounts.get(c.owner);
  if (!owner) throw validateError(`Account[${c.owner}] not exists`);
  const now = Math.floor(ctx.head.timestamp / BLOCK_INTERVAL_MS);
  // VMActuator.getAccountEnergyLimitWithFixRatio: fee_limit caps energy from stake as well as burned.
  const frozenLeft = leftEnergy(owner, state, params, now);
  const limit = Math.min(
    frozenLeft + Math.floor(owner.balance / params.energyFee),
    Math.floor(feeLimit / params.energyFee),
  );
  const call = { from: `0x${c.owner.slice(2)}`, to: `0x${c.contract.slice(2)}`, data: c.data };
  // At broadcast java-tron runs the call on its pending state; the lab runs it when packing the block.
  const vm: VmOutcome = ctx.block
    ? await executeCall(ctx.block.evm, call, limit, ctx.energyPerGas)
    : { result: 'SUCCESS', energy: 0, output: '', logs: [] };
  // ReceiptCapsule.payEnergyBill: staked energy first, the rest burned at getEnergyFee.
  const fromStake = Math.min(frozenLeft, vm.energy);
  const energyFee = (vm.energy - fromStake) * params.energyFee;
  if (vm.energy > 0) useEnergy(owner, fromStake, now, ctx.head.timestamp);
  owner.balance -= energyFee;
  return {
    contractRet: vm.result,
    fee: energyFee + net.netFee + memoFee,
    energyUsage: fromStake,
    energyFee,
    energyUsageTotal: vm.energy,
    ...net,
    vm: { contractAddress: c.contract, output: vm.output, logs: vm.logs, message: vm.message },
  };
}
