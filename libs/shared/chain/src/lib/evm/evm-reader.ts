import { toQuantity } from 'ethers';
import { isValidAddress, type CurrencyCode } from '@swap/domain';
import type { BlockRef, ChainBlock, ChainReader, ChainTransfer, TxStatus } from '../chain-reader';
import { decodeBalance, encodeBalanceOf, TRANSFER_TOPIC } from './erc20';
import type { EvmNetwork } from './evm-config';
import {
  rpcBlock,
  rpcBlockHeader,
  rpcBlockTraces,
  rpcLogs,
  rpcPendingBlock,
  rpcQuantity,
  rpcReceipt,
} from './evm-json';
import type { EvmRpc } from './evm-rpc';
import { nativeTransfer, tokenCallTransfer, tokenLogTransfers, tracedTransfers } from './evm-transfers';

const present = <T>(value: T | null): value is T => value !== null;

/** ChainReader of an EVM node: the native coin, and on ETH the USDT contract's transfers. */
export class EvmReader implements ChainReader {
  constructor(
    readonly network: EvmNetwork,
    private readonly rpc: EvmRpc,
    private readonly usdtContract: string | null,
    /** Native transfers from call traces (internal ones included) rather than transaction values. */
    private readonly traceInternal = false,
  ) {}

  /** The node's own chain id and block 0: chains that share an id (forks, local nodes) differ there. */
  async identity(): Promise<string> {
    const [chainId, genesis] = await Promise.all([
      this.rpc.call('eth_chainId'),
      this.rpc.call('eth_getBlockByNumber', ['0x0', false]),
    ]);
    return `chain id ${rpcQuantity.parse(chainId)}, genesis ${rpcBlockHeader.parse(genesis).hash}`;
  }

  async tip(): Promise<BlockRef> {
    const block = rpcBlockHeader.parse(await this.rpc.call('eth_getBlockByNumber', ['latest', false]));
    return { height: block.number, hash: block.hash };
  }

  async blockAt(height: number): Promise<ChainBlock | null> {
    const answer = await this.rpc.call('eth_getBlockByNumber', [toQuantity(height), true]);
    if (answer === null) return null;
    const block = rpcBlock.parse(answer);
    const transfers = this.traceInternal
      ? await this.tracedTransfers(block.hash)
      : block.transactions.map((tx) => nativeTransfer(tx, this.network)).filter(present);
    if (this.usdtContract) {
      // By hash: the logs are those of this very block, even if a reorg replaced it meanwhile.
      const filter = { blockHash: block.hash, address: this.usdtContract, topics: [TRANSFER_TOPIC] };
      const logs = rpcLogs.parse(await this.rpc.call('eth_getLogs', [filter]));
      transfers.push(...tokenLogTransfers(logs, this.usdtContract));
    }
    const { number, hash, parentHash, timestamp } = block;
    return { height: number, hash, parentHash, time: timestamp, transfers };
  }

  /** By hash, like the logs: the traces of this very block, even if a reorg replaced it meanwhile. */
  private async tracedTransfers(blockHash: string): Promise<ChainTransfer[]> {
    const answer = await this.rpc.call('debug_traceBlockByHash', [blockHash, { tracer: 'callTracer' }]);
    return rpcBlockTraces.parse(answer).flatMap((trace) => tracedTransfers(trace, this.network));
  }

  /** The node's pending block: what it would mine next from its pool. */
  async mempool(): Promise<ChainTransfer[]> {
    const answer = await this.rpc.call('eth_getBlockByNumber', ['pending', true]);
    if (answer === null) return [];
    const { usdtContract } = this;
    return rpcPendingBlock
      .parse(answer)
      .transactions.flatMap((tx) => [
        nativeTransfer(tx, this.network),
        usdtContract ? tokenCallTransfer(tx, usdtContract) : null,
      ])
      .filter(present);
  }

  async transaction(txid: string): Promise<TxStatus> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(txid))
      throw new Error(`not an ${this.network} transaction hash: ${txid}`);
    const answer = await this.rpc.call('eth_getTransactionReceipt', [txid]);
    if (answer !== null) {
      const receipt = rpcReceipt.parse(answer);
      const [header, tip] = await Promise.all([
        this.rpc.call('eth_getBlockByHash', [receipt.blockHash, false]),
        this.tip(),
      ]);
      // A block gone between the two reads has been reorganised away: the tx is unmined again.
      if (header !== null) {
        const { blockNumber: height, blockHash } = receipt;
        const mined = {
          height,
          blockHash,
          confirmations: Math.max(1, tip.height - height + 1),
          time: rpcBlockHeader.parse(header).timestamp,
          fee: receipt.gasUsed * receipt.effectiveGasPrice,
        };
        return receipt.status === 1
          ? { state: 'confirmed', ...mined }
          : { state: 'failed', ...mined, reason: 'reverted' };
      }
    }
    const known = await this.rpc.call('eth_getTransactionByHash', [txid]);
    return known === null ? { state: 'unknown' } : { state: 'mempool' };
  }

  async balance(address: string, currency: CurrencyCode): Promise<bigint> {
    const token = currency === 'USDTERC' ? this.usdtContract : null;
    if (currency !== this.network && !token)
      throw new Error(`${currency} is not a currency of ${this.network}`);
    if (!isValidAddress(currency, address)) throw new Error(`not an ${this.network} address: ${address}`);
    if (!token) return rpcQuantity.parse(await this.rpc.call('eth_getBalance', [address, 'latest']));
    const call = { to: token, data: encodeBalanceOf(address) };
    const result = await this.rpc.call('eth_call', [call, 'latest']);
    if (typeof result !== 'string') throw new Error(`${this.network} eth_call answered ${typeof result}`);
    return decodeBalance(result);
  }
}
