import { TronWeb } from 'tronweb';
import type { ChainBlock, ChainTransfer } from '../chain-reader';
import {
  big,
  num,
  type TronBlockJson,
  type TronTransactionInfoJson,
  type TronTransactionJson,
} from './tron-json';

/** keccak256("Transfer(address,address,uint256)"), as TRC-20 logs carry it (no 0x). */
export const TRC20_TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The selector of transfer(address,uint256). */
export const TRC20_TRANSFER_SELECTOR = 'a9059cbb';

/** A hex address (41…) in the form Tron shows it: base58check, T…. */
export const tronAddressFromHex = (hex: string): string => TronWeb.address.fromHex(hex.toLowerCase());

const succeeded = (tx: TronTransactionJson) => tx.ret?.[0]?.contractRet === 'SUCCESS';

/** A block's header fields (block 0 carries neither number nor timestamp). */
export function tronBlockRef(block: TronBlockJson): {
  height: number;
  hash: string;
  parentHash: string;
  time: number;
} {
  const raw = block.block_header?.raw_data;
  return {
    height: num(raw?.number),
    hash: block.blockID ?? '',
    parentHash: raw?.parentHash ?? '',
    time: Math.floor(num(raw?.timestamp) / 1000),
  };
}

/**
 * TRX moved by the transaction's own TransferContract, counted only when it succeeded: index 0,
 * so (txid, 0) names it for good.
 */
export function tronCoinTransfer(tx: TronTransactionJson): ChainTransfer | null {
  const contract = tx.raw_data.contract[0];
  if (contract?.type !== 'TransferContract' || !succeeded(tx)) return null;
  const { amount, owner_address: owner, to_address: to } = contract.parameter.value as Record<string, string>;
  if (!to || big(amount) <= 0n) return null;
  return {
    txid: tx.txID,
    index: 0,
    currency: 'TRX',
    to: tronAddressFromHex(to),
    amount: big(amount),
    from: [tronAddressFromHex(owner)],
  };
}

/**
 * The USDT contract's Transfer events of a successful transaction, whichever contract was called
 * (a wallet or exchange contract forwarding tokens emits the token's own event too). Log number i
 * of the transaction is index i + 1 (0 being its own TRX value).
 */
export function tronTokenTransfers(info: TronTransactionInfoJson, usdtHex: string): ChainTransfer[] {
  if (!info.id || info.receipt?.result !== 'SUCCESS' || info.result === 'FAILED') return [];
  const token = usdtHex.toLowerCase().replace(/^41/, '');
  const transfers: ChainTransfer[] = [];
  for (const [i, log] of (info.log ?? []).entries()) {
    const [topic, from, to] = log.topics ?? [];
    if (log.address.toLowerCase() !== token || topic !== TRC20_TRANSFER_TOPIC || !from || !to) continue;
    const amount = log.data ? BigInt(`0x${log.data}`) : 0n;
    if (amount <= 0n) continue;
    transfers.push({
      txid: info.id,
      index: i + 1,
      currency: 'USDTTRC',
      to: tronAddressFromHex(`41${to.slice(24)}`),
      amount,
      from: [tronAddressFromHex(`41${from.slice(24)}`)],
    });
  }
  return transfers;
}

/** Whether the block calls any contract: only then can it hold token transfers (and need its infos). */
export const callsContracts = (block: TronBlockJson): boolean =>
  (block.transactions ?? []).some((tx) => tx.raw_data.contract[0]?.type === 'TriggerSmartContract');

/** The ChainBlock of a java-tron block and the infos of its transactions (for token logs). */
export function tronChainBlock(
  block: TronBlockJson,
  infos: readonly TronTransactionInfoJson[],
  usdtHex: string,
): ChainBlock {
  const transfers: ChainTransfer[] = [];
  for (const tx of block.transactions ?? []) {
    const coin = tronCoinTransfer(tx);
    if (coin) transfers.push(coin);
  }
  for (const info of infos) transfers.push(...tronTokenTransfers(info, usdtHex));
  return { ...tronBlockRef(block), transfers };
}

/**
 * What a pending transaction would move: its TRX, or a transfer() call on the USDT contract
 * (decoded from its data; a forwarding contract's transfers are seen once mined).
 */
export function tronPendingTransfers(tx: TronTransactionJson, usdtHex: string): ChainTransfer[] {
  const contract = tx.raw_data.contract[0];
  if (!contract) return [];
  const value = contract.parameter.value as Record<string, string>;
  if (contract.type === 'TransferContract' && value.to_address && big(value.amount) > 0n)
    return [
      {
        txid: tx.txID,
        index: 0,
        currency: 'TRX',
        to: tronAddressFromHex(value.to_address),
        amount: big(value.amount),
        from: [tronAddressFromHex(value.owner_address)],
      },
    ];
  const data = value.data ?? '';
  if (
    contract.type !== 'TriggerSmartContract' ||
    value.contract_address?.toLowerCase() !== usdtHex.toLowerCase() ||
    !data.startsWith(TRC20_TRANSFER_SELECTOR) ||
    data.length < 8 + 128
  )
    return [];
  const amount = BigInt(`0x${data.slice(72, 136)}`);
  if (amount <= 0n) return [];
  return [
    {
      txid: tx.txID,
      index: 1,
      currency: 'USDTTRC',
      to: tronAddressFromHex(`41${data.slice(32, 72)}`),
      amount,
      from: [tronAddressFromHex(value.owner_address)],
    },
  ];
}
