import type { TronChain } from './chain';
import { contractTypeName } from './transaction-codec';

/** What the chain charged a mined transaction (receipt fields, flattened). */
export interface MinedRecord {
  txID: string;
  blockNumber: number;
  contractType: string;
  /** contractRet: SUCCESS, REVERT or OUT_OF_ENERGY. */
  result: string;
  /** TransactionInfo.fee: every sun burned (bandwidth, energy, account creation, memo). */
  fee: number;
  /** energy_usage_total; energyFromStake is the part paid by staked or delegated energy. */
  energyUsage: number;
  energyFromStake: number;
  energyFee: number;
  netUsage: number;
  netFee: number;
}

export function minedRecords(chain: TronChain): MinedRecord[] {
  return chain.blocks.flatMap((block) =>
    block.transactions.map(({ tx, outcome }) => ({
      txID: tx.txID,
      blockNumber: block.number,
      contractType: contractTypeName(tx.raw.contracts[0].type),
      result: outcome.contractRet,
      fee: outcome.fee,
      energyUsage: outcome.energyUsageTotal,
      energyFromStake: outcome.energyUsage,
      energyFee: outcome.energyFee,
      netUsage: outcome.netUsage,
      netFee: outcome.netFee,
    })),
  );
}

/** Resolves with the txID once a block holds it; rejects if the chain discarded it instead. */
export async function waitForBlock(chain: TronChain, txID: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (chain.find(txID)) return txID;
    const discarded = chain.discarded.find((d) => d.txID === txID);
    if (discarded) throw new Error(`Tron lab discarded ${txID}: ${discarded.reason}`);
    if (Date.now() > deadline) throw new Error(`${txID} was not mined within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
