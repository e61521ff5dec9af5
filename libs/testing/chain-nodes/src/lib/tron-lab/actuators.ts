import { isValidAddressHex } from './address';
import type { ContractValue } from './contracts';
import type { ChainParameters } from './parameters';
import { delegate, undelegate } from './delegation';
import { TRX } from './resources';
import { newAccount, notExists, validateError, type ChainState } from './state';

export interface ActuatorContext {
  state: ChainState;
  params: ChainParameters;
  /** Head slot and head block timestamp: java-tron's "now" while it processes a transaction. */
  now: number;
  headTime: number;
}

/** Transfer, stake and delegation contracts (java-tron's actuators): validate, then change `state`. */
export type SystemContract = Exclude<ContractValue, { type: 'TriggerSmartContract' | 'Unsupported' }>;

/** Runs one system contract; returns the fee its actuator charges (1 TRX to create an account). */
export function actuate(contract: SystemContract, ctx: ActuatorContext): number {
  switch (contract.type) {
    case 'TransferContract':
      return transfer(contract, ctx);
    case 'FreezeBalanceV2Contract':
      freeze(contract, ctx);
      return 0;
    case 'DelegateResourceContract':
      delegate(contract, ctx);
      return 0;
    case 'UnDelegateResourceContract':
      undelegate(contract, ctx);
      return 0;
  }
}

function transfer(c: Extract<ContractValue, { type: 'TransferContract' }>, ctx: ActuatorContext): number {
  const { state, params } = ctx;
  if (!isValidAddressHex(c.owner)) throw validateError('Invalid ownerAddress!');
  if (!isValidAddressHex(c.to)) throw validateError('Invalid toAddress!');
  if (c.to === c.owner) throw validateError('Cannot transfer TRX to yourself.');
  const owner = state.accounts.get(c.owner);
  if (!owner) throw validateError('Validate TransferContract error, no OwnerAccount.');
  if (c.amount <= 0) throw validateError('Amount must be greater than 0.');
  const to = state.accounts.get(c.to);
  const fee = to ? 0 : params.createNewAccountFeeInSystemContract;
  if (params.forbidTransferToContract && to?.type === 'Contract')
    throw validateError('Cannot transfer TRX to a smartContract.');
  if (owner.balance < c.amount + fee)
    throw validateError('Validate TransferContract error, balance is not sufficient.');
  const receiver = to ?? newAccount(c.to, ctx.headTime);
  state.accounts.set(c.to, receiver);
  owner.balance -= c.amount + fee;
  receiver.balance += c.amount;
  return fee;
}

function freeze(c: Extract<ContractValue, { type: 'FreezeBalanceV2Contract' }>, ctx: ActuatorContext): void {
  const { state } = ctx;
  if (!isValidAddressHex(c.owner)) throw validateError('Invalid address');
  const owner = state.accounts.get(c.owner);
  if (!owner) throw notExists(c.owner);
  if (c.frozenBalance <= 0) throw validateError('frozenBalance must be positive');
  if (c.frozenBalance < TRX) throw validateError('frozenBalance must be greater than or equal to 1 TRX');
  if (c.frozenBalance > owner.balance)
    throw validateError('frozenBalance must be less than or equal to accountBalance');
  if (c.resource < 0 || c.resource > 2)
    throw validateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]');
  // Network weights count whole TRX per account, delegated-out stake included.
  const weight = (sun: number) => Math.floor(sun / TRX);
  if (c.resource === 0) {
    const before = weight(owner.frozenBandwidth + owner.delegatedBandwidth);
    owner.frozenBandwidth += c.frozenBalance;
    state.totalNetWeight += weight(owner.frozenBandwidth + owner.delegatedBandwidth) - before;
  } else if (c.resource === 1) {
    const before = weight(owner.frozenEnergy + owner.delegatedEnergy);
    owner.frozenEnergy += c.frozenBalance;
    state.totalEnergyWeight += weight(owner.frozenEnergy + owner.delegatedEnergy) - before;
  } else {
    const before = weight(owner.frozenTronPower);
    owner.frozenTronPower += c.frozenBalance;
    state.totalTronPowerWeight += weight(owner.frozenTronPower) - before;
  }
  owner.balance -= c.frozenBalance;
}
