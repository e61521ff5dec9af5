/**
 * The shapes of java-tron's HTTP answers this adapter reads (https://developers.tron.network/reference),
 * with numbers as the exact decimal text TronHttp parses them to. Addresses are hex "41…" (requests
 * are made with visible false); a log's address is the 20 bytes without the 41.
 */

export interface TronBlockJson {
  blockID?: string;
  block_header?: { raw_data: { number?: string; parentHash?: string; timestamp?: string } };
  transactions?: TronTransactionJson[];
}

export interface TronContractJson {
  type: string;
  parameter: { value: Record<string, unknown> };
}

export interface TronTransactionJson {
  txID: string;
  ret?: Array<{ contractRet?: string }>;
  raw_data: { contract: TronContractJson[]; expiration?: string; timestamp?: string };
  raw_data_hex?: string;
}

export interface TronLogJson {
  address: string;
  topics?: string[];
  data?: string;
}

/** gettransactioninfobyid / gettransactioninfobyblocknum: what a mined transaction did and paid. */
export interface TronTransactionInfoJson {
  id?: string;
  /** Sun burnt in all: bandwidth, energy, account creation. */
  fee?: string;
  blockNumber?: string;
  blockTimeStamp?: string;
  contract_address?: string;
  receipt?: {
    result?: string;
    energy_usage?: string;
    energy_fee?: string;
    energy_usage_total?: string;
    net_usage?: string;
    net_fee?: string;
  };
  log?: TronLogJson[];
  /** "FAILED" when the transaction failed (resMessage says why, hex). */
  result?: string;
  resMessage?: string;
}

export interface TronAccountJson {
  address?: string;
  balance?: string;
}

/** getaccountresource: limits and what was used of them today (absent fields are 0). */
export interface TronAccountResourceJson {
  freeNetUsed?: string;
  freeNetLimit?: string;
  NetUsed?: string;
  NetLimit?: string;
  EnergyUsed?: string;
  EnergyLimit?: string;
  TotalEnergyLimit?: string;
  TotalEnergyWeight?: string;
}

/** broadcasttransaction's answer: result true, or a code and a hex-encoded message. */
export interface TronBroadcastJson {
  result?: boolean;
  code?: string;
  txid?: string;
  message?: string;
}

export const big = (value: string | undefined): bigint => (value === undefined ? 0n : BigInt(value));
export const num = (value: string | undefined): number => (value === undefined ? 0 : Number(value));

/** java-tron writes its messages as hex of their UTF-8 text. */
export function tronMessage(hex: string | undefined): string {
  if (!hex) return '';
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) return hex;
  return Buffer.from(hex, 'hex').toString('utf8');
}
