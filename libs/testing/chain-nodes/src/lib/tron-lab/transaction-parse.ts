import { decode58Check, toHex } from './address';
import { encodeContractValue, RESOURCES, TYPE_URL_PREFIX, type ContractValue } from './contracts';
import type { Json } from './json';
import { CONTRACT_TYPE_NUMBERS, type RawContract, type RawData } from './transaction-codec';

/** Request bodies read as java-tron's JsonFormat.merge reads them. */
/** Thrown where java-tron's JsonFormat.merge would fail on a request body. */
export class JsonParseError extends Error {}

function obj(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JsonParseError(what);
  return value as Record<string, unknown>;
}

export function int(value: unknown, what: string): number {
  if (value === undefined || value === null) return 0;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new JsonParseError(`${what} is not an integer`);
  return n;
}

export function hex(value: unknown, what: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(value))
    throw new JsonParseError(`${what} is not hex`);
  return value.replace(/^0x/, '').toLowerCase();
}

/** Address fields: base58 when visible, else hex, exactly as JsonFormat.merge reads them. */
export function addressField(value: unknown, visible: boolean, what: string): string {
  if (value === undefined || value === null || value === '') return '';
  if (!visible) return hex(value, what);
  if (typeof value !== 'string') throw new JsonParseError(`${what} is not an address`);
  try {
    return toHex(decode58Check(value));
  } catch {
    throw new JsonParseError(`${what} is not a base58 address`);
  }
}

function resourceField(value: unknown): number {
  if (value === undefined || value === null) return 0;
  const code = typeof value === 'string' ? RESOURCES.indexOf(value as (typeof RESOURCES)[number]) : value;
  if (typeof code !== 'number' || code < 0) throw new JsonParseError(`resource ${String(value)}`);
  return code;
}

/** A contract parameter value from JSON, for the supported types only. */
export function parseContractValue(type: string, json: unknown, visible: boolean): ContractValue {
  const v = obj(json, 'parameter.value');
  const owner = addressField(v.owner_address, visible, 'owner_address');
  const receiver = () => addressField(v.receiver_address, visible, 'receiver_address');
  switch (type) {
    case 'TransferContract':
      return {
        type,
        owner,
        to: addressField(v.to_address, visible, 'to_address'),
        amount: int(v.amount, 'amount'),
      };
    case 'TriggerSmartContract':
      return {
        type,
        owner,
        contract: addressField(v.contract_address, visible, 'contract_address'),
        callValue: int(v.call_value, 'call_value'),
        data: hex(v.data, 'data'),
        callTokenValue: int(v.call_token_value, 'call_token_value'),
        tokenId: int(v.token_id, 'token_id'),
      };
    case 'FreezeBalanceV2Contract':
      return {
        type,
        owner,
        frozenBalance: int(v.frozen_balance, 'frozen_balance'),
        resource: resourceField(v.resource),
      };
    case 'DelegateResourceContract':
      return {
        type,
        owner,
        resource: resourceField(v.resource),
        balance: int(v.balance, 'balance'),
        receiver: receiver(),
        lock: v.lock === true || v.lock === 'true',
        lockPeriod: int(v.lock_period, 'lock_period'),
      };
    case 'UnDelegateResourceContract':
      return {
        type,
        owner,
        resource: resourceField(v.resource),
        balance: int(v.balance, 'balance'),
        receiver: receiver(),
      };
    default:
      throw new JsonParseError(`contract type ${type} not supported by the Tron lab`);
  }
}

/** raw_data from JSON as Util.packTransaction reads it; a contract it cannot read is left out. */
export function parseRawData(json: unknown, visible: boolean): RawData {
  const raw = obj(json, 'raw_data');
  const contracts: RawContract[] = [];
  for (const entry of Array.isArray(raw.contract) ? (raw.contract as Json[]) : []) {
    try {
      const c = obj(entry, 'contract');
      const type = String(c.type ?? '');
      const parameter = obj(c.parameter, 'parameter');
      const value = parseContractValue(type, parameter.value, visible);
      contracts.push({
        type: CONTRACT_TYPE_NUMBERS[type],
        typeUrl: typeof parameter.type_url === 'string' ? parameter.type_url : `${TYPE_URL_PREFIX}${type}`,
        value: encodeContractValue(value),
        provider: new Uint8Array(),
        contractName: new Uint8Array(),
        permissionId: int(c.Permission_id, 'Permission_id'),
      });
    } catch (err) {
      if (!(err instanceof JsonParseError)) throw err;
    }
  }
  const bytes = (value: unknown, what: string) => Uint8Array.from(Buffer.from(hex(value, what), 'hex'));
  return {
    refBlockBytes: bytes(raw.ref_block_bytes, 'ref_block_bytes'),
    refBlockNum: BigInt(int(raw.ref_block_num, 'ref_block_num')),
    refBlockHash: bytes(raw.ref_block_hash, 'ref_block_hash'),
    expiration: BigInt(int(raw.expiration, 'expiration')),
    auths: [],
    data: bytes(raw.data, 'data'),
    contracts,
    scripts: bytes(raw.scripts, 'scripts'),
    timestamp: BigInt(int(raw.timestamp, 'timestamp')),
    feeLimit: BigInt(int(raw.fee_limit, 'fee_limit')),
  };
}
