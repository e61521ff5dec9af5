/** Sun amounts are plain numbers: the lab's whole supply stays far below 2^53. */
export interface Account {
  address: string;
  type: 'Normal' | 'Contract';
  balance: number;
  createTime: number;
  latestOperationTime: number;
  /** Usage and the slot (head timestamp / 3000) it was last consumed at, as java-tron stores them. */
  netUsage: number;
  latestConsumeTime: number;
  freeNetUsage: number;
  latestConsumeFreeTime: number;
  energyUsage: number;
  latestConsumeTimeForEnergy: number;
  /** Stake 2.0 balances still held by the account (delegated-out amounts are moved out of here). */
  frozenBandwidth: number;
  frozenEnergy: number;
  frozenTronPower: number;
  delegatedBandwidth: number;
  delegatedEnergy: number;
  acquiredBandwidth: number;
  acquiredEnergy: number;
}

/** One DelegatedResource record; java-tron keeps the locked and unlocked ones apart. */
export interface Delegation {
  from: string;
  to: string;
  lock: boolean;
  bandwidth: number;
  energy: number;
  expireBandwidth: number;
  expireEnergy: number;
}

export interface ChainState {
  accounts: Map<string, Account>;
  delegations: Map<string, Delegation>;
  /** TRX (not sun) staked network-wide, the divisor of every account's share of the resource limits. */
  totalNetWeight: number;
  totalEnergyWeight: number;
  totalTronPowerWeight: number;
}

export function newAccount(address: string, createTime: number, type: Account['type'] = 'Normal'): Account {
  return {
    address,
    type,
    balance: 0,
    createTime,
    latestOperationTime: 0,
    netUsage: 0,
    latestConsumeTime: 0,
    freeNetUsage: 0,
    latestConsumeFreeTime: 0,
    energyUsage: 0,
    latestConsumeTimeForEnergy: 0,
    frozenBandwidth: 0,
    frozenEnergy: 0,
    frozenTronPower: 0,
    delegatedBandwidth: 0,
    delegatedEnergy: 0,
    acquiredBandwidth: 0,
    acquiredEnergy: 0,
  };
}

/** Blocks keep the state after them; a block's state is never mutated, so each change works on a copy. */
export function cloneState(state: ChainState): ChainState {
  return structuredClone(state);
}

export function delegationKey(from: string, to: string, lock: boolean): string {
  return `${from}:${to}:${lock ? 'lock' : 'unlock'}`;
}

/** Thrown by the rules; `code` is the broadcast response code java-tron maps the exception to. */
export class TxRejected extends Error {
  constructor(
    readonly code:
      | 'SIGERROR'
      | 'CONTRACT_VALIDATE_ERROR'
      | 'TRANSACTION_EXPIRATION_ERROR'
      | 'TAPOS_ERROR'
      | 'DUP_TRANSACTION_ERROR'
      | 'BANDWITH_ERROR'
      | 'TOO_BIG_TRANSACTION_ERROR'
      | 'OTHER_ERROR',
    /** The text java-tron puts in the response's `message`. */
    readonly reply: string,
    /** What java-tron logs: the detailed reason, kept for the lab's own errors. */
    detail?: string,
  ) {
    super(detail ?? reply);
  }
}

export const validateError = (message: string) =>
  new TxRejected('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${message}`, message);

export const notExists = (hex: string) => validateError(`Account[${hex}] not exists`);
