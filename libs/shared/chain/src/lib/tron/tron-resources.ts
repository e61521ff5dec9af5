import { big, type TronAccountResourceJson } from './tron-json';

/** The chain parameters fees are computed from (getchainparameters). */
export interface TronFeeParameters {
  /** Sun burnt per unit of energy. */
  energyFee: bigint;
  /** Sun burnt per byte of bandwidth. */
  bandwidthFee: bigint;
  /** Sun burnt for a new account's bandwidth when staked bandwidth cannot pay it. */
  createAccountFee: bigint;
  /** Sun a TransferContract to a new account pays on top (the account's creation). */
  createNewAccountFee: bigint;
}

/** What an account can still spend today without burning TRX. */
export interface TronResources {
  freeNet: bigint;
  stakedNet: bigint;
  energy: bigint;
}

const left = (limit: string | undefined, used: string | undefined) => {
  const rest = big(limit) - big(used);
  return rest > 0n ? rest : 0n;
};

export function resourcesOf(json: TronAccountResourceJson): TronResources {
  return {
    freeNet: left(json.freeNetLimit, json.freeNetUsed),
    stakedNet: left(json.NetLimit, json.NetUsed),
    energy: left(json.EnergyLimit, json.EnergyUsed),
  };
}

/** Bytes of bandwidth a transaction uses: its signed protobuf (raw data and one signature) plus 64. */
export function bandwidthBytes(rawDataHex: string): bigint {
  const raw = rawDataHex.length / 2;
  const varint = raw < 0x80 ? 1 : raw < 0x4000 ? 2 : 3;
  // field 1 (raw_data): tag, length, bytes; field 2 (signature): tag, length 65, 65 bytes.
  return BigInt(1 + varint + raw + 1 + 1 + 65 + 64);
}

export interface TronFeeInput {
  bytes: bigint;
  /** A TransferContract whose recipient does not exist yet. */
  createsAccount: boolean;
  /** Energy the call needs (0 for anything but a contract call). */
  energy: bigint;
}

/**
 * What a transaction burns, as java-tron charges it: bandwidth from staked bandwidth, else the
 * daily free bandwidth, else burnt per byte (creating an account cannot use the free bandwidth, and
 * burns createAccountFee instead, plus the creation fee); energy from the account's own and lent
 * energy, else burnt at energyFee. `resources` is what the sender has left (none: the most it can
 * burn); it is decremented, so the transactions of a batch are charged in turn.
 */
export function tronBurn(
  input: TronFeeInput,
  fees: TronFeeParameters,
  resources: TronResources = { freeNet: 0n, stakedNet: 0n, energy: 0n },
): { bandwidth: bigint; energy: bigint } {
  let bandwidth = 0n;
  if (input.createsAccount) {
    if (resources.stakedNet >= input.bytes) resources.stakedNet -= input.bytes;
    else bandwidth += fees.createAccountFee;
    bandwidth += fees.createNewAccountFee;
  } else if (resources.stakedNet >= input.bytes) resources.stakedNet -= input.bytes;
  else if (resources.freeNet >= input.bytes) resources.freeNet -= input.bytes;
  else bandwidth += input.bytes * fees.bandwidthFee;
  const lent = input.energy < resources.energy ? input.energy : resources.energy;
  resources.energy -= lent;
  return { bandwidth, energy: (input.energy - lent) * fees.energyFee };
}

/** Sun of stake whose energy is `energy` a day (EnergyLimit = stake × TotalEnergyLimit / TotalEnergyWeight). */
export function stakeForEnergy(energy: bigint, json: TronAccountResourceJson): bigint | null {
  const limit = big(json.TotalEnergyLimit);
  const weight = big(json.TotalEnergyWeight);
  if (limit <= 0n || weight <= 0n) return null;
  // Weight is in whole TRX: round the TRX up, so the energy lent is never short.
  const trx = (energy * weight + limit - 1n) / limit;
  return trx * 1_000_000n;
}
