import { toHex } from './address';
import { Message, Writer } from './protobuf';
import type { RawContract } from './transaction-codec';

/** ResourceCode (core/contract/common.proto). */
export const RESOURCES = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'] as const;
export type Resource = (typeof RESOURCES)[number];

export function resourceName(code: number): Resource | `${number}` {
  return RESOURCES[code] ?? `${code}`;
}

/** The contract types the lab executes; addresses are hex `41…` (whatever bytes the client sent). */
export type ContractValue =
  | { type: 'TransferContract'; owner: string; to: string; amount: number }
  | {
      type: 'TriggerSmartContract';
      owner: string;
      contract: string;
      callValue: number;
      data: string;
      callTokenValue: number;
      tokenId: number;
    }
  | { type: 'FreezeBalanceV2Contract'; owner: string; frozenBalance: number; resource: number }
  | {
      type: 'DelegateResourceContract';
      owner: string;
      resource: number;
      balance: number;
      receiver: string;
      lock: boolean;
      lockPeriod: number;
    }
  | { type: 'UnDelegateResourceContract'; owner: string; resource: number; balance: number; receiver: string }
  | { type: 'Unsupported'; name: string; owner: string };

export type ContractTypeName = Exclude<ContractValue['type'], 'Unsupported'>;

export const TYPE_URL_PREFIX = 'type.googleapis.com/protocol.';

/** Field numbers from core/contract/{balance,smart}_contract.proto. */
export function decodeContractValue(type: number, value: Uint8Array): ContractValue {
  const m = Message.parse(value);
  const addr = (no: number) => toHex(m.bytes(no));
  switch (type) {
    case 1:
      return { type: 'TransferContract', owner: addr(1), to: addr(2), amount: m.int(3) };
    case 31:
      return {
        type: 'TriggerSmartContract',
        owner: addr(1),
        contract: addr(2),
        callValue: m.int(3),
        data: toHex(m.bytes(4)),
        callTokenValue: m.int(5),
        tokenId: m.int(6),
      };
    case 54:
      return { type: 'FreezeBalanceV2Contract', owner: addr(1), frozenBalance: m.int(2), resource: m.int(3) };
    case 57:
      return {
        type: 'DelegateResourceContract',
        owner: addr(1),
        resource: m.int(2),
        balance: m.int(3),
        receiver: addr(4),
        lock: m.bool(5),
        lockPeriod: m.int(6),
      };
    case 58:
      return {
        type: 'UnDelegateResourceContract',
        owner: addr(1),
        resource: m.int(2),
        balance: m.int(3),
        receiver: addr(4),
      };
    default:
      // Every other contract type also carries owner_address as field 1.
      return { type: 'Unsupported', name: String(type), owner: addr(1) };
  }
}

export function contractValueOf(contract: RawContract): ContractValue {
  return decodeContractValue(contract.type, contract.value);
}

const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

export function encodeContractValue(value: ContractValue): Uint8Array {
  const w = new Writer().bytes(1, hexBytes(value.owner));
  switch (value.type) {
    case 'TransferContract':
      return w.bytes(2, hexBytes(value.to)).int(3, value.amount).finish();
    case 'TriggerSmartContract':
      return w
        .bytes(2, hexBytes(value.contract))
        .int(3, value.callValue)
        .bytes(4, hexBytes(value.data))
        .int(5, value.callTokenValue)
        .int(6, value.tokenId)
        .finish();
    case 'FreezeBalanceV2Contract':
      return w.int(2, value.frozenBalance).int(3, value.resource).finish();
    case 'DelegateResourceContract':
      return w
        .int(2, value.resource)
        .int(3, value.balance)
        .bytes(4, hexBytes(value.receiver))
        .int(5, value.lock)
        .int(6, value.lockPeriod)
        .finish();
    case 'UnDelegateResourceContract':
      return w.int(2, value.resource).int(3, value.balance).bytes(4, hexBytes(value.receiver)).finish();
    case 'Unsupported':
      throw new Error(`cannot encode contract type ${value.name}`);
  }
}
