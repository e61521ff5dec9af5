import type { TokenEvm, TronLog } from './evm';

/** The EVM's intrinsic gas of a call; energy is charged only for what the call does above it. */
const INTRINSIC_GAS = 21_000;
/** anvil's default block gas limit caps what one call may be given. */
const BLOCK_GAS_CAP = 30_000_000;

export interface EvmCall {
  from: string;
  to: string;
  data: string;
}

export interface VmOutcome {
  result: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  energy: number;
  output: string;
  logs: TronLog[];
  /** TransactionInfo.resMessage (plain text) when the call failed. */
  message?: string;
}

/**
 * Energy is derived from the gas anvil estimates the call needs (before EVM refunds, which the
 * TVM does not give), so a constant call, estimateenergy and the mined call agree exactly.
 */
export const energyOfGas = (gas: number, energyPerGas: number) =>
  Math.ceil(Math.max(0, gas - INTRINSIC_GAS) * energyPerGas);

const outOfEnergy = (limit: number, needed: number): VmOutcome => ({
  result: 'OUT_OF_ENERGY',
  energy: limit,
  output: '',
  logs: [],
  message: `Not enough energy for 'CALL' operation executing: curInvokeEnergyLimit[${limit}], curOpEnergy[${needed}], usedEnergy[0]`,
});

/** Runs a TriggerSmartContract for real within `energyLimit`; a failure leaves the token unchanged. */
export async function executeCall(
  evm: TokenEvm,
  call: EvmCall,
  energyLimit: number,
  energyPerGas: number,
): Promise<VmOutcome> {
  const estimate = await evm.estimate(call.from, call.to, call.data);
  if ('gas' in estimate) {
    const energy = energyOfGas(estimate.gas, energyPerGas);
    // The TVM stops at the limit and keeps everything it burned: all of energyLimit is spent.
    if (energy > energyLimit) return outOfEnergy(energyLimit, energy);
    const { output } = await evm.call(call.from, call.to, call.data);
    const receipt = await evm.send(call.from, call.to, call.data, estimate.gas);
    if (!receipt.success) throw new Error(`anvil failed a call it estimated: ${JSON.stringify(call)}`);
    return { result: 'SUCCESS', energy, output, logs: receipt.logs };
  }
  const gas = Math.min(INTRINSIC_GAS + Math.floor(energyLimit / energyPerGas), BLOCK_GAS_CAP);
  const receipt = await evm.send(call.from, call.to, call.data, gas).catch(() => undefined);
  // No receipt: the limit is below even the calldata's cost, so the call never started.
  if (!receipt || receipt.gasUsed >= gas) return outOfEnergy(energyLimit, energyLimit + 1);
  return {
    result: 'REVERT',
    energy: energyOfGas(receipt.gasUsed, energyPerGas),
    output: estimate.revert,
    logs: [],
    message: 'REVERT opcode executed',
  };
}

export interface ConstantOutcome {
  ok: boolean;
  energy: number;
  output: string;
  logs: TronLog[];
}

/** triggerconstantcontract / estimateenergy: run the call and undo it. */
export async function constantCall(
  evm: TokenEvm,
  call: EvmCall,
  energyPerGas: number,
): Promise<ConstantOutcome> {
  const estimate = await evm.estimate(call.from, call.to, call.data);
  const gas = 'gas' in estimate ? estimate.gas : BLOCK_GAS_CAP;
  const { ok, output } = await evm.call(call.from, call.to, call.data);
  const receipt = await evm.dryRun(call.from, call.to, call.data, gas);
  const energy = energyOfGas('gas' in estimate ? estimate.gas : receipt.gasUsed, energyPerGas);
  return { ok: ok && receipt.success, energy, output, logs: receipt.success ? receipt.logs : [] };
}
