import { sha256, toHex } from './address';
import { Message, Writer } from './protobuf';

/** Transaction.raw as java-tron defines it (core/Tron.proto). */
export interface RawData {
  refBlockBytes: Uint8Array;
  refBlockNum: bigint;
  refBlockHash: Uint8Array;
  expiration: bigint;
  /** Kept as bytes: the lab has no use for them but must re-encode them unchanged. */
  auths: Uint8Array[];
  data: Uint8Array;
  contracts: RawContract[];
  scripts: Uint8Array;
  timestamp: bigint;
  feeLimit: bigint;
}

/** Transaction.Contract: the type and the packed (google.protobuf.Any) parameter. */
export interface RawContract {
  type: number;
  typeUrl: string;
  value: Uint8Array;
  provider: Uint8Array;
  contractName: Uint8Array;
  permissionId: number;
}

export interface SignedTransaction {
  raw: RawData;
  /** The raw_data bytes as received: the txID is their sha256, re-encoding must not be trusted. */
  rawBytes: Uint8Array;
  signatures: Uint8Array[];
  txID: string;
}

/** Contract type numbers java-tron uses; names are what its JSON prints. */
export const CONTRACT_TYPES: Readonly<Record<number, string>> = {
  0: 'AccountCreateContract',
  1: 'TransferContract',
  2: 'TransferAssetContract',
  4: 'VoteWitnessContract',
  11: 'FreezeBalanceContract',
  12: 'UnfreezeBalanceContract',
  13: 'WithdrawBalanceContract',
  30: 'CreateSmartContract',
  31: 'TriggerSmartContract',
  46: 'AccountPermissionUpdateContract',
  54: 'FreezeBalanceV2Contract',
  55: 'UnfreezeBalanceV2Contract',
  56: 'WithdrawExpireUnfreezeContract',
  57: 'DelegateResourceContract',
  58: 'UnDelegateResourceContract',
  59: 'CancelAllUnfreezeV2Contract',
};

export const CONTRACT_TYPE_NUMBERS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(CONTRACT_TYPES).map(([no, name]) => [name, Number(no)]),
);

export function contractTypeName(type: number): string {
  return CONTRACT_TYPES[type] ?? `ContractType${type}`;
}

export function decodeRawData(bytes: Uint8Array): RawData {
  const m = Message.parse(bytes);
  return {
    refBlockBytes: m.bytes(1),
    refBlockNum: m.int64(3),
    refBlockHash: m.bytes(4),
    expiration: m.int64(8),
    auths: m.repeatedBytes(9),
    data: m.bytes(10),
    contracts: m.repeatedBytes(11).map(decodeContract),
    scripts: m.bytes(12),
    timestamp: m.int64(14),
    feeLimit: m.int64(18),
  };
}

function decodeContract(bytes: Uint8Array): RawContract {
  const m = Message.parse(bytes);
  const any = Message.parse(m.bytes(2));
  return {
    type: m.int(1),
    typeUrl: any.string(1),
    value: any.bytes(2),
    provider: m.bytes(3),
    contractName: m.bytes(4),
    permissionId: m.int(5),
  };
}

export function encodeRawData(raw: RawData): Uint8Array {
  const w = new Writer().bytes(1, raw.refBlockBytes).int(3, raw.refBlockNum).bytes(4, raw.refBlockHash);
  w.int(8, raw.expiration);
  for (const auth of raw.auths) w.message(9, auth);
  w.bytes(10, raw.data);
  for (const c of raw.contracts) w.message(11, encodeContract(c));
  return w.bytes(12, raw.scripts).int(14, raw.timestamp).int(18, raw.feeLimit).finish();
}

function encodeContract(c: RawContract): Uint8Array {
  const any = new Writer().bytes(1, c.typeUrl).bytes(2, c.value).finish();
  return new Writer()
    .int(1, c.type)
    .message(2, any)
    .bytes(3, c.provider)
    .bytes(4, c.contractName)
    .int(5, c.permissionId)
    .finish();
}

export function txIdOf(rawBytes: Uint8Array): string {
  return toHex(sha256(rawBytes));
}

export function signedTransaction(rawBytes: Uint8Array, signatures: Uint8Array[]): SignedTransaction {
  return { raw: decodeRawData(rawBytes), rawBytes, signatures, txID: txIdOf(rawBytes) };
}

/** A whole Transaction message (broadcasthex): raw_data = 1, signature = 2, ret = 5 (ignored). */
export function decodeTransaction(bytes: Uint8Array): SignedTransaction {
  const m = Message.parse(bytes);
  return signedTransaction(m.bytes(1), m.repeatedBytes(2));
}

/** The Transaction as stored in a block; `ret` is the serialized Transaction.Result entries. */
export function encodeTransaction(tx: SignedTransaction, ret: Uint8Array[] = []): Uint8Array {
  const w = new Writer().message(1, tx.rawBytes);
  for (const sig of tx.signatures) w.message(2, sig);
  for (const r of ret) w.message(5, r);
  return w.finish();
}

/** Transaction.Result with only contractRet set, as java-tron stores it in blocks. */
export function encodeResult(contractRet: number): Uint8Array {
  return new Writer().int(3, contractRet).finish();
}
