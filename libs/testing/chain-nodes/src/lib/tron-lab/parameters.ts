import { i64, type JsonObject } from './json';

/**
 * wallet/getchainparameters in java-tron's order (Wallet.getChainParameters), with mainnet's values
 * as of 2025. The lab reads the fee and limit ones; the rest are reported for clients that look.
 */
export const MAINNET_PARAMETERS: ReadonlyArray<readonly [string, number]> = [
  ['getMaintenanceTimeInterval', 21_600_000],
  ['getAccountUpgradeCost', 9_999_000_000],
  ['getCreateAccountFee', 100_000],
  ['getTransactionFee', 1_000],
  ['getAssetIssueFee', 1_024_000_000],
  ['getWitnessPayPerBlock', 8_000_000],
  ['getWitnessStandbyAllowance', 115_200_000_000],
  ['getCreateNewAccountFeeInSystemContract', 1_000_000],
  ['getCreateNewAccountBandwidthRate', 1],
  ['getAllowCreationOfContracts', 1],
  ['getRemoveThePowerOfTheGr', 1],
  ['getEnergyFee', 210],
  ['getExchangeCreateFee', 1_024_000_000],
  ['getMaxCpuTimeOfOneTx', 80],
  ['getAllowUpdateAccountName', 0],
  ['getAllowSameTokenName', 1],
  ['getAllowDelegateResource', 1],
  ['getTotalEnergyLimit', 90_000_000_000],
  ['getAllowTvmTransferTrc10', 1],
  ['getTotalEnergyCurrentLimit', 180_000_000_000],
  ['getAllowMultiSign', 1],
  ['getAllowAdaptiveEnergy', 0],
  ['getTotalEnergyTargetLimit', 6_250_000],
  ['getTotalEnergyAverageUsage', 0],
  ['getUpdateAccountPermissionFee', 100_000_000],
  ['getMultiSignFee', 1_000_000],
  ['getAllowAccountStateRoot', 0],
  ['getAllowProtoFilterNum', 0],
  ['getAllowTvmConstantinople', 1],
  ['getAllowTvmSolidity059', 1],
  ['getAllowTvmIstanbul', 1],
  ['getAllowShieldedTransaction', 0],
  ['getShieldedTransactionFee', 10_000_000],
  ['getShieldedTransactionCreateAccountFee', 10_000_000],
  ['getAllowShieldedTRC20Transaction', 1],
  ['getForbidTransferToContract', 1],
  ['getAdaptiveResourceLimitTargetRatio', 10],
  ['getAdaptiveResourceLimitMultiplier', 1_000],
  ['getChangeDelegation', 1],
  ['getWitness127PayPerBlock', 128_000_000],
  ['getAllowMarketTransaction', 0],
  ['getMarketSellFee', 0],
  ['getMarketCancelFee', 0],
  ['getAllowPBFT', 0],
  ['getAllowTransactionFeePool', 0],
  ['getMaxFeeLimit', 15_000_000_000],
  ['getAllowOptimizeBlackHole', 1],
  ['getAllowNewResourceModel', 1],
  ['getAllowTvmFreeze', 1],
  ['getAllowTvmVote', 1],
  ['getAllowTvmLondon', 1],
  ['getAllowTvmCompatibleEvm', 1],
  ['getAllowAccountAssetOptimization', 0],
  ['getFreeNetLimit', 600],
  ['getTotalNetLimit', 43_200_000_000],
  ['getAllowHigherLimitForMaxCpuTimeOfOneTx', 1],
  ['getAllowAssetOptimization', 1],
  ['getAllowNewReward', 1],
  ['getMemoFee', 1_000_000],
  ['getAllowDelegateOptimization', 1],
  ['getUnfreezeDelayDays', 14],
  ['getAllowOptimizedReturnValueOfChainId', 1],
  ['getAllowDynamicEnergy', 1],
  ['getDynamicEnergyThreshold', 5_000_000_000],
  ['getDynamicEnergyIncreaseFactor', 2_000],
  ['getDynamicEnergyMaxFactor', 34_000],
  ['getAllowTvmShangHai', 1],
  ['getAllowCancelAllUnfreezeV2', 1],
  ['getMaxDelegateLockPeriod', 864_000],
  ['getAllowOldRewardOpt', 1],
  ['getAllowEnergyAdjustment', 1],
  ['getMaxCreateAccountTxSize', 1_000],
  ['getAllowStrictMath', 1],
  ['getConsensusLogicOptimization', 1],
  ['getAllowTvmCancun', 1],
  ['getAllowTvmBlob', 0],
];

/** The parameters the lab's rules read, resolved once from the defaults and the lab's overrides. */
export interface ChainParameters {
  readonly energyFee: number;
  readonly transactionFee: number;
  readonly createAccountFee: number;
  readonly createNewAccountFeeInSystemContract: number;
  readonly createNewAccountBandwidthRate: number;
  readonly freeNetLimit: number;
  readonly totalNetLimit: number;
  readonly totalEnergyCurrentLimit: number;
  readonly maxFeeLimit: number;
  readonly memoFee: number;
  readonly maxDelegateLockPeriod: number;
  readonly maxCreateAccountTxSize: number;
  readonly forbidTransferToContract: boolean;
  readonly all: ReadonlyMap<string, number>;
}

export function resolveParameters(overrides: Partial<Record<string, number>> = {}): ChainParameters {
  const all = new Map<string, number>(MAINNET_PARAMETERS);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!all.has(key)) throw new Error(`unknown Tron chain parameter ${key}`);
    all.set(key, value);
  }
  const get = (key: string) => all.get(key) ?? 0;
  return {
    energyFee: get('getEnergyFee'),
    transactionFee: get('getTransactionFee'),
    createAccountFee: get('getCreateAccountFee'),
    createNewAccountFeeInSystemContract: get('getCreateNewAccountFeeInSystemContract'),
    createNewAccountBandwidthRate: get('getCreateNewAccountBandwidthRate'),
    freeNetLimit: get('getFreeNetLimit'),
    totalNetLimit: get('getTotalNetLimit'),
    totalEnergyCurrentLimit: get('getTotalEnergyCurrentLimit'),
    maxFeeLimit: get('getMaxFeeLimit'),
    memoFee: get('getMemoFee'),
    maxDelegateLockPeriod: get('getMaxDelegateLockPeriod'),
    maxCreateAccountTxSize: get('getMaxCreateAccountTxSize'),
    forbidTransferToContract: get('getForbidTransferToContract') === 1,
    all,
  };
}

/** {chainParameter: [{key, value}]}; a zero value is left out as java-tron leaves it out. */
export function chainParametersJson(params: ChainParameters): JsonObject {
  return {
    chainParameter: [...params.all].map(([key, value]) =>
      value === 0 ? { key } : { key, value: i64(value) },
    ),
  };
}
