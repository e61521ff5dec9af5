import { TronWeb } from 'tronweb';
import { isValidAddress, type CurrencyCode } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import type { SignedTransaction } from '../chain-sender';
import { callsContracts, tronBlockRef, tronChainBlock, tronPendingTransfers } from './tron-block';
import type { TronConfig } from './tron-config';
import type { TronHttp } from './tron-http';
import {
  big,
  num,
  tronMessage,
  type TronAccountJson,
  type TronBlockJson,
  type TronTransactionInfoJson,
  type TronTransactionJson,
} from './tron-json';

/** New pending transactions looked at per poll at most: a flooded pool must not stall the watcher. */
const PENDING_PER_POLL = 200;
/** Solidified block hashes kept by number, for the transfers the treasury follows. */
const HASHES_KEPT = 512;
/** Blocks below the head after which a Tron block is solidified (final). */
const SOLIDIFICATION = 19;

/** A 20-byte address as a 32-byte ABI word. */
const word = (hex41: string) => hex41.slice(2).padStart(64, '0');

/**
 * ChainReader of a java-tron node (HTTP API). Deposits come from whole blocks: each block's
 * successful TransferContracts (TRX), and the USDT contract's Transfer events in the infos of its
 * transactions (gettransactioninfobyblocknum), counted only when the transaction's receipt says
 * SUCCESS. 0-conf deposits come from the node's pending pool where it shows it (a full node does,
 * TronGrid may not: then first sight is in a block). A block is named by its blockID, so one
 * replaced under the watcher is noticed by hash.
 */
export class TronReader implements ChainReader {
  readonly network = 'TRX' as const;
  private readonly pending = new Map<string, ChainTransfer[]>();
  private pendingUnavailable = false;
  private readonly hashes = new Map<number, string>();

  constructor(
    private readonly http: TronHttp,
    private readonly config: TronConfig,
  ) {}

  /** The node's chain (block 0), and USDTTRC_CONTRACT a 6-decimal token there. */
  async verify(): Promise<void> {
    await this.http.checkGenesis();
    const answer = await this.http.post<{
      constant_result?: string[];
      result?: { result?: boolean; message?: string };
    }>('wallet/triggerconstantcontract', {
      owner_address: this.config.usdtContractHex,
      contract_address: this.config.usdtContractHex,
      function_selector: 'decimals()',
      parameter: '',
      visible: false,
    });
    const decimals = answer.constant_result?.[0];
    if (answer.result?.result !== true || !decimals || BigInt(`0x${decimals}`) !== 6n)
      throw new Error(
        `USDTTRC_CONTRACT ${this.config.usdtContract} is not a 6-decimal token on the node's chain${
          answer.result?.message ? ` (${tronMessage(answer.result.message)})` : ''
        }`,
      );
  }

  async identity(): Promise<string> {
    return `genesis ${await this.http.genesis()}`;
  }

  async tip(): Promise<BlockRef> {
    const ref = tronBlockRef(await this.http.post<TronBlockJson>('wallet/getnowblock'));
    return { height: ref.height, hash: ref.hash };
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    const block = await this.http.post<TronBlockJson>('wallet/getblockbynum', {
      num: height,
      visible: false,
    });
    if (!block.blockID) return null;
    const infos = callsContracts(block) ? await this.infosOf(block, height) : [];
    return tronChainBlock(block, infos, this.config.usdtContractHex);
  }

  /** The infos of the block's transactions; a block replaced between the two reads is read again next poll. */
  private async infosOf(block: TronBlockJson, height: number): Promise<TronTransactionInfoJson[]> {
    const answer = await this.http.post<TronTransactionInfoJson[] | Record<string, never>>(
      'wallet/gettransactioninfobyblocknum',
      { num: height },
    );
    const infos = Array.isArray(answer) ? answer : [];
    const ids = new Set((block.transactions ?? []).map((tx) => tx.txID));
    if (infos.length !== ids.size || infos.some((info) => !info.id || !ids.has(info.id)))
      throw new Error(`TRX block ${height} changed while it was read; read again next poll`);
    return infos;
  }

  /** TRX and USDT transfers of the node's pending pool; nothing where the node does not show it. */
  async mempool(): Promise<ChainTransfer[]> {
    if (this.pendingUnavailable) return [];
    let ids: string[];
    try {
      ids = (await this.http.post<{ txId?: string[] }>('wallet/gettransactionlistfrompending')).txId ?? [];
    } catch {
      this.pendingUnavailable = true;
      return [];
    }
    const listed = new Set(ids);
    for (const id of this.pending.keys()) if (!listed.has(id)) this.pending.delete(id);
    for (const id of ids.filter((id) => !this.pending.has(id)).slice(0, PENDING_PER_POLL)) {
      const tx = await this.http.post<TronTransactionJson | Record<string, never>>(
        'wallet/gettransactionfrompending',
        { value: id },
      );
      this.pending.set(id, isTransaction(tx) ? tronPendingTransfers(tx, this.config.usdtContractHex) : []);
    }
    return [...this.pending.values()].flat();
  }

  async transaction(txid: string): Promise<TxStatus> {
    if (!/^[0-9a-f]{64}$/.test(txid)) throw new Error(`not a TRX transaction id: ${txid}`);
    const info = await this.http.post<TronTransactionInfoJson>('wallet/gettransactioninfobyid', {
      value: txid,
    });
    if (info.blockNumber === undefined) {
      const pending = await this.http
        .post<{ txID?: string }>('wallet/gettransactionfrompending', { value: txid })
        .catch(() => ({}) as { txID?: string });
      if (pending.txID) return { state: 'mempool' };
      const known = await this.http.post<{ txID?: string }>('wallet/gettransactionbyid', { value: txid });
      return known.txID ? { state: 'mempool' } : { state: 'unknown' };
    }
    const height = num(info.blockNumber);
    const tip = await this.tip();
    const blockHash = await this.hashAt(height, tip.height);
    if (blockHash === null) return { state: 'mempool' };
    const mined = {
      height,
      blockHash,
      confirmations: Math.max(1, tip.height - height + 1),
      time: Math.floor(num(info.blockTimeStamp) / 1000),
      fee: big(info.fee),
    };
    const result = info.receipt?.result;
    return info.result === 'FAILED' || (result !== undefined && result !== 'SUCCESS')
      ? { state: 'failed', ...mined, reason: tronMessage(info.resMessage) || result || 'FAILED' }
      : { state: 'confirmed', ...mined };
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    if (!isValidAddress('TRX', address)) throw new Error(`not a TRX address: ${address}`);
    const hex = TronWeb.address.toHex(address).toLowerCase();
    if (currency === 'TRX') {
      const account = await this.http.post<TronAccountJson>('wallet/getaccount', {
        address: hex,
        visible: false,
      });
      return big(account.balance);
    }
    if (currency !== 'USDTTRC') throw new Error(`${currency} is not a currency of TRX`);
    // The contract as the caller: it exists, where a deposit address holding only tokens does not.
    const answer = await this.http.post<{ constant_result?: string[] }>('wallet/triggerconstantcontract', {
      owner_address: this.config.usdtContractHex,
      contract_address: this.config.usdtContractHex,
      function_selector: 'balanceOf(address)',
      parameter: word(hex),
      visible: false,
    });
    const result = answer.constant_result?.[0];
    if (!result) throw new Error(`TRX node ${this.http.endpoint} did not answer balanceOf(${address})`);
    return BigInt(`0x${result}`);
  }

  /**
   * Proven never to land: the solidified block (which no fork can undo) is at or past the
   * transaction's expiration, so no later block may take it, and no solidified block holds it.
   */
  async neverLands(tx: SignedTransaction): Promise<string | null> {
    if (tx.validUntil === null || tx.validUntil === undefined) return null;
    const block = await this.http.post<TronBlockJson>('walletsolidity/getnowblock');
    const solid = { height: tronBlockRef(block).height, ms: num(block.block_header?.raw_data.timestamp) };
    if (solid.ms < tx.validUntil) return null;
    const info = await this.http.post<TronTransactionInfoJson>('walletsolidity/gettransactioninfobyid', {
      value: tx.txid,
    });
    if (info.blockNumber !== undefined) return null;
    const at = (ms: number) => new Date(ms).toISOString();
    return `solidified block ${solid.height} (${at(solid.ms)}) is past the expiration ${at(tx.validUntil)} and holds no ${tx.txid}`;
  }

  /** A block's hash; kept once solidified (no fork replaces it then), read again while it is not. */
  private async hashAt(height: number, tip: number): Promise<string | null> {
    const kept = this.hashes.get(height);
    if (kept) return kept;
    const block = await this.http.post<TronBlockJson>('wallet/getblockbynum', {
      num: height,
      visible: false,
    });
    if (!block.blockID) return null;
    if (height <= tip - SOLIDIFICATION) this.remember(height, block.blockID);
    return block.blockID;
  }

  private remember(height: number, hash: string): void {
    this.hashes.set(height, hash);
    if (this.hashes.size <= HASHES_KEPT) return;
    const oldest = this.hashes.keys().next().value;
    if (oldest !== undefined) this.hashes.delete(oldest);
  }
}

const isTransaction = (value: object): value is TronTransactionJson => 'txID' in value;
