import { randomBytes } from 'node:crypto';
import { addressOfPrivateKey, toBase58Address, toHex } from './address';
import { TRX } from './resources';
import { newAccount, type ChainState } from './state';

export interface TronKey {
  /** base58 T… */
  address: string;
  /** 41… */
  hexAddress: string;
  /** hex, no 0x */
  privateKey: string;
}

export function newKey(): TronKey {
  const privateKey = toHex(randomBytes(32));
  const hexAddress = addressOfPrivateKey(privateKey);
  return { address: toBase58Address(hexAddress), hexAddress, privateKey };
}

/** TRX the rest of the network has staked: the divisor that makes 1 staked TRX worth mainnet's share. */
export interface NetworkStake {
  /** Default 30 billion TRX: about 1.4 bandwidth a day per staked TRX. */
  bandwidth?: number;
  /** Default 17 billion TRX: about 10.6 energy a day per staked TRX (180 billion / 17 billion). */
  energy?: number;
}

/** The genesis account's TRX: a billion, which keeps every sun amount an exact JavaScript number. */
export const GENESIS_BALANCE = 1_000_000_000 * TRX;

/** Genesis: the funding account, the token contract's account, and the network's stake weights. */
export function genesisState(funder: string, tokenContract: string, stake: NetworkStake = {}): ChainState {
  const fund = newAccount(funder, 0);
  fund.balance = GENESIS_BALANCE;
  return {
    accounts: new Map([
      [funder, fund],
      [tokenContract, newAccount(tokenContract, 0, 'Contract')],
    ]),
    delegations: new Map(),
    totalNetWeight: stake.bandwidth ?? 30_000_000_000,
    totalEnergyWeight: stake.energy ?? 17_000_000_000,
    totalTronPowerWeight: 40_000_000_000,
  };
}
