import { toHex } from './address';
import type { Block, MinedTx } from './block';
import { address, compact, hexField, i64, type JsonObject } from './json';
import type { ChainParameters } from './parameters';
import {
  BLOCK_INTERVAL_MS,
  energyLimit,
  energyUsageNow,
  freeNetUsageNow,
  netLimit,
  netUsageNow,
  TRX,
} from './resources';
import type { Account, ChainState, Delegation } from './state';
import { transactionJson } from './transaction-json';

/** Printed as java-tron prints a Block: header, and `transactions` only when there are some. */
export function blockJson(block: Block, visible: boolean, detail = true): JsonObject {
  return compact({
    blockID: block.id,
    block_header: {
      raw_data: compact({
        number: i64(block.number),
        txTrieRoot: block.txTrieRoot,
        witness_address: address(block.witness, visible),
        parentHash: block.parentHash,
        version: block.version,
        timestamp: i64(block.timestamp),
      }),
      witness_signature: block.witnessSignature,
    },
    transactions:
      detail && block.transactions.length > 0
        ? block.transactions.map((m) => transactionJson(m.tx, visible, m.outcome.contractRet))
        : undefined,
  });
}

/** TransactionInfo; log addresses become T… addresses when visible, as the servlets convert them. */
export function txInfoJson(block: Block, { tx, outcome }: MinedTx, visible: boolean): JsonObject {
  const vm = outcome.vm;
  return compact({
    id: tx.txID,
    fee: i64(outcome.fee),
    blockNumber: i64(block.number),
    blockTimeStamp: i64(block.timestamp),
    contractResult: [vm?.output ?? ''],
    contract_address: vm && address(vm.contractAddress, visible),
    receipt: compact({
      energy_usage: i64(outcome.energyUsage),
      energy_fee: i64(outcome.energyFee),
      energy_usage_total: i64(outcome.energyUsageTotal),
      net_usage: i64(outcome.netUsage),
      net_fee: i64(outcome.netFee),
      result: vm ? outcome.contractRet : undefined,
    }),
    log:
      vm && vm.logs.length > 0
        ? vm.logs.map((l) =>
            compact({
              address: visible ? address(`41${l.address}`, true) : l.address,
              topics: l.topics.length > 0 ? l.topics : undefined,
              data: hexField(l.data),
            }),
          )
        : undefined,
    result: vm && outcome.contractRet !== 'SUCCESS' ? 'FAILED' : undefined,
    resMessage: vm?.message === undefined ? undefined : toHex(new TextEncoder().encode(vm.message)),
  });
}

/** The operations bitmap java-tron gives a new account's default active permission. */
const ACTIVE_OPERATIONS = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

/** Wallet.getAccount: usage shown as recovered up to `now`; consume times as ms since genesis (0). */
export function accountJson(a: Account, now: number, visible: boolean): JsonObject {
  const keys = [{ address: address(a.address, visible), weight: i64(1) }];
  const ms = (slot: number) => i64(slot * BLOCK_INTERVAL_MS);
  const normal = a.type === 'Normal';
  return compact({
    address: address(a.address, visible),
    balance: i64(a.balance),
    type: normal ? undefined : a.type,
    create_time: i64(a.createTime),
    latest_opration_time: i64(a.latestOperationTime),
    net_usage: i64(netUsageNow(a, now)),
    free_net_usage: i64(freeNetUsageNow(a, now)),
    latest_consume_time: ms(a.latestConsumeTime),
    latest_consume_free_time: ms(a.latestConsumeFreeTime),
    account_resource: compact({
      energy_usage: i64(energyUsageNow(a, now)),
      latest_consume_time_for_energy: ms(a.latestConsumeTimeForEnergy),
      delegated_frozenV2_balance_for_energy: i64(a.delegatedEnergy),
      acquired_delegated_frozenV2_balance_for_energy: i64(a.acquiredEnergy),
    }),
    owner_permission: normal ? { permission_name: 'owner', threshold: i64(1), keys } : undefined,
    active_permission: normal
      ? [
          {
            type: 'Active',
            id: 2,
            permission_name: 'active',
            threshold: i64(1),
            operations: ACTIVE_OPERATIONS,
            keys,
          },
        ]
      : undefined,
    frozenV2: [
      compact({ amount: i64(a.frozenBandwidth) }),
      compact({ type: 'ENERGY', amount: i64(a.frozenEnergy) }),
      compact({ type: 'TRON_POWER', amount: i64(a.frozenTronPower) }),
    ],
    delegated_frozenV2_balance_for_bandwidth: i64(a.delegatedBandwidth),
    acquired_delegated_frozenV2_balance_for_bandwidth: i64(a.acquiredBandwidth),
  });
}

/** Wallet.getAccountResource (AccountResourceMessage); zero fields left out. */
export function accountResourceJson(
  a: Account,
  state: ChainState,
  params: ChainParameters,
  now: number,
): JsonObject {
  const tronPower =
    a.frozenBandwidth + a.delegatedBandwidth + a.frozenEnergy + a.delegatedEnergy + a.frozenTronPower;
  return compact({
    freeNetUsed: i64(freeNetUsageNow(a, now)),
    freeNetLimit: i64(params.freeNetLimit),
    NetUsed: i64(netUsageNow(a, now)),
    NetLimit: i64(netLimit(a, state, params)),
    TotalNetLimit: i64(params.totalNetLimit),
    TotalNetWeight: i64(state.totalNetWeight),
    TotalTronPowerWeight: i64(state.totalTronPowerWeight),
    tronPowerLimit: i64(Math.floor(tronPower / TRX)),
    EnergyUsed: i64(energyUsageNow(a, now)),
    EnergyLimit: i64(energyLimit(a, state, params)),
    TotalEnergyLimit: i64(params.totalEnergyCurrentLimit),
    TotalEnergyWeight: i64(state.totalEnergyWeight),
  });
}

/** DelegatedResourceList: the unlocked record, then the locked one; `{}` when there is none. */
export function delegatedResourcesJson(records: Delegation[], visible: boolean): JsonObject {
  const shown = records.filter(
    (r) => r.bandwidth !== 0 || r.energy !== 0 || r.expireBandwidth !== 0 || r.expireEnergy !== 0,
  );
  if (shown.length === 0) return {};
  return {
    delegatedResource: shown.map((r) =>
      compact({
        from: address(r.from, visible),
        to: address(r.to, visible),
        frozen_balance_for_bandwidth: i64(r.bandwidth),
        frozen_balance_for_energy: i64(r.energy),
        expire_time_for_bandwidth: i64(r.expireBandwidth),
        expire_time_for_energy: i64(r.expireEnergy),
      }),
    ),
  };
}
