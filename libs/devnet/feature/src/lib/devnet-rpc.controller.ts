import { answerRpc, BusController, OnRequest, type RequestOf } from '@swap/bus';
import type { ChainBlock, ChainTransfer } from '@swap/chain';
import {
  devnetAccount,
  devnetBalance,
  devnetBlockAt,
  devnetDeposit,
  devnetExpectAddresses,
  devnetFailPayouts,
  devnetFee,
  devnetMempool,
  devnetMine,
  devnetReorg,
  devnetSubmit,
  devnetSubmitBatch,
  devnetTip,
  devnetTransaction,
} from '@swap/contracts';
import { Devnet } from './devnet';
import { DevnetError } from './devnet-error';

const transferJson = (t: ChainTransfer) => ({ ...t, amount: t.amount.toString() });
const blockJson = (b: ChainBlock) => ({ ...b, transfers: b.transfers.map(transferJson) });

/** Every devnet RPC: devnet.rpc.* for the chain adapters, ops.devnet.* for swapctl and tests. */
@BusController()
export class DevnetRpcController {
  constructor(private readonly devnet: Devnet) {}

  @OnRequest(devnetTip)
  tip({ network }: RequestOf<typeof devnetTip>) {
    return answer(() => this.devnet.tip(network));
  }

  @OnRequest(devnetBlockAt)
  blockAt({ network, height }: RequestOf<typeof devnetBlockAt>) {
    return answer(async () => {
      const block = await this.devnet.blockAt(network, height);
      return block && blockJson(block);
    });
  }

  @OnRequest(devnetMempool)
  mempool({ network }: RequestOf<typeof devnetMempool>) {
    return answer(() => this.devnet.mempool(network).map(transferJson));
  }

  @OnRequest(devnetTransaction)
  transaction({ network, txid }: RequestOf<typeof devnetTransaction>) {
    return answer(() => this.devnet.transaction(network, txid));
  }

  @OnRequest(devnetBalance)
  balance({ network, address, currency }: RequestOf<typeof devnetBalance>) {
    return answer(() => ({ balance: this.devnet.balance(network, address, currency).toString() }));
  }

  @OnRequest(devnetAccount)
  account({ network, address, currency }: RequestOf<typeof devnetAccount>) {
    return answer(() => {
      const { nextNonce, feePerTransfer } = this.devnet.account(network, address, currency);
      return { nextNonce, feePerTransfer: feePerTransfer.toString() };
    });
  }

  @OnRequest(devnetFee)
  fee({ network, currency }: RequestOf<typeof devnetFee>) {
    return answer(() => ({ fee: this.devnet.fee(network, currency).toString() }));
  }

  @OnRequest(devnetExpectAddresses)
  expectAddresses({ network, index }: RequestOf<typeof devnetExpectAddresses>) {
    return answer(async () => ({ addresses: await this.devnet.expectAddresses(network, index) }));
  }

  @OnRequest(devnetSubmit)
  submit({ network, raw }: RequestOf<typeof devnetSubmit>) {
    return answer(() => this.devnet.submit(network, raw));
  }

  @OnRequest(devnetSubmitBatch)
  submitBatch({ network, raws }: RequestOf<typeof devnetSubmitBatch>) {
    return answer(() => this.devnet.submitBatch(network, raws));
  }

  @OnRequest(devnetDeposit)
  deposit({ currency, address, amount }: RequestOf<typeof devnetDeposit>) {
    return answer(async () => ({ txid: await this.devnet.deposit(currency, address, amount) }));
  }

  @OnRequest(devnetMine)
  mine({ network, blocks }: RequestOf<typeof devnetMine>) {
    return answer(() => this.devnet.mine(network, blocks));
  }

  @OnRequest(devnetFailPayouts)
  failPayouts({ currency, on }: RequestOf<typeof devnetFailPayouts>) {
    return answer(async () => {
      await this.devnet.setFailPayouts(currency, on);
      return { currency, on };
    });
  }

  @OnRequest(devnetReorg)
  reorg({ network, depth, drop }: RequestOf<typeof devnetReorg>) {
    return answer(() => this.devnet.reorg(network, depth, drop));
  }
}

/** A result, or the rpc error of a DevnetError; anything else is the bus's internal error. */
const answer = <T>(work: () => T | Promise<T>) =>
  answerRpc(work, (error) => (error instanceof DevnetError ? error.payload : null));
