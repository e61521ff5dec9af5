import {
  addressSigner,
  devnetTxMessage,
  encodeDevnetTx,
  type AddressSigner,
  type DevnetSignedTx,
} from '@swap/chain';
import { mnemonicToSeed } from '@swap/chain-keys';
import type { DevnetBlockRecord, DevnetChange, DevnetTxRecord } from '@swap/devnet-data';
import { CURRENCIES, toUnits, type CurrencyCode, type Network } from '@swap/domain';
import { DevnetChain, type DevnetChainParams } from '../lib/devnet-chain';
import { TRANSFER_FEES } from '../lib/devnet-params';

/** The BIP39 test phrase: fine for a devnet test, never for money. */
export const SEED = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
export const T0 = 1_700_000_000;

export const key = (network: Network, index: number): AddressSigner => addressSigner(SEED, network, index);
export const units = (currency: CurrencyCode, amount: string) =>
  toUnits(amount, CURRENCIES[currency].chainDecimals);

/** A movable clock in UNIX seconds (block times). */
export function testUnixSeconds(start = T0) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, { advance: (seconds: number) => void (now += seconds) });
}

/** Every change a chain produced, kept as the database would, so a test can restore from it. */
export class MemoryStore {
  blocks = new Map<number, DevnetBlockRecord>();
  txs = new Map<string, DevnetTxRecord>();

  save(change: DevnetChange): void {
    if (change.truncateAbove !== null) {
      for (const height of this.blocks.keys()) if (height > change.truncateAbove) this.blocks.delete(height);
    }
    for (const txid of change.dropped) this.txs.delete(txid);
    for (const tx of change.txs)
      if (!change.dropped.includes(tx.txid)) this.txs.set(tx.txid, structuredClone(tx));
    for (const block of change.blocks) this.blocks.set(block.height, { ...block });
  }

  restore(params: DevnetChainParams): DevnetChain {
    const blocks = [...this.blocks.values()].sort((a, b) => a.height - b.height);
    const txs = [...this.txs.values()].sort((a, b) => a.seq - b.seq).map((tx) => structuredClone(tx));
    return DevnetChain.restore(params, blocks, txs);
  }
}

export interface TransferDraft {
  to: string;
  currency: CurrencyCode;
  amount: bigint;
  nonce: number;
  fee?: bigint;
}

/** A transaction signed by `signer`, with the network fee unless the draft names one. */
export function signTx(signer: AddressSigner, draft: TransferDraft): { tx: DevnetSignedTx; raw: string } {
  const body = {
    network: signer.network,
    from: signer.address,
    to: draft.to,
    currency: draft.currency,
    amount: draft.amount,
    nonce: draft.nonce,
    fee: draft.fee ?? TRANSFER_FEES[draft.currency],
    publicKey: signer.publicKey,
  };
  const tx = { ...body, signature: signer.sign(devnetTxMessage(body)) };
  return { tx, raw: encodeDevnetTx(tx) };
}
