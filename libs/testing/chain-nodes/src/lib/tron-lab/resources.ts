import { encode58Check, fromHex } from './address';
import type { ChainParameters } from './parameters';
import { TxRejected, validateError, type Account, type ChainState } from './state';

/** 24 h of 3-second slots: the window over which used bandwidth and energy recover. */
export const WINDOW_SIZE = 28_800;
export const BLOCK_INTERVAL_MS = 3_000;
export const TRX = 1_000_000;
const PRECISION = 1_000_000;
/** Constant.MAX_RESULT_SIZE_IN_TX: bandwidth charges this on top of the signed transaction's size. */
export const MAX_RESULT_SIZE_IN_TX = 64;

const divideCeil = (a: number, b: number) => Math.floor(a / b) + (a % b > 0 ? 1 : 0);

/**
 * ResourceProcessor.increase: the usage recorded at `lastTime` decays linearly to zero over the
 * window, then `usage` is added; times are slots. (java-tron's per-account window resizing after
 * Stake 2.0 is left out: the lab keeps every window at 24 h.)
 */
export function increase(lastUsage: number, usage: number, lastTime: number, now: number): number {
  let averageLastUsage = divideCeil(lastUsage * PRECISION, WINDOW_SIZE);
  const averageUsage = divideCeil(usage * PRECISION, WINDOW_SIZE);
  if (lastTime !== now) {
    if (lastTime + WINDOW_SIZE > now) {
      const decay = (WINDOW_SIZE - (now - lastTime)) / WINDOW_SIZE;
      averageLastUsage = Math.round(averageLastUsage * decay);
    } else {
      averageLastUsage = 0;
    }
  }
  return Math.floor(((averageLastUsage + averageUsage) * WINDOW_SIZE) / PRECISION);
}

/** calculateGlobalNetLimitV2: the account's share of TotalNetLimit by staked (own + acquired) TRX. */
export function netLimit(account: Account, state: ChainState, params: ChainParameters): number {
  if (state.totalNetWeight === 0) return 0;
  const weight = (account.frozenBandwidth + account.acquiredBandwidth) / TRX;
  return Math.trunc(weight * (params.totalNetLimit / state.totalNetWeight));
}

export function energyLimit(account: Account, state: ChainState, params: ChainParameters): number {
  if (state.totalEnergyWeight === 0) return 0;
  const weight = (account.frozenEnergy + account.acquiredEnergy) / TRX;
  return Math.trunc(weight * (params.totalEnergyCurrentLimit / state.totalEnergyWeight));
}

export const netUsageNow = (a: Account, now: number) => increase(a.netUsage, 0, a.latestConsumeTime, now);
export const freeNetUsageNow = (a: Account, now: number) =>
  increase(a.freeNetUsage, 0, a.latestConsumeFreeTime, now);
export const energyUsageNow = (a: Account, now: number) =>
  increase(a.energyUsage, 0, a.latestConsumeTimeForEnergy, now);

export function leftEnergy(
  account: Account,
  state: ChainState,
  params: ChainParameters,
  now: number,
): number {
  return Math.max(energyLimit(account, state, params) - energyUsageNow(account, now), 0);
}

export function useEnergy(account: Account, energy: number, now: number, headTime: number): void {
  account.energyUsage = increase(account.energyUsage, energy, account.latestConsumeTimeForEnergy, now);
  account.latestConsumeTimeForEnergy = now;
  account.latestOperationTime = headTime;
}

export interface NetBill {
  /** Bandwidth points taken from stake or the free allowance (receipt.net_usage). */
  netUsage: number;
  /** Sun burned instead (receipt.net_fee). */
  netFee: number;
}

export interface BandwidthCharge {
  bytes: number;
  createsAccount: boolean;
  /** The transaction's size without signatures, checked against getMaxCreateAccountTxSize. */
  unsignedSize: number;
  now: number;
  headTime: number;
}

/** BandwidthProcessor.consume for the transaction's single contract. */
export function consumeBandwidth(
  state: ChainState,
  owner: string,
  charge: BandwidthCharge,
  params: ChainParameters,
): NetBill {
  const account = state.accounts.get(owner);
  if (!account) throw validateError(`account [${encode58Check(fromHex(owner))}] does not exist`);
  const { bytes, now, headTime } = charge;
  const insufficient = (needed: number) =>
    new TxRejected(
      'BANDWITH_ERROR',
      'Account resource insufficient error.',
      `account [${encode58Check(fromHex(owner))}] has insufficient bandwidth[${bytes}] and balance[${needed}] to create new account`,
    );
  const staked = netLimit(account, state, params) - netUsageNow(account, now);
  const useStake = (cost: number) => {
    account.netUsage = increase(account.netUsage, cost, account.latestConsumeTime, now);
    account.latestConsumeTime = now;
    account.latestOperationTime = headTime;
  };
  const burn = (fee: number) => {
    if (account.balance < fee) return false;
    account.balance -= fee;
    account.latestOperationTime = headTime;
    return true;
  };
  if (charge.createsAccount) {
    if (charge.unsignedSize > params.maxCreateAccountTxSize)
      throw new TxRejected(
        'TOO_BIG_TRANSACTION_ERROR',
        `Too big new account transaction, the size is ${charge.unsignedSize} bytes, maxTxSize ${params.maxCreateAccountTxSize}`,
      );
    // A new account's creation is paid from staked bandwidth only, never from the free allowance.
    const cost = bytes * params.createNewAccountBandwidthRate;
    if (cost <= staked) {
      useStake(cost);
      return { netUsage: cost, netFee: 0 };
    }
    if (burn(params.createAccountFee)) return { netUsage: 0, netFee: params.createAccountFee };
    throw insufficient(params.createAccountFee);
  }
  if (bytes <= staked) {
    useStake(bytes);
    return { netUsage: bytes, netFee: 0 };
  }
  const free = params.freeNetLimit - freeNetUsageNow(account, now);
  if (bytes <= free) {
    account.freeNetUsage = increase(freeNetUsageNow(account, now), bytes, now, now);
    account.latestConsumeFreeTime = now;
    account.latestOperationTime = headTime;
    return { netUsage: bytes, netFee: 0 };
  }
  const fee = params.transactionFee * bytes;
  if (burn(fee)) return { netUsage: 0, netFee: fee };
  throw insufficient(fee);
}
