import { isValidAddressHex } from './address';
import type { ActuatorContext } from './actuators';
import type { ContractValue } from './contracts';
import type { ChainParameters } from './parameters';
import { BLOCK_INTERVAL_MS, energyUsageNow, netUsageNow, TRX } from './resources';
import {
  delegationKey,
  notExists,
  validateError,
  type Account,
  type ChainState,
  type Delegation,
} from './state';

// Stake 2.0 delegation: DelegateResourceActuator, UnDelegateResourceActuator and their records.

/** The owner's stake already spent on its own usage, in sun (Wallet.calcCanDelegated*MaxSize). */
export function usedStake(
  owner: Account,
  bandwidth: boolean,
  ctx: Omit<ActuatorContext, 'headTime'>,
): number {
  const { state, params, now } = ctx;
  const usage = bandwidth
    ? netUsageNow(owner, now) * TRX * (state.totalNetWeight / params.totalNetLimit)
    : energyUsageNow(owner, now) * TRX * (state.totalEnergyWeight / params.totalEnergyCurrentLimit);
  return Math.max(0, Math.trunc(usage) - (bandwidth ? owner.acquiredBandwidth : owner.acquiredEnergy));
}

export function delegate(
  c: Extract<ContractValue, { type: 'DelegateResourceContract' }>,
  ctx: ActuatorContext,
): void {
  const { state, params, headTime } = ctx;
  if (!isValidAddressHex(c.owner)) throw validateError('Invalid address');
  const owner = state.accounts.get(c.owner);
  if (!owner) throw notExists(c.owner);
  if (c.balance < TRX) throw validateError('delegateBalance must be greater than or equal to 1 TRX');
  if (c.resource === 0 && owner.frozenBandwidth - usedStake(owner, true, ctx) < c.balance)
    throw validateError('delegateBalance must be less than or equal to available FreezeBandwidthV2 balance');
  if (c.resource === 1 && owner.frozenEnergy - usedStake(owner, false, ctx) < c.balance)
    throw validateError('delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
  if (c.resource !== 0 && c.resource !== 1)
    throw validateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
  if (!isValidAddressHex(c.receiver)) throw validateError('Invalid receiverAddress');
  if (c.receiver === c.owner) throw validateError('receiverAddress must not be the same as ownerAddress');
  const receiver = state.accounts.get(c.receiver);
  if (!receiver) throw notExists(c.receiver);
  const name = c.resource === 0 ? 'BANDWIDTH' : 'ENERGY';
  // DELEGATE_PERIOD (3 days) in blocks when the contract leaves lock_period at 0.
  const lockPeriod = c.lockPeriod === 0 ? (3 * 86_400_000) / BLOCK_INTERVAL_MS : c.lockPeriod;
  if (c.lock) {
    if (lockPeriod < 0 || lockPeriod > params.maxDelegateLockPeriod)
      throw validateError(
        `The lock period of delegate resource cannot be less than 0 and cannot exceed ${params.maxDelegateLockPeriod}!`,
      );
    const locked = state.delegations.get(delegationKey(c.owner, c.receiver, true));
    const remain = locked ? (c.resource === 0 ? locked.expireBandwidth : locked.expireEnergy) - headTime : 0;
    if (locked && lockPeriod * BLOCK_INTERVAL_MS < remain)
      throw validateError(
        `The lock period for ${name} this time cannot be less than the remaining time[${remain}ms] of the last lock period for ${name}!`,
      );
  }
  if (receiver.type === 'Contract')
    throw validateError('Do not allow delegate resources to contract addresses');

  unlockExpired(state, c.owner, c.receiver, headTime);
  const record = delegation(state, c.owner, c.receiver, c.lock);
  const expire = c.lock ? headTime + lockPeriod * BLOCK_INTERVAL_MS : 0;
  if (c.resource === 0) {
    record.bandwidth += c.balance;
    record.expireBandwidth = expire;
    owner.delegatedBandwidth += c.balance;
    owner.frozenBandwidth -= c.balance;
    receiver.acquiredBandwidth += c.balance;
  } else {
    record.energy += c.balance;
    record.expireEnergy = expire;
    owner.delegatedEnergy += c.balance;
    owner.frozenEnergy -= c.balance;
    receiver.acquiredEnergy += c.balance;
  }
}

export function undelegate(
  c: Extract<ContractValue, { type: 'UnDelegateResourceContract' }>,
  ctx: ActuatorContext,
): void {
  const { state, headTime } = ctx;
  if (!isValidAddressHex(c.owner)) throw validateError('Invalid address');
  const owner = state.accounts.get(c.owner);
  if (!owner) throw validateError(`Account[${c.owner}] does not exist`);
  if (!isValidAddressHex(c.receiver)) throw validateError('Invalid receiverAddress');
  if (c.receiver === c.owner) throw validateError('receiverAddress must not be the same as ownerAddress');
  const unlocked = state.delegations.get(delegationKey(c.owner, c.receiver, false));
  const locked = state.delegations.get(delegationKey(c.owner, c.receiver, true));
  if (!unlocked && !locked) throw validateError('delegated Resource does not exist');
  if (c.balance <= 0) throw validateError('unDelegateBalance must be more than 0 TRX');
  const bandwidth = c.resource === 0;
  if (c.resource !== 0 && c.resource !== 1)
    throw validateError('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
  const available =
    (bandwidth ? (unlocked?.bandwidth ?? 0) : (unlocked?.energy ?? 0)) +
    (locked && (bandwidth ? locked.expireBandwidth : locked.expireEnergy) < headTime
      ? bandwidth
        ? locked.bandwidth
        : locked.energy
      : 0);
  if (available < c.balance)
    throw validateError(
      bandwidth
        ? `insufficient delegatedFrozenBalance(BANDWIDTH), request=${c.balance}, unlock_balance=${available}`
        : `insufficient delegateFrozenBalance(Energy), request=${c.balance}, unlock_balance=${available}`,
    );

  const receiver = state.accounts.get(c.receiver);
  returnUsage(owner, receiver, bandwidth ? 'BANDWIDTH' : 'ENERGY', c.balance, state, ctx.params, ctx.now);
  unlockExpired(state, c.owner, c.receiver, headTime);
  const record = delegation(state, c.owner, c.receiver, false);
  if (bandwidth) {
    if (receiver) receiver.acquiredBandwidth = Math.max(0, receiver.acquiredBandwidth - c.balance);
    record.bandwidth -= c.balance;
    owner.delegatedBandwidth -= c.balance;
    owner.frozenBandwidth += c.balance;
  } else {
    if (receiver) receiver.acquiredEnergy = Math.max(0, receiver.acquiredEnergy - c.balance);
    record.energy -= c.balance;
    owner.delegatedEnergy -= c.balance;
    owner.frozenEnergy += c.balance;
  }
  if (record.bandwidth === 0 && record.energy === 0)
    state.delegations.delete(delegationKey(c.owner, c.receiver, false));
}

function delegation(state: ChainState, from: string, to: string, lock: boolean): Delegation {
  const key = delegationKey(from, to, lock);
  const existing = state.delegations.get(key);
  if (existing) return existing;
  const created = { from, to, lock, bandwidth: 0, energy: 0, expireBandwidth: 0, expireEnergy: 0 };
  state.delegations.set(key, created);
  return created;
}

/** DelegatedResourceStore.unLockExpireResource: expired locked stake becomes unlocked. */
function unlockExpired(state: ChainState, from: string, to: string, now: number): void {
  const locked = state.delegations.get(delegationKey(from, to, true));
  if (!locked || (locked.expireEnergy >= now && locked.expireBandwidth >= now)) return;
  const unlocked = delegation(state, from, to, false);
  if (locked.expireEnergy < now) {
    unlocked.energy += locked.energy;
    locked.energy = 0;
    locked.expireEnergy = 0;
  }
  if (locked.expireBandwidth < now) {
    unlocked.bandwidth += locked.bandwidth;
    locked.bandwidth = 0;
    locked.expireBandwidth = 0;
  }
  if (locked.bandwidth === 0 && locked.energy === 0) state.delegations.delete(delegationKey(from, to, true));
}

/** UnDelegateResourceActuator: the receiver's usage of what it gives back moves to the owner. */
export function returnUsage(
  owner: Account,
  receiver: Account | undefined,
  resource: 'BANDWIDTH' | 'ENERGY',
  balance: number,
  state: ChainState,
  params: ChainParameters,
  now: number,
): void {
  if (!receiver) return;
  const bandwidth = resource === 'BANDWIDTH';
  const usage = bandwidth ? netUsageNow(receiver, now) : energyUsageNow(receiver, now);
  const allFrozen = bandwidth
    ? receiver.frozenBandwidth + receiver.acquiredBandwidth
    : receiver.frozenEnergy + receiver.acquiredEnergy;
  const totalLimit = bandwidth ? params.totalNetLimit : params.totalEnergyCurrentLimit;
  const totalWeight = bandwidth ? state.totalNetWeight : state.totalEnergyWeight;
  const maxUsage = Math.trunc((balance / TRX) * (totalLimit / totalWeight));
  const moved = Math.min(maxUsage, allFrozen > 0 ? Math.trunc(usage * (balance / allFrozen)) : 0);
  if (bandwidth) {
    receiver.netUsage = usage - moved;
    receiver.latestConsumeTime = now;
    owner.netUsage = netUsageNow(owner, now) + moved;
    owner.latestConsumeTime = now;
  } else {
    receiver.energyUsage = usage - moved;
    receiver.latestConsumeTimeForEnergy = now;
    owner.energyUsage = energyUsageNow(owner, now) + moved;
    owner.latestConsumeTimeForEnergy = now;
  }
}
