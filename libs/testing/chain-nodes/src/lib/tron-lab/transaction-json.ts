import { toHex } from './address';
import { contractValueOf, RESOURCES, type ContractValue } from './contracts';
import { address, compact, hexField, i64, type JsonObject } from './json';
import { contractTypeName, type RawData, type SignedTransaction } from './transaction-codec';

/** A contract's parameter value as java-tron prints it (proto3 defaults left out). */
export function contractValueJson(v: ContractValue, visible: boolean): JsonObject {
  const resource = (code: number) => (code === 0 ? undefined : (RESOURCES[code] ?? code));
  const owner_address = address(v.owner, visible);
  switch (v.type) {
    case 'TransferContract':
      return compact({ amount: i64(v.amount), owner_address, to_address: address(v.to, visible) });
    case 'TriggerSmartContract':
      return compact({
        data: hexField(v.data),
        owner_address,
        contract_address: address(v.contract, visible),
        call_value: i64(v.callValue),
        call_token_value: i64(v.callTokenValue),
        token_id: i64(v.tokenId),
      });
    case 'FreezeBalanceV2Contract':
      return compact({ owner_address, frozen_balance: i64(v.frozenBalance), resource: resource(v.resource) });
    case 'DelegateResourceContract':
      return compact({
        owner_address,
        resource: resource(v.resource),
        balance: i64(v.balance),
        receiver_address: address(v.receiver, visible),
        lock: v.lock || undefined,
        lock_period: i64(v.lockPeriod),
      });
    case 'UnDelegateResourceContract':
      return compact({
        owner_address,
        resource: resource(v.resource),
        balance: i64(v.balance),
        receiver_address: address(v.receiver, visible),
      });
    case 'Unsupported':
      return compact({ owner_address });
  }
}

export function rawDataJson(raw: RawData, visible: boolean): JsonObject {
  const contract = raw.contracts.map((c) =>
    compact({
      parameter: { value: contractValueJson(contractValueOf(c), visible), type_url: c.typeUrl },
      type: contractTypeName(c.type),
      Permission_id: c.permissionId > 0 ? c.permissionId : undefined,
    }),
  );
  return compact({
    contract,
    ref_block_bytes: hexField(toHex(raw.refBlockBytes)),
    ref_block_num: i64(Number(raw.refBlockNum)),
    ref_block_hash: hexField(toHex(raw.refBlockHash)),
    expiration: i64(Number(raw.expiration)),
    data: hexField(toHex(raw.data)),
    scripts: hexField(toHex(raw.scripts)),
    timestamp: i64(Number(raw.timestamp)),
    fee_limit: i64(Number(raw.feeLimit)),
  });
}

/** Util.printTransactionToJSON: the message plus txID and raw_data_hex. */
export function transactionJson(tx: SignedTransaction, visible: boolean, contractRet?: string): JsonObject {
  return compact({
    ret: contractRet === undefined ? undefined : [{ contractRet }],
    signature: tx.signatures.length > 0 ? tx.signatures.map(toHex) : undefined,
    txID: tx.txID,
    raw_data: rawDataJson(tx.raw, visible),
    raw_data_hex: toHex(tx.rawBytes),
  });
}
